import { useEffect, useState } from 'react';
import { Alert, Text } from '@mantine/core';
import { api } from '../api/client-instance';
import type { HistoryEntry, RecordView } from '../api/records.api';
import { useI18n } from '../i18n/i18n';

/**
 * The last rejection, at the top of the record while it is the record's story: the record is
 * REJECTED, or its author took it back to DRAFT after the rejection and has not submitted it again.
 */
export function lastRejection(status: RecordView['status'], history: HistoryEntry[]): HistoryEntry | undefined {
  const last = history[history.length - 1];
  if (status === 'REJECTED' && last?.to === 'REJECTED') return last;
  const before = history[history.length - 2];
  if (status === 'DRAFT' && last?.to === 'DRAFT' && before?.to === 'REJECTED') return before;
  return undefined;
}

export function RejectionNotice({ rec }: { rec: RecordView }) {
  const { t } = useI18n();
  const [entry, setEntry] = useState<HistoryEntry | undefined>();
  useEffect(() => {
    let live = true;
    if (rec.status !== 'REJECTED' && rec.status !== 'DRAFT') { setEntry(undefined); return; }
    api.history(rec.id).then((r) => { if (live) setEntry(lastRejection(rec.status, r.body)); }, () => undefined);
    return () => { live = false; };
  }, [rec.id, rec.status, rec.version]);
  if (!entry) return null;
  return (
    <Alert color="red" role="status" data-testid="rejection-reason" title={t('status.REJECTED')}>
      <Text size="sm" className="change-text">{entry.note ?? '—'}</Text>
      <Text size="xs" mt={4}>{t('record.rejectedBy', { user: entry.actorUsername ?? '—', date: new Date(entry.at).toLocaleString() })}</Text>
    </Alert>
  );
}
