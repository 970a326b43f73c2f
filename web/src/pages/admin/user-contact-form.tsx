import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useI18n } from '../../i18n/i18n';
import type { AdminUser } from './use-admin';

const orNull = (s: string): string | null => (s.trim() === '' ? null : s.trim());

/** A user's name, e-mail and WhatsApp number, as the organisation's ADMIN edits them (empty clears). */
export function UserContactForm(props: { user: AdminUser; onSave(p: { fullName: string | null; email: string | null; phone: string | null }): Promise<void> }) {
  const { t } = useI18n();
  const [v, setV] = useState({ fullName: props.user.fullName ?? '', email: props.user.email ?? '', phone: props.user.phone ?? '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void props.onSave({ fullName: orNull(v.fullName), email: orNull(v.email), phone: orNull(v.phone) });
  };
  return (
    <form onSubmit={submit} data-testid="user-contact-form">
      <Stack gap="sm">
        <TextInput label={t('users.fullName')} value={v.fullName} data-testid="user-contact-fullName" onChange={(e) => setV({ ...v, fullName: e.currentTarget.value })} />
        <TextInput label={t('users.email')} type="email" value={v.email} data-testid="user-contact-email" onChange={(e) => setV({ ...v, email: e.currentTarget.value })} />
        <TextInput label={t('users.phone')} type="tel" value={v.phone} data-testid="user-contact-phone" onChange={(e) => setV({ ...v, phone: e.currentTarget.value })} />
        <Button type="submit" data-testid="user-contact-save">{t('users.save')}</Button>
      </Stack>
    </form>
  );
}
