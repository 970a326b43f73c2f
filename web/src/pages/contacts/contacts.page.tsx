import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { api } from '../../api/client-instance';
import { contactLabel, suggestionsApi, type DirectoryContact } from '../../api/suggestions.api';
import { useSession } from '../../auth/session';
import { codeLabel } from '../../i18n/code-labels';
import { fieldLabel } from '../../form/field-labels';
import { useI18n } from '../../i18n/i18n';
import { ConfirmDialog } from '../confirm-dialog';
import { problemText } from '../account/problem-text';
import { ContactFormDialog } from './contact-form-dialog';

const PAGE = 50;

/**
 * "Direktori kontak": the organisation's contacts (issue 20 §5). Every member reads and searches
 * it; an ADMIN adds, edits, merges and deletes entries (the server checks that too).
 */
export function ContactsPage() {
  const { t, lang } = useI18n();
  const { me } = useSession();
  const isAdmin = me?.role === 'ADMIN';
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [data, setData] = useState<{ items: DirectoryContact[]; total: number } | null>(null);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [editing, setEditing] = useState<DirectoryContact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DirectoryContact | null>(null);
  const [merging, setMerging] = useState<DirectoryContact | null>(null);
  const [roles, setRoles] = useState<{ value: string; label: string }[]>([]);

  const reload = useCallback(() => suggestionsApi.contacts(q.trim(), PAGE, offset).then((r) => setData(r.body), (e: unknown) => setMsg({ ok: false, text: problemText(e) })), [q, offset]);
  useEffect(() => {
    const timer = setTimeout(() => void reload(), 150);
    return () => clearTimeout(timer);
  }, [reload]);
  useEffect(() => {
    api.referenceList('PERAN_KONTAK').then((r) => setRoles(r.body.map((o) => ({ value: o.kode, label: `${codeLabel('PERAN_KONTAK', o, lang)} (${o.kode})` }))), () => setRoles([]));
  }, [lang]);
  const roleLabel = (kode: string | undefined) => (kode ? roles.find((r) => r.value === kode)?.label ?? kode : '—');

  return (
    <Stack>
      <Title order={2}>{t('contacts.title')}</Title>
      <Text size="sm">{t('contacts.hint')}</Text>
      {msg && <Alert color={msg.ok ? 'green' : 'red'} role={msg.ok ? 'status' : 'alert'} data-testid="contacts-message">{msg.text}</Alert>}
      <Group align="end">
        <TextInput label={t('contacts.search')} value={q} onChange={(e) => { setQ(e.currentTarget.value); setOffset(0); }} data-testid="contacts-search" />
        {isAdmin && <Button onClick={() => setEditing('new')} data-testid="contacts-add">{t('contacts.add')}</Button>}
      </Group>
      {data && data.items.length === 0 && <Text>{t('contacts.empty')}</Text>}
      {data && data.items.length > 0 && (
        <>
          <Text size="sm" aria-live="polite">{t('contacts.total', { n: data.total })}</Text>
          <Table striped data-testid="contacts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('contacts.name')}</Table.Th><Table.Th>{t('users.email')}</Table.Th><Table.Th>{fieldLabel('phone', lang)}</Table.Th>
                <Table.Th>{fieldLabel('role', lang)}</Table.Th>{isAdmin && <Table.Th>{t('contacts.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((c) => (
                <Table.Tr key={c.id} data-testid="contacts-row">
                  <Table.Td>{contactLabel(c)}{c.address && <Text size="xs">{c.address}</Text>}</Table.Td>
                  <Table.Td>{c.email ?? '—'}</Table.Td>
                  <Table.Td>{c.phone ?? '—'}</Table.Td>
                  <Table.Td>{roleLabel(c.role)}</Table.Td>
                  {isAdmin && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing(c)} aria-label={`${t('contacts.edit')}: ${contactLabel(c)}`} data-testid="contacts-edit">{t('contacts.edit')}</Button>
                        <Button size="xs" variant="default" onClick={() => setMerging(c)} aria-label={`${t('contacts.merge')}: ${contactLabel(c)}`} data-testid="contacts-merge">{t('contacts.merge')}</Button>
                        <Button size="xs" variant="default" color="#b02525" onClick={() => setDeleting(c)} aria-label={`${t('contacts.delete')}: ${contactLabel(c)}`} data-testid="contacts-delete">{t('contacts.delete')}</Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button size="xs" variant="default" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>{t('common.prev')}</Button>
            <Button size="xs" variant="default" disabled={offset + PAGE >= data.total} onClick={() => setOffset(offset + PAGE)}>{t('common.next')}</Button>
          </Group>
        </>
      )}
      {editing && (
        <ContactFormDialog entry={editing === 'new' ? null : editing} roles={roles} onClose={() => setEditing(null)}
          onSaved={() => { setEditing(null); setMsg({ ok: true, text: t('contacts.saved') }); void reload(); }} />
      )}
      {deleting && (
        <ConfirmDialog title={t('contacts.deleteTitle')} body={t('contacts.deleteBody', { name: contactLabel(deleting) })} danger testId="contacts-delete-dialog"
          confirmLabel={t('contacts.delete')} cancelLabel={t('contacts.cancel')} onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try { await suggestionsApi.deleteContact(deleting.id); } catch (e) { throw new Error(problemText(e)); }
            setDeleting(null);
            setMsg({ ok: true, text: t('contacts.deleted') });
            await reload();
          }} />
      )}
      {merging && data && (
        <MergeDialog from={merging} candidates={data.items.filter((c) => c.id !== merging.id)} onClose={() => setMerging(null)}
          onMerged={() => { setMerging(null); setMsg({ ok: true, text: t('contacts.merged') }); void reload(); }} />
      )}
    </Stack>
  );
}

/** Merge one entry into another of the listed ones: the first is removed, its keys go to the target. */
function MergeDialog({ from, candidates, onClose, onMerged }: { from: DirectoryContact; candidates: DirectoryContact[]; onClose(): void; onMerged(): void }) {
  const { t } = useI18n();
  const [into, setInto] = useState(candidates[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={t('contacts.mergeTitle', { name: contactLabel(from) })} closeButtonProps={{ 'aria-label': t('contacts.cancel') }}>
      <Stack data-testid="contacts-merge-dialog">
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <NativeSelect label={t('contacts.mergeInto')} value={into} onChange={(e) => setInto(e.currentTarget.value)}
          data={candidates.map((c) => ({ value: c.id, label: `${contactLabel(c)}${c.email ? ` <${c.email}>` : ''}` }))} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('contacts.cancel')}</Button>
          <Button disabled={!into} onClick={async () => {
            try { await suggestionsApi.mergeContact(from.id, into); onMerged(); } catch (e) { setError(problemText(e)); }
          }}>{t('contacts.mergeDo')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
