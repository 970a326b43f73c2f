import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { CONTACT_FIELDS, contactLabel, suggestionsApi, type DirectoryContact } from '../api/suggestions.api';
import { useI18n } from '../i18n/i18n';

/**
 * "Pick from directory" in a contact of the editor (issue 20 §5): the organisation's directory
 * in a dialog; the chosen entry fills the contact's fields (a field the entry lacks is emptied,
 * so nothing of the previous contact stays mixed in). The role is taken only when the contact
 * has none yet: the same person is a point of contact here and an originator there.
 */
export function ContactPickButton({ base }: { base: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const { getValues, setValue } = useFormContext();
  const fill = (c: DirectoryContact) => {
    for (const f of CONTACT_FIELDS) setValue(`${base}.${f}`, c[f] ?? '', { shouldDirty: true, shouldValidate: true });
    if (c.role && !String(getValues(`${base}.role`) ?? '')) setValue(`${base}.role`, c.role, { shouldDirty: true, shouldValidate: true });
    setOpen(false);
  };
  return (
    <>
      <Group><Button size="xs" variant="light" onClick={() => setOpen(true)} data-testid={`contact-pick-${base.replace(/\./g, '-')}`}>{t('contacts.pick')}</Button></Group>
      {open && <ContactPickerDialog onPick={fill} onClose={() => setOpen(false)} />}
    </>
  );
}

function ContactPickerDialog({ onPick, onClose }: { onPick(c: DirectoryContact): void; onClose(): void }) {
  const { t } = useI18n();
  const [q, setQ] = useState('');
  const [items, setItems] = useState<DirectoryContact[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      suggestionsApi.contacts(q.trim(), 50).then((r) => { if (live) setItems(r.body.items); }, (e: unknown) => { if (live) setError(String(e)); });
    }, 150);
    return () => { live = false; clearTimeout(timer); };
  }, [q]);
  return (
    <Modal opened onClose={onClose} title={t('contacts.pickTitle')} size="xl" closeButtonProps={{ 'aria-label': t('contacts.cancel') }}>
      <Stack data-testid="contact-picker">
        <TextInput label={t('contacts.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} data-autofocus data-testid="contact-picker-search" />
        {error && <Alert color="red" role="alert">{t('common.error', { detail: error })}</Alert>}
        {items && items.length === 0 && <Text>{t('contacts.empty')}</Text>}
        {items && items.length > 0 && (
          <Table>
            <Table.Thead><Table.Tr><Table.Th>{t('contacts.name')}</Table.Th><Table.Th>{t('users.email')}</Table.Th><Table.Th>{t('contacts.actions')}</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{contactLabel(c)}</Table.Td>
                  <Table.Td>{c.email ?? ''}</Table.Td>
                  <Table.Td><Button size="xs" onClick={() => onPick(c)} aria-label={`${t('contacts.choose')}: ${contactLabel(c)}`} data-testid="contact-picker-choose">{t('contacts.choose')}</Button></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
