import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { CONTACT_FIELDS, suggestionsApi, type DirectoryContact, type DirectoryContactInput } from '../../api/suggestions.api';
import { fieldLabel } from '../../form/field-labels';
import { useI18n } from '../../i18n/i18n';
import { problemText } from '../account/problem-text';

interface Props {
  /** the entry to edit; none = a new entry */
  entry: DirectoryContact | null;
  /** PERAN_KONTAK codes with their labels, for the default role */
  roles: { value: string; label: string }[];
  onSaved(c: DirectoryContact): void;
  onClose(): void;
}

/** Add or edit one directory entry (ADMIN); the server's 422 is shown field by field in one line. */
export function ContactFormDialog({ entry, roles, onSaved, onClose }: Props) {
  const { t, lang } = useI18n();
  const [v, setV] = useState<Record<string, string>>(() => Object.fromEntries(['role', ...CONTACT_FIELDS].map((f) => [f, String(entry?.[f as keyof DirectoryContact] ?? '')])));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x.trim() !== '')) as unknown as DirectoryContactInput;
    try {
      const r = entry ? await suggestionsApi.updateContact(entry.id, body) : await suggestionsApi.createContact(body);
      onSaved(r.body);
    } catch (err) { setError(problemText(err)); setBusy(false); }
  };
  return (
    <Modal opened onClose={onClose} title={t(entry ? 'contacts.editTitle' : 'contacts.newTitle')} closeButtonProps={{ 'aria-label': t('contacts.cancel') }}>
      <form onSubmit={save} data-testid="contact-form">
        <Stack gap="xs">
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <NativeSelect label={fieldLabel('role', lang)} value={v.role ?? ''} onChange={(e) => setV({ ...v, role: e.currentTarget.value })}
            data={[{ value: '', label: t('field.choose') }, ...roles]} />
          {CONTACT_FIELDS.map((f) => (
            <TextInput key={f} label={fieldLabel(f, lang)} value={v[f] ?? ''} data-testid={`contact-form-${f}`}
              type={f === 'email' ? 'email' : f === 'onlineResource' ? 'url' : 'text'} onChange={(e) => setV({ ...v, [f]: e.currentTarget.value })} />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('contacts.cancel')}</Button>
            <Button type="submit" loading={busy} data-testid="contact-form-save">{t('contacts.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
