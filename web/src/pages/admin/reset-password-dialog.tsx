import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { ApiError } from '../../api/api-client';
import { useI18n } from '../../i18n/i18n';
import type { AdminUser } from './use-admin';

interface Props {
  user: AdminUser;
  /** sends the new password; a refusal is thrown and stays in the dialog */
  onReset(password: string): Promise<void>;
  onClose(): void;
}

/**
 * An ADMIN sets a user's new password in the app's own dialog (it replaced `window.prompt`, which
 * is neither translatable nor accessible and shows the password in clear): a labelled modal,
 * the password typed twice, Escape or "Batal" to leave; the server's refusal (too short …) stays
 * in the dialog next to what was typed.
 */
export function ResetPasswordDialog({ user, onReset, onClose }: Props) {
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== repeat) { setError(t('users.passwordMismatch')); return; }
    setBusy(true);
    setError(null);
    try {
      await onReset(password);
    } catch (err) {
      setError(err instanceof ApiError ? [err.detail ?? err.title, ...err.errors.map((x) => x.message)].join(' — ') : String(err));
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('users.resetTitle', { username: user.username })} closeButtonProps={{ 'aria-label': t('users.cancel') }}>
      <form onSubmit={(e) => void submit(e)} data-testid="reset-password-dialog">
        <Stack gap="sm">
          <Text size="sm">{t('users.resetHint')}</Text>
          {error && <Alert color="red" role="alert" data-testid="reset-password-error">{error}</Alert>}
          <PasswordInput label={t('users.newPassword')} value={password} required autoComplete="new-password" data-autofocus
            data-testid="reset-password-new" onChange={(e) => setPassword(e.currentTarget.value)} />
          <PasswordInput label={t('users.repeatPassword')} value={repeat} required autoComplete="new-password"
            data-testid="reset-password-repeat" onChange={(e) => setRepeat(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-testid="reset-password-cancel">{t('users.cancel')}</Button>
            <Button type="submit" loading={busy} data-testid="reset-password-save">{t('users.resetSave')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
