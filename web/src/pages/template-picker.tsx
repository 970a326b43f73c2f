import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { api } from '../api/client-instance';
import type { TemplateSummary } from '../api/records.api';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from './status-badge';

/**
 * "Rekaman baru" from one of the organisation's templates (issue 20, §5): the list the server
 * answers, each with a button that makes the copy (POST …/copy) and opens it for editing.
 */
export function TemplatePicker() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [items, setItems] = useState<TemplateSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    api.templates().then((r) => setItems(r.body.items), (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);

  async function use(id: string) {
    setBusy(id);
    setError(null);
    try {
      const r = await api.copy(id);
      navigate(`/records/${encodeURIComponent(r.body.id)}`, { state: { flash: t('copy.done') } });
    } catch (e) {
      setError(t('common.error', { detail: e instanceof Error ? e.message : String(e) }));
      setBusy(null);
    }
  }

  if (error) return <Alert color="red" role="alert">{error}</Alert>;
  if (!items) return <Loader aria-label={t('record.loading')} />;
  if (items.length === 0) return <Text data-testid="no-templates">{t('newRecord.noTemplates')}</Text>;
  return (
    <Table data-testid="template-list">
      <Table.Thead><Table.Tr><Table.Th>{t('newRecord.template')}</Table.Th><Table.Th>{t('list.status')}</Table.Th><Table.Th><VisuallyHidden>{t('newRecord.useTemplate')}</VisuallyHidden></Table.Th></Table.Tr></Table.Thead>
      <Table.Tbody>
        {items.map((x) => (
          <Table.Tr key={x.id}>
            <Table.Td>{x.title || x.fileIdentifier || x.id}</Table.Td>
            <Table.Td><StatusBadge status={x.status} /></Table.Td>
            <Table.Td>
              <Button size="xs" loading={busy === x.id} disabled={busy !== null && busy !== x.id} data-testid="use-template"
                aria-label={`${t('newRecord.useTemplate')}: ${x.title || x.id}`} onClick={() => void use(x.id)}>
                {t('newRecord.useTemplate')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
