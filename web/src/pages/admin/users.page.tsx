import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Paper, PasswordInput, Stack, Table, TextInput, Title } from '@mantine/core';
import { ApiError } from '../../api/api-client';
import { useI18n } from '../../i18n/i18n';
import { adminApi, type AdminUser } from './use-admin';
import { UserContactForm } from './user-contact-form';
import { ResetPasswordDialog } from './reset-password-dialog';

const ROLES = ['PRODUSEN', 'QCQE', 'ADMIN'] as const;

/** Users of the organisation: create, change role, (de)activate, reset a password, edit name, e-mail and phone. */
export function UsersPage() {
  const { t } = useI18n();
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [nu, setNu] = useState({ username: '', password: '', role: 'PRODUSEN', fullName: '', email: '', phone: '' });
  const [contactOf, setContactOf] = useState<AdminUser | null>(null);
  const [resetOf, setResetOf] = useState<AdminUser | null>(null);
  const reload = useCallback(() => adminApi.users().then((r) => setUsers(r.body)), []);
  useEffect(() => { void reload(); }, [reload]);
  const run = async (p: Promise<unknown>) => {
    try { await p; setMsg({ ok: true, text: t('users.saved') }); await reload(); } catch (e) {
      setMsg({ ok: false, text: e instanceof ApiError ? [e.detail ?? e.title, ...e.errors.map((x) => x.message)].join(' — ') : String(e) });
    }
  };
  const create = (e: FormEvent) => { e.preventDefault(); void run(adminApi.createUser({ ...nu, fullName: nu.fullName || undefined, email: nu.email || undefined, phone: nu.phone || undefined })); };
  return (
    <Stack>
      <Title order={2}>{t('users.title')}</Title>
      {msg && <Alert color={msg.ok ? 'green' : 'red'} role={msg.ok ? 'status' : 'alert'}>{msg.text}</Alert>}
      <Table striped>
        <Table.Thead><Table.Tr><Table.Th>{t('users.username')}</Table.Th><Table.Th>{t('users.fullName')}</Table.Th><Table.Th>{t('users.email')}</Table.Th><Table.Th>{t('users.phone')}</Table.Th><Table.Th>{t('users.role')}</Table.Th><Table.Th>{t('users.active')}</Table.Th><Table.Th>{t('users.resetPassword')}</Table.Th><Table.Th>{t('users.edit')}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>{u.username}</Table.Td>
              <Table.Td>{u.fullName ?? '—'}</Table.Td>
              <Table.Td>{u.email ?? '—'}</Table.Td>
              <Table.Td>{u.phone ?? '—'}</Table.Td>
              <Table.Td><NativeSelect aria-label={`${t('users.role')} ${u.username}`} value={u.role} data={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
                onChange={(e) => void run(adminApi.patchUser(u.id, { role: e.currentTarget.value }))} /></Table.Td>
              <Table.Td><Button size="xs" variant="light" onClick={() => void run(adminApi.patchUser(u.id, { active: !u.active }))}>
                {u.active ? t('users.deactivate') : t('users.activate')}</Button></Table.Td>
              <Table.Td><Button size="xs" variant="default" data-testid="user-reset-password" aria-label={`${t('users.resetPassword')}: ${u.username}`}
                onClick={() => setResetOf(u)}>{t('users.resetPassword')}</Button></Table.Td>
              <Table.Td><Button size="xs" variant="default" data-testid="user-edit" aria-label={`${t('users.edit')}: ${u.username}`} onClick={() => setContactOf(u)}>{t('users.edit')}</Button></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Paper withBorder p="md" component="form" onSubmit={create}>
        <Title order={3} size="h4" mb="sm">{t('users.create')}</Title>
        <Group align="end">
          <TextInput label={t('users.username')} value={nu.username} onChange={(e) => setNu({ ...nu, username: e.currentTarget.value })} required />
          <TextInput label={t('users.fullName')} value={nu.fullName} onChange={(e) => setNu({ ...nu, fullName: e.currentTarget.value })} />
          <TextInput label={t('users.email')} type="email" value={nu.email} data-testid="new-user-email" onChange={(e) => setNu({ ...nu, email: e.currentTarget.value })} />
          <TextInput label={t('users.phone')} type="tel" value={nu.phone} data-testid="new-user-phone" onChange={(e) => setNu({ ...nu, phone: e.currentTarget.value })} />
          <PasswordInput label={t('users.password')} value={nu.password} onChange={(e) => setNu({ ...nu, password: e.currentTarget.value })} required />
          <NativeSelect label={t('users.role')} value={nu.role} onChange={(e) => setNu({ ...nu, role: e.currentTarget.value })} data={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))} />
          <Button type="submit">{t('users.create')}</Button>
        </Group>
      </Paper>
      <Modal opened={contactOf !== null} onClose={() => setContactOf(null)} closeButtonProps={{ 'aria-label': t('conflict.close') }}
        title={t('users.editTitle', { username: contactOf?.username ?? '' })}>
        {contactOf && <UserContactForm user={contactOf} onSave={async (p) => { setContactOf(null); await run(adminApi.patchUser(contactOf.id, p)); }} />}
      </Modal>
      {resetOf && (
        <ResetPasswordDialog user={resetOf} onClose={() => setResetOf(null)} onReset={async (password) => {
          // a refusal is thrown into the dialog; only a success closes it
          await adminApi.patchUser(resetOf.id, { password });
          setResetOf(null);
          setMsg({ ok: true, text: t('users.passwordReset', { username: resetOf.username }) });
          await reload();
        }} />
      )}
    </Stack>
  );
}
