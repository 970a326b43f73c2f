import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { api } from '../api/client-instance';
import { ApiError } from '../api/api-client';
import type { RecordView } from '../api/records.api';
import { useI18n } from '../i18n/i18n';

const recordPath = (id: string): string => `/records/${encodeURIComponent(id)}`;

const messageOf = (e: unknown): string =>
  e instanceof ApiError ? (e.errors.length ? e.errors.map((x) => x.message).join('; ') : e.detail ?? e.message) : e instanceof Error ? e.message : String(e);

interface NoticeProps {
  record: RecordView;
  etag: string | undefined;
  /** the working copy just created: the page moves to it */
  onStarted(revision: RecordView): void;
  /** the ADMIN chose a direct correction: the page makes the form editable */
  onCorrect(): void;
  correcting: boolean;
}

/**
 * How a published record changes (issue 20): on the published record, "Buat revisi" (or the
 * link to the revision in progress) and an ADMIN's "Koreksi langsung"; on a working copy, the
 * notice that it revises the published version, with a link to it. What the caller may do
 * comes from the server's `permissions`; nothing is decided here.
 */
export function RevisionNotice({ record, etag, onStarted, onCorrect, correcting }: NoticeProps) {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (record.revisionOf) {
    return (
      // a bordered note rather than a coloured alert: the link keeps the page's contrast
      <Paper withBorder p="sm" data-testid="revision-banner" role="note">
        <Text size="sm">{t('revision.banner')}</Text>
        <Anchor component={Link} to={recordPath(record.revisionOf)} size="sm" data-testid="revision-of-link">{t('revision.bannerLink')}</Anchor>
      </Paper>
    );
  }
  const open = record.openRevision;
  const mayStart = !!record.permissions.startRevision && !open;
  if (!open && !mayStart && !record.permissions.correct) return null;

  async function start() {
    setBusy(true);
    setError(null);
    try {
      onStarted((await api.startRevision(record.id, etag)).body);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" data-testid="revision-notice">
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {open ? (
        <Text size="sm" data-testid="open-revision">
          {t('revision.open', { status: t(`status.${open.status}`) })}{' '}
          <Anchor component={Link} to={recordPath(open.id)} data-testid="open-revision-link">{t('revision.openLink')}</Anchor>
        </Text>
      ) : mayStart && <Text size="sm">{t('revision.startHint')}</Text>}
      <Group>
        {mayStart && <Button onClick={() => void start()} loading={busy} data-testid="start-revision">{t('revision.start')}</Button>}
        {record.permissions.correct && !correcting && (
          <Button variant="light" color="#8a4b00" onClick={onCorrect} data-testid="start-correction" title={t('correction.hint')}>{t('correction.start')}</Button>
        )}
      </Group>
    </Stack>
  );
}

interface CorrectionProps {
  opened: boolean;
  onCancel(): void;
  /** sends the correction with this reason; throws what the server answered */
  onConfirm(reason: string): Promise<void>;
}

/** The reason a direct correction must carry, asked when the ADMIN saves it. */
export function CorrectionReasonDialog({ opened, onCancel, onConfirm }: CorrectionProps) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!reason.trim()) { setError(t('correction.reasonRequired')); return; }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      setReason('');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal closeButtonProps={{ 'aria-label': t('conflict.close') }} opened={opened} onClose={onCancel} title={t('correction.start')}>
      <Stack>
        <Text size="sm">{t('correction.hint')}</Text>
        {error && <Alert color="red" role="alert" data-testid="correction-error">{error}</Alert>}
        <Textarea label={t('correction.reason')} withAsterisk value={reason} onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="correction-reason" autosize minRows={2} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{t('correction.cancel')}</Button>
          <Button onClick={() => void confirm()} loading={busy} data-testid="correction-confirm">{t('correction.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
