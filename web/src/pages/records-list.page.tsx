import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Group, NativeSelect, Pagination, Table, Text, TextInput, Title } from '@mantine/core';
import { api } from '../api/client-instance';
import { STATUSES, type RecordPage } from '../api/records.api';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from './status-badge';

const PAGE_SIZE = 20;

/**
 * The record list (free text, status, page — all in the URL). The review queue is the same list
 * limited to QCQE_PROCESS and REVIEW; the server returns only what the caller may see.
 */
export function RecordsListPage({ mode }: { mode: 'all' | 'review' }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? (mode === 'review' ? 'QCQE_PROCESS' : '');
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [text, setText] = useState(q);
  const [data, setData] = useState<RecordPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setText(q), [q]);
  useEffect(() => {
    let live = true;
    setError(null);
    api.list({ q: q || undefined, status: status || undefined, page, pageSize: PAGE_SIZE })
      .then((r) => { if (live) setData(r.body); }, (e: Error) => { if (live) setError(e.message); });
    return () => { live = false; };
  }, [q, status, page]);

  const update = (next: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v); else p.delete(k);
    }
    setParams(p);
  };
  const submit = (e: FormEvent) => { e.preventDefault(); update({ q: text.trim(), page: '' }); };
  const statuses = mode === 'review' ? ['QCQE_PROCESS', 'REVIEW'] as const : STATUSES;

  return (
    <>
      <Title order={2} mb="xs">{t(mode === 'review' ? 'review.title' : 'list.title')}</Title>
      {mode === 'review' && <Text size="sm" mb="sm">{t('review.hint')}</Text>}
      <form onSubmit={submit} role="search">
        <Group align="end" mb="md">
          <TextInput label={t('list.search')} value={text} onChange={(e) => setText(e.currentTarget.value)} name="q" />
          <NativeSelect label={t('list.status')} value={status} name="status" onChange={(e) => update({ status: e.currentTarget.value, page: '' })}
            data={[...(mode === 'all' ? [{ value: '', label: t('list.allStatuses') }] : []), ...statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))]} />
          <Button type="submit">{t('list.apply')}</Button>
        </Group>
      </form>
      {error && <Alert color="red" role="alert">{t('common.error', { detail: error })}</Alert>}
      {data && (
        <>
          <Text size="sm" mb="xs" data-testid="list-total">{t('list.total', { n: data.total })}</Text>
          {data.items.length === 0 ? <Text>{t('list.empty')}</Text> : (
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr><Table.Th>{t('list.colTitle')}</Table.Th><Table.Th>{t('list.colStatus')}</Table.Th><Table.Th>{t('list.colUpdated')}</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/records/${encodeURIComponent(r.id)}`}>{r.title || r.id}</Anchor>
                      {/* a working copy has the published record's title: say which one it is */}
                      {r.revisionOf && <Text span size="sm" data-testid="list-revision"> · {t('list.revision')}</Text>}
                    </Table.Td>
                    <Table.Td><StatusBadge status={r.status} /></Table.Td>
                    <Table.Td>{new Date(r.updatedAt).toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {data.total > PAGE_SIZE && (
            <Pagination mt="md" total={Math.ceil(data.total / PAGE_SIZE)} value={page} onChange={(p) => update({ page: String(p) })}
              getControlProps={(c) => ({ 'aria-label': c === 'previous' ? t('common.prev') : c === 'next' ? t('common.next') : c })} />
          )}
        </>
      )}
    </>
  );
}
