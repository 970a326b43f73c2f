import { useState, type FormEvent } from 'react';
import { Alert, Button, Paper, PasswordInput, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useSession } from '../../auth/session';
import { useI18n } from '../../i18n/i18n';
import { accountApi } from './account.api';
import { problemText } from './problem-text';

type Msg = { ok: boolean; text: string } | null;
const orNull = (s: string): string | null => (s.trim() === '' ? null : s.trim());

/** My account: the caller's name, e-mail and WhatsApp number, and their own password change. */
export function AccountPage() {
  const { me, setMe } = useSession();
  const { t } = useI18n();
  const [profile, setProfile] = useState({ fullName: me?.fullName ?? '', email: me?.email ?? '', phone: me?.phone ?? '' });
  const [pw, setPw] = useState({ current: '', next: '', repeat: '' });
  const [profileMsg, setProfileMsg] = useState<Msg>(null);
  const [pwMsg, setPwMsg] = useState<Msg>(null);
  if (!me) return null;

  const saveProfile = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await accountApi.updateProfile({ fullName: orNull(profile.fullName), email: orNull(profile.email), phone: orNull(profile.phone) });
      setMe(r.body);
      setProfileMsg({ ok: true, text: t('account.profileSaved') });
    } catch (err) { setProfileMsg({ ok: false, text: problemText(err) }); }
  };
  const changePassword = async (e: FormEvent) => {
    e.preventDefault();
    if (pw.next !== pw.repeat) { setPwMsg({ ok: false, text: t('account.mismatch') }); return; }
    try {
      await accountApi.changePassword(pw.current, pw.next);
      setPw({ current: '', next: '', repeat: '' });
      setPwMsg({ ok: true, text: t('account.passwordChanged') });
    } catch (err) { setPwMsg({ ok: false, text: problemText(err) }); }
  };

  return (
    <Stack>
      <Title order={2}>{t('account.title')}</Title>
      <Table data-testid="profile" w="auto">
        <Table.Tbody>
          <Table.Tr><Table.Th>{t('users.username')}</Table.Th><Table.Td>{me.username}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>{t('users.role')}</Table.Th><Table.Td>{t(`role.${me.role}`)}</Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" component="form" onSubmit={saveProfile} aria-labelledby="account-profile">
          <Stack gap="sm">
            <Title order={3} size="h4" id="account-profile">{t('account.profile')}</Title>
            {profileMsg && <Alert color={profileMsg.ok ? 'green' : 'red'} role={profileMsg.ok ? 'status' : 'alert'} data-testid="profile-msg">{profileMsg.text}</Alert>}
            <TextInput label={t('users.fullName')} value={profile.fullName} data-testid="account-fullName" autoComplete="name"
              onChange={(e) => setProfile({ ...profile, fullName: e.currentTarget.value })} />
            <TextInput label={t('users.email')} type="email" value={profile.email} data-testid="account-email" autoComplete="email"
              onChange={(e) => setProfile({ ...profile, email: e.currentTarget.value })} />
            <TextInput label={t('account.phone')} description={t('account.phoneHint')} type="tel" value={profile.phone} data-testid="account-phone" autoComplete="tel"
              onChange={(e) => setProfile({ ...profile, phone: e.currentTarget.value })} />
            <Button type="submit" data-testid="account-save">{t('account.saveProfile')}</Button>
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="form" onSubmit={changePassword} aria-labelledby="account-password">
          <Stack gap="sm">
            <Title order={3} size="h4" id="account-password">{t('account.password')}</Title>
            <Text size="sm">{t('account.passwordHint')}</Text>
            {pwMsg && <Alert color={pwMsg.ok ? 'green' : 'red'} role={pwMsg.ok ? 'status' : 'alert'} data-testid="password-msg">{pwMsg.text}</Alert>}
            <PasswordInput label={t('account.currentPassword')} value={pw.current} required autoComplete="current-password" data-testid="password-current"
              onChange={(e) => setPw({ ...pw, current: e.currentTarget.value })} />
            <PasswordInput label={t('account.newPassword')} value={pw.next} required minLength={8} autoComplete="new-password" data-testid="password-new"
              onChange={(e) => setPw({ ...pw, next: e.currentTarget.value })} />
            <PasswordInput label={t('account.repeatPassword')} value={pw.repeat} required minLength={8} autoComplete="new-password" data-testid="password-repeat"
              onChange={(e) => setPw({ ...pw, repeat: e.currentTarget.value })} />
            <Button type="submit" data-testid="password-submit">{t('account.changePassword')}</Button>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
