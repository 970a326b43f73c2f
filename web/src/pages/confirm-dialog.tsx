import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useI18n } from '../i18n/i18n';

interface Props {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  /** a destructive action: the confirm button is red */
  danger?: boolean;
  onConfirm(): Promise<void>;
  onClose(): void;
  testId?: string;
}

/**
 * The app's own "are you sure?" (the browser's confirm() is neither translatable nor styled,
 * and blocks the page): a labelled modal dialog, focus kept inside, Escape or Cancel to leave.
 * A failure of the action stays in the dialog instead of vanishing.
 */
export function ConfirmDialog({ title, body, confirmLabel, cancelLabel, danger, onConfirm, onClose, testId }: Props) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': cancelLabel }}>
      <Stack data-testid={testId}>
        <Text>{body}</Text>
        {error && <Alert color="red" role="alert">{t('common.error', { detail: error })}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid={testId ? `${testId}-cancel` : undefined}>{cancelLabel}</Button>
          <Button color={danger ? '#b02525' : undefined} loading={busy} data-testid={testId ? `${testId}-confirm` : undefined}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try { await onConfirm(); } catch (e) { setError(e instanceof Error ? e.message : String(e)); setBusy(false); }
            }}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
