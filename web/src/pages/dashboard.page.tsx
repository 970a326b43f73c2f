import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { api } from '../api/client-instance';
import { STATUSES, type RecordStatus } from '../api/records.api';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from './status-badge';

/** Counts of the records the caller can see, by status; each card opens the filtered list. */
export function DashboardPage() {
  const { t } = useI18n();
  const [counts, setCounts] = useState<Partial<Record<RecordStatus, number>>>({});
  useEffect(() => {
    let live = true;
    Promise.all(STATUSES.map(async (s) => [s, (await api.list({ status: s, pageSize: 1 })).body.total] as const))
      .then((pairs) => { if (live) setCounts(Object.fromEntries(pairs)); }, () => undefined);
    return () => { live = false; };
  }, []);
  return (
    <>
      <Title order={2} mb="md">{t('dashboard.title')}</Title>
      <SimpleGrid cols={{ base: 2, md: 3 }}>
        {STATUSES.map((s) => (
          <Card key={s} withBorder component={Link} to={`/records?status=${s}`} data-testid={`count-${s}`}>
            <StatusBadge status={s} />
            <Text size="xl" fw={700} mt="sm">{t('dashboard.count', { n: counts[s] ?? '…' })}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
