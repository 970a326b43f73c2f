import { useCallback, useEffect, useState } from 'react';
import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useI18n } from '../../i18n/i18n';
import { harvestApi, type HarvestRunView, type HarvestSourceView, type RunFailureView } from './harvest.api';
import { problemText } from '../account/problem-text';

const when = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : '—');

function FailureList(props: { title: string; items: RunFailureView[] | undefined; testId: string }) {
  const { t } = useI18n();
  const items = props.items ?? [];
  return (
    <section aria-label={props.title} data-testid={props.testId}>
      <Title order={5} mt="sm">{props.title} ({items.length})</Title>
      {items.length === 0 ? <Text size="sm">{t('harvest.noneListed')}</Text> : (
        <Table>
          <Table.Thead><Table.Tr><Table.Th>{t('harvest.identifier')}</Table.Th><Table.Th>{t('harvest.reason')}</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {items.map((f, n) => <Table.Tr key={`${f.identifier}-${n}`}><Table.Td>{f.identifier ?? '—'}</Table.Td><Table.Td>{f.reason}</Table.Td></Table.Tr>)}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}

/** The last runs of one source, and the full report of the run picked (errors, failed and skipped records). */
export function HarvestRuns(props: { source: HarvestSourceView; refreshKey: number }) {
  const { t } = useI18n();
  const [runs, setRuns] = useState<HarvestRunView[] | null>(null);
  const [report, setReport] = useState<HarvestRunView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => harvestApi.runs(props.source.id).then((r) => setRuns(r.body), (e: unknown) => setError(problemText(e))), [props.source.id]);
  useEffect(() => { setReport(null); void load(); }, [load, props.refreshKey]);
  const counts = (r: HarvestRunView) => (r.report?.counts ? t('harvest.counts', r.report.counts) : '—');
  return (
    <Paper withBorder p="md" data-testid="harvest-runs">
      <Title order={3} size="h4">{t('harvest.runs')}: {props.source.name}</Title>
      {error && <Text role="alert" c="red">{error}</Text>}
      {runs && runs.length === 0 && <Text size="sm">{t('harvest.noRuns')}</Text>}
      {runs && runs.length > 0 && (
        <Table striped>
          <Table.Thead><Table.Tr>
            <Table.Th>{t('harvest.col.queued')}</Table.Th><Table.Th>{t('harvest.col.status')}</Table.Th><Table.Th>{t('harvest.col.trigger')}</Table.Th>
            <Table.Th>{t('harvest.col.finished')}</Table.Th><Table.Th>{t('harvest.col.counts')}</Table.Th><Table.Th>{t('harvest.report')}</Table.Th>
          </Table.Tr></Table.Thead>
          <Table.Tbody>
            {runs.map((r) => (
              <Table.Tr key={r.id} data-run-status={r.status}>
                <Table.Td>{when(r.queuedAt)}</Table.Td>
                <Table.Td>{t(`harvest.run.${r.status}`)}</Table.Td>
                <Table.Td>{t(`harvest.trigger.${r.trigger}`)}{r.incremental ? ' (inkremental)' : ''}</Table.Td>
                <Table.Td>{when(r.finishedAt)}</Table.Td>
                <Table.Td>{counts(r)}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="default" data-testid="harvest-report-open" aria-label={`${t('harvest.report')} ${when(r.queuedAt)}`}
                    onClick={() => void harvestApi.runReport(props.source.id, r.id).then((x) => setReport(x.body), (e: unknown) => setError(problemText(e)))}>
                    {t('harvest.report')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {report && (
        <Stack gap={4} mt="md" data-testid="harvest-report">
          <Title order={4} size="h5">{t('harvest.reportTitle', { when: when(report.queuedAt) })}</Title>
          <Text size="sm">{t(`harvest.run.${report.status}`)} · {counts(report)}</Text>
          {report.report?.withdrawalSkipped && <Text size="sm">{t('harvest.withdrawalSkipped', { reason: report.report.withdrawalSkipped })}</Text>}
          <FailureList title={t('harvest.errors')} items={(report.report?.errors ?? []).map((reason) => ({ identifier: null, reason }))} testId="harvest-report-errors" />
          <FailureList title={t('harvest.failures')} items={report.report?.failures} testId="harvest-report-failures" />
          <FailureList title={t('harvest.skipped')} items={report.report?.skippedRecords} testId="harvest-report-skipped" />
        </Stack>
      )}
    </Paper>
  );
}
