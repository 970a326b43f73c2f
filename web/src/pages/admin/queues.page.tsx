import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useI18n } from '../../i18n/i18n';
import { queuesApi, type QueuesOverviewView } from './queues.api';
import { problemText } from '../account/problem-text';

/**
 * The job queues inside the app (service administrators): counts per queue and the jobs that
 * failed for good, with a retry. In the embedded default this is the in-process runner's state —
 * the only place it exists; in server mode BullMQ's, with a link on to bull-board.
 */
export function QueuesPage() {
  const { t } = useI18n();
  const [data, setData] = useState<QueuesOverviewView | null>(null);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const reload = useCallback(() => queuesApi.overview().then((r) => setData(r.body), (e: unknown) => setMsg({ ok: false, text: problemText(e) })), []);
  useEffect(() => { void reload(); }, [reload]);
  const retry = async (id: string) => {
    try {
      await queuesApi.retry(id);
      setMsg({ ok: true, text: t('queues.retried', { id }) });
      await reload();
    } catch (e) { setMsg({ ok: false, text: problemText(e) }); }
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('queues.title')}</Title>
        <Button variant="default" onClick={() => void reload()} data-testid="queues-refresh">{t('queues.refresh')}</Button>
      </Group>
      {msg && <Alert color={msg.ok ? 'green' : 'red'} role={msg.ok ? 'status' : 'alert'} data-testid="queues-msg">{msg.text}</Alert>}
      {data && (
        <>
          <Text size="sm" data-testid="queues-runner">{data.runner === 'inline' ? t('queues.inline') : t('queues.bullmq')}</Text>
          {data.dashboardUrl && <Anchor href={data.dashboardUrl} data-testid="queues-board">{t('queues.board')}</Anchor>}
          <Table striped data-testid="queues-counts" w="auto">
            <Table.Thead><Table.Tr>
              <Table.Th>{t('queues.queue')}</Table.Th><Table.Th>{t('queues.waiting')}</Table.Th><Table.Th>{t('queues.active')}</Table.Th>
              <Table.Th>{t('queues.delayed')}</Table.Th><Table.Th>{t('queues.failed')}</Table.Th>
            </Table.Tr></Table.Thead>
            <Table.Tbody>
              {data.queues.map((q) => (
                <Table.Tr key={q.name} data-queue={q.name}>
                  <Table.Td>{t(`queues.name.${q.name}`)} <Text span size="xs">({q.name})</Text></Table.Td>
                  <Table.Td>{q.waiting}</Table.Td><Table.Td>{q.active}</Table.Td><Table.Td>{q.delayed}</Table.Td>
                  <Table.Td data-testid={`queue-failed-${q.name}`}>{q.failed}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={3} size="h4">{t('queues.failedJobs')}</Title>
          {data.failed.length === 0 ? <Text data-testid="queues-no-failed">{t('queues.noFailed')}</Text> : (
            <Table striped data-testid="queues-failed">
              <Table.Thead><Table.Tr>
                <Table.Th>{t('queues.job')}</Table.Th><Table.Th>{t('queues.failedAt')}</Table.Th><Table.Th>{t('queues.attempts')}</Table.Th>
                <Table.Th>{t('queues.reason')}</Table.Th><Table.Th><span className="visually-hidden">{t('queues.retry')}</span></Table.Th>
              </Table.Tr></Table.Thead>
              <Table.Tbody>
                {data.failed.map((f) => (
                  <Table.Tr key={f.id} data-job={f.id}>
                    <Table.Td>{f.name}<Text size="xs" style={{ wordBreak: 'break-all' }}>{f.id}</Text></Table.Td>
                    <Table.Td>{new Date(f.failedAt).toLocaleString()}</Table.Td>
                    <Table.Td>{f.attemptsMade}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{f.reason}</Table.Td>
                    <Table.Td>
                      {f.unrecoverable
                        ? <Badge color="gray" variant="outline">{t('queues.permanent')}</Badge>
                        : <Button size="xs" onClick={() => void retry(f.id)} data-testid="queues-retry" aria-label={`${t('queues.retry')}: ${f.id}`}>{t('queues.retry')}</Button>}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
