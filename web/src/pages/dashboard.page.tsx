import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Card, Group, List, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useSession } from '../auth/session';
import { reviewApi, type WaitingRecord, type WorkDashboard } from '../api/review.api';
import { api } from '../api/client-instance';
import { STATUSES, type RecordStatus } from '../api/records.api';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages.id';
import { StatusBadge } from './status-badge';
import { waitingAge } from './waiting-age';

const recordLink = (id: string): string => `/records/${encodeURIComponent(id)}`;

/** One list of records waiting for the caller, the longest waiting first. */
function WaitingTable({ id, title, hint, items }: { id: string; title: MessageKey; hint: MessageKey; items: WaitingRecord[] }) {
  const { t, lang } = useI18n();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`wait-${id}`} data-testid={`waiting-${id}`}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4" id={`wait-${id}`}>{t(title)}</Title>
        <Badge variant="light" color="#0b4f8a">{t('dashboard.count', { n: items.length })}</Badge>
      </Group>
      {items.length === 0 ? <Text size="sm">{t(hint)}</Text> : (
        <Table aria-labelledby={`wait-${id}`}>
          <Table.Thead>
            <Table.Tr><Table.Th>{t('list.colTitle')}</Table.Th><Table.Th>{t('list.colStatus')}</Table.Th><Table.Th>{t('dashboard.waiting')}</Table.Th><Table.Th>{t('dashboard.notes')}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((r) => (
              <Table.Tr key={r.id} data-testid="waiting-row">
                <Table.Td><Anchor component={Link} to={recordLink(r.id)}>{r.title || r.id}</Anchor></Table.Td>
                <Table.Td><StatusBadge status={r.status} /></Table.Td>
                <Table.Td><time dateTime={r.since} title={new Date(r.since).toLocaleString()}>{waitingAge(r.since, lang)}</time></Table.Td>
                <Table.Td>
                  {r.rejection && <Text size="sm" data-testid="waiting-rejection">{t('record.rejectedBecause', { note: r.rejection.note ?? '—' })}</Text>}
                  {r.openComments > 0 && <Text size="sm">{t('dashboard.openComments', { n: r.openComments })}</Text>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** Counts of the records the caller can see, by status; each card opens the filtered list. */
function VisibleCounts() {
  const { t } = useI18n();
  const [counts, setCounts] = useState<Partial<Record<RecordStatus, number>>>({});
  useEffect(() => {
    let live = true;
    Promise.all(STATUSES.map(async (s) => [s, (await api.list({ status: s, pageSize: 1 })).body.total] as const))
      .then((pairs) => { if (live) setCounts(Object.fromEntries(pairs)); }, () => undefined);
    return () => { live = false; };
  }, []);
  return (
    <section aria-labelledby="org-counts-title">
      <Title order={3} size="h4" id="org-counts-title" mb="xs">{t('dashboard.title')}</Title>
      <SimpleGrid cols={{ base: 2, md: 3 }}>
        {STATUSES.map((s) => (
          <Card key={s} withBorder component={Link} to={`/records?status=${s}`} data-testid={`count-${s}`}>
            <StatusBadge status={s} />
            <Text size="xl" fw={700} mt="sm">{t('dashboard.count', { n: counts[s] ?? '…' })}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

/**
 * What waits for me: my records sent back (with the reason), records to check in QCQE process,
 * records in Review to publish — each with how long it has waited — and my own records by status.
 */
export function DashboardPage() {
  const { t } = useI18n();
  const { me } = useSession();
  const [data, setData] = useState<WorkDashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    reviewApi.dashboard().then((r) => { if (live) setData(r.body); }, (e: unknown) => { if (live) setError(String(e)); });
    return () => { live = false; };
  }, []);
  if (!me) return null;
  return (
    <>
      <Title order={2} mb="md">{t('dashboard.mine')}</Title>
      {error && <Alert color="red" role="alert">{t('common.error', { detail: error })}</Alert>}
      {!data ? <Text>{t('record.loading')}</Text> : (
        <SimpleGrid cols={1} spacing="md">
          {me.role !== 'QCQE' && <WaitingTable id="fix" title="dashboard.toFix" hint="dashboard.toFixNone" items={data.toFix} />}
          {me.role !== 'PRODUSEN' && <WaitingTable id="review" title="dashboard.toReview" hint="dashboard.toReviewNone" items={data.toReview} />}
          {me.role === 'ADMIN' && <WaitingTable id="publish" title="dashboard.toPublish" hint="dashboard.toPublishNone" items={data.toPublish} />}
          {data.mine.length > 0 && (
            <section aria-labelledby="mine-title" data-testid="mine-by-status">
              <Title order={3} size="h4" id="mine-title" mb="xs">{t('dashboard.byStatus')}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {data.mine.map((g) => (
                  <Card key={g.status} withBorder data-testid={`mine-${g.status}`}>
                    <Group justify="space-between"><StatusBadge status={g.status} /><Text fw={700}>{t('dashboard.count', { n: g.total })}</Text></Group>
                    {g.items.length > 0 && (
                      <List size="sm" mt="xs" spacing={2}>
                        {g.items.slice(0, 5).map((r) => <List.Item key={r.id}><Anchor component={Link} to={recordLink(r.id)} size="sm">{r.title || r.id}</Anchor></List.Item>)}
                      </List>
                    )}
                    {g.total > 5 && <Anchor component={Link} to={`/records?status=${g.status}`} size="sm" mt="xs">{t('dashboard.all', { n: g.total })}</Anchor>}
                  </Card>
                ))}
              </SimpleGrid>
            </section>
          )}
          <VisibleCounts />
        </SimpleGrid>
      )}
    </>
  );
}
