import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Textarea } from '@mantine/core';
import { api } from '../api/client-instance';
import { ApiError } from '../api/api-client';
import type { AllowedTransition, RecordView, ReviewerCandidate } from '../api/records.api';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages.id';
import { serverErrorText } from '../i18n/completeness-text';

interface Props {
  record: RecordView;
  etag: string | undefined;
  /** true while the form has unsaved input: a status change would not carry it */
  dirty: boolean;
  onChanged(rec: RecordView, etag: string | undefined): void;
}

/**
 * The status changes the server says this caller may make (`allowedTransitions`); nothing is
 * decided here. Rejecting asks for the required note, submitting lets the user pick a reviewer.
 */
export function TransitionsPanel({ record, etag, dirty, onChanged }: Props) {
  const { t } = useI18n();
  const [open, setOpen] = useState<AllowedTransition | null>(null);
  const [note, setNote] = useState('');
  const [reviewerId, setReviewerId] = useState('');
  const [reviewers, setReviewers] = useState<ReviewerCandidate[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open?.mayNameReviewer) return;
    api.reviewers(record.id).then((r) => setReviewers(r.body.items), () => setReviewers([]));
  }, [open, record.id]);

  const label = (tr: AllowedTransition): string =>
    t(record.status === 'PRIVATE' && tr.to === 'PUBLISHED' ? 'transition.republish' : (`transition.${tr.to}` as MessageKey));

  async function confirm() {
    if (!open) return;
    if (open.requiresNote && !note.trim()) { setError(t('transition.noteRequired')); return; }
    setBusy(true);
    setError(null);
    try {
      const r = await api.transition(record.id, {
        status: open.to,
        ...(note.trim() ? { statusNote: note.trim() } : {}),
        ...(open.mayNameReviewer && reviewerId ? { reviewerId } : {}),
      }, etag);
      setOpen(null);
      setNote('');
      onChanged(r.body, r.etag);
    } catch (e) {
      setError(e instanceof ApiError && e.errors.length ? e.errors.map((x) => serverErrorText(x, t)).join('; ') : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  if (record.allowedTransitions.length === 0) return null;
  return (
    <>
      <Group data-testid="transitions">
        {record.allowedTransitions.map((tr) => (
          <Button key={tr.to} color={tr.to === 'REJECTED' ? '#b02525' : tr.to === 'PUBLISHED' ? '#2b6a1f' : undefined}
            onClick={() => { setError(null); setOpen(tr); }} disabled={dirty} title={dirty ? t('transition.saveFirst') : undefined}
            data-testid={`transition-${tr.to}`}>
            {label(tr)}
          </Button>
        ))}
      </Group>
      <Modal closeButtonProps={{ 'aria-label': t('conflict.close') }} opened={open !== null} onClose={() => setOpen(null)} title={open ? label(open) : ''}>
        {open && (
          <Stack>
            {error && <Alert color="red" role="alert" data-testid="transition-error">{error}</Alert>}
            {open.mayNameReviewer && (
              <NativeSelect label={t('transition.reviewer')} value={reviewerId} onChange={(e) => setReviewerId(e.currentTarget.value)} data-testid="reviewer-select"
                data={[{ value: '', label: t('transition.reviewerAny') }, ...reviewers.map((r) => ({
                  value: r.id,
                  label: `${r.fullName ?? r.username} — ${r.organisationName}${r.organisationId !== record.organisationId ? ` (${t('transition.reviewerOther')})` : ''}`,
                }))]} />
            )}
            <Textarea label={t('transition.note')} withAsterisk={open.requiresNote} value={note} onChange={(e) => setNote(e.currentTarget.value)} data-testid="transition-note" autosize minRows={2} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(null)}>{t('transition.cancel')}</Button>
              <Button onClick={() => void confirm()} loading={busy} data-testid="transition-confirm">{t('transition.confirm')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
