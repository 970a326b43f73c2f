import { useEffect, useState } from 'react';
import { Anchor, Group, List, Loader, Text, Timeline } from '@mantine/core';
import { api } from '../api/client-instance';
import { docOf, type Doc, type FieldChange, type HistoryEntry } from '../api/records.api';
import { useI18n } from '../i18n/i18n';
import { RecordChanges } from '../changes/record-changes';
import { revertChanges } from '../changes/revert-changes';
import { XmlChangesToggle } from './xml-view-tab';

/**
 * "What changed since it was last published" — the server computes the changes from the
 * publication snapshot; the published version is rebuilt from them and the record as loaded
 * with them, so both sides can be shown whole.
 */
export function ChangesTab({ id, version }: { id: string; version: number }) {
  const { t } = useI18n();
  const [data, setData] = useState<{ since: { version: number; publishedAt: string } | null; changes: FieldChange[]; current: Doc } | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([api.changes(id), api.get(id)]).then(([c, r]) => { if (live) setData({ ...c.body, current: docOf(r.body) }); }, () => setData(null));
    return () => { live = false; };
  }, [id, version]);
  if (!data) return <Loader aria-label={t('record.loading')} />;
  return (
    <>
      <Text size="sm" mb="sm">{data.since ? t('diff.since', { v: data.since.version, date: new Date(data.since.publishedAt).toLocaleString() }) : t('diff.neverPublished')}</Text>
      <RecordChanges before={data.since ? revertChanges(data.current, data.changes) : {}} after={data.current} testId="changes-diff" />
      <XmlChangesToggle id={id} sinceVersion={data.since?.version ?? null} />
    </>
  );
}

export function HistoryTab({ id, version }: { id: string; version: number }) {
  const { t } = useI18n();
  const [items, setItems] = useState<HistoryEntry[] | null>(null);
  useEffect(() => { api.history(id).then((r) => setItems(r.body), () => setItems([])); }, [id, version]);
  if (!items) return <Loader aria-label={t('record.loading')} />;
  if (items.length === 0) return <Text>{t('history.empty')}</Text>;
  return (
    <Timeline data-testid="history">
      {items.map((h, i) => (
        <Timeline.Item key={i} title={`${h.action ? `${t(`history.action.${h.action}`)}: ` : ''}${h.from ? `${t(`status.${h.from}`)} → ` : ''}${t(`status.${h.to}`)}`}>
          <Text size="sm">{new Date(h.at).toLocaleString()} · {t('history.by', { user: h.actorUsername ?? '—' })}</Text>
          {h.note && <Text size="sm" fs="italic">{h.note}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

export function ExportTab({ id }: { id: string }) {
  const { t } = useI18n();
  const base = `/api/metadata/${encodeURIComponent(id)}/export/xml`;
  return (
    <>
      <Text mb="xs">{t('export.hint')}</Text>
      <List>
        {(['gmd', 'mdb2016', 'mdb2018'] as const).map((f) => (
          <List.Item key={f}><Group gap="xs"><Anchor href={`${base}?format=${f}`} download={`${id}-${f}.xml`} data-testid={`export-${f}`}>{f}</Anchor></Group></List.Item>
        ))}
      </List>
    </>
  );
}
