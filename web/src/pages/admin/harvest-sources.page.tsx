import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useSession } from '../../auth/session';
import { useI18n } from '../../i18n/i18n';
import { harvestApi, type HarvestSourceInput, type HarvestSourceView } from './harvest.api';
import { HarvestSourceForm } from './harvest-source-form';
import { HarvestRuns } from './harvest-runs';
import { problemText } from '../account/problem-text';

type Editing = { source?: HarvestSourceView } | null;

/**
 * Harvest sources of the ADMIN's organisation (a service administrator sees every organisation's):
 * add and edit, run now (full or changes only), delete, and the last runs with their reports.
 */
export function HarvestSourcesPage() {
  const { t } = useI18n();
  const { me } = useSession();
  const [sources, setSources] = useState<HarvestSourceView[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<HarvestSourceView | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [runsKey, setRunsKey] = useState(0);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  // a refused save keeps the dialog open with what was typed, and says why inside it
  const [formError, setFormError] = useState<string | null>(null);
  const edit = (e: Editing) => { setFormError(null); setEditing(e); };
  const reload = useCallback(() => harvestApi.list().then((r) => setSources(r.body), (e: unknown) => setMsg({ ok: false, text: problemText(e) })), []);
  useEffect(() => { void reload(); }, [reload]);

  const save = async (input: HarvestSourceInput) => {
    try {
      const saved = editing?.source ? await harvestApi.update(editing.source.id, input) : await harvestApi.create(input);
      setEditing(null);
      setSelected(saved.body.id);
      setMsg({ ok: true, text: t('harvest.saved') });
      await reload();
    } catch (e) { setFormError(problemText(e)); }
  };
  const run = async (s: HarvestSourceView, incremental: boolean) => {
    try {
      await harvestApi.run(s.id, incremental);
      setSelected(s.id);
      setRunsKey((k) => k + 1);
      setMsg({ ok: true, text: t('harvest.runQueued') });
    } catch (e) { setMsg({ ok: false, text: problemText(e) }); }
  };
  const remove = async (s: HarvestSourceView) => {
    setDeleting(null);
    try {
      await harvestApi.remove(s.id);
      if (selected === s.id) setSelected(null);
      setMsg({ ok: true, text: t('harvest.deleted') });
      await reload();
    } catch (e) { setMsg({ ok: false, text: problemText(e) }); }
  };
  const chosen = sources?.find((s) => s.id === selected);
  const showOrg = sources?.some((s) => s.organisationId !== me?.organisationId) ?? false;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('harvest.title')}</Title>
        <Button onClick={() => edit({})} data-testid="harvest-add">{t('harvest.add')}</Button>
      </Group>
      <Text size="sm">{t('harvest.hint')}</Text>
      {msg && <Alert color={msg.ok ? 'green' : 'red'} role={msg.ok ? 'status' : 'alert'} data-testid="harvest-msg">{msg.text}</Alert>}
      {sources && sources.length === 0 && <Text>{t('harvest.empty')}</Text>}
      {sources && sources.length > 0 && (
        <Table striped data-testid="harvest-sources">
          <Table.Thead><Table.Tr>
            <Table.Th>{t('harvest.name')}</Table.Th><Table.Th>{t('harvest.protocol')}</Table.Th><Table.Th>{t('harvest.url')}</Table.Th>
            <Table.Th>{t('harvest.schedule')}</Table.Th><Table.Th>{t('harvest.mode')}</Table.Th>
            {showOrg && <Table.Th>{t('harvest.organisation')}</Table.Th>}
            <Table.Th><span className="visually-hidden">{t('harvest.edit')}</span></Table.Th>
          </Table.Tr></Table.Thead>
          <Table.Tbody>
            {sources.map((s) => (
              <Table.Tr key={s.id} data-source={s.name}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{s.protocol}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{s.url}</Table.Td>
                <Table.Td>{s.schedule ?? t('harvest.manual')}</Table.Td>
                <Table.Td>{t(`harvest.modeShort.${s.mode}`)}</Table.Td>
                {showOrg && <Table.Td>{s.organisationId === me?.organisationId ? '—' : `${t('harvest.otherOrg')} (${s.organisationId})`}</Table.Td>}
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" onClick={() => void run(s, false)} data-testid="harvest-run" aria-label={`${t('harvest.runNow')}: ${s.name}`}>{t('harvest.runNow')}</Button>
                    <Button size="xs" variant="default" onClick={() => void run(s, true)} aria-label={`${t('harvest.runIncremental')}: ${s.name}`}>{t('harvest.runIncremental')}</Button>
                    <Button size="xs" variant="default" onClick={() => { setSelected(s.id); setRunsKey((k) => k + 1); }} data-testid="harvest-show-runs" aria-label={`${t('harvest.showRuns')}: ${s.name}`}>{t('harvest.showRuns')}</Button>
                    <Button size="xs" variant="default" onClick={() => edit({ source: s })} data-testid="harvest-edit" aria-label={`${t('harvest.edit')}: ${s.name}`}>{t('harvest.edit')}</Button>
                    <Button size="xs" variant="default" color="#b02525" onClick={() => setDeleting(s)} data-testid="harvest-delete" aria-label={`${t('harvest.delete')}: ${s.name}`}>{t('harvest.delete')}</Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {chosen && <HarvestRuns source={chosen} refreshKey={runsKey} />}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="lg" closeButtonProps={{ 'aria-label': t('conflict.close') }}
        title={editing?.source ? `${t('harvest.edit')}: ${editing.source.name}` : t('harvest.add')}>
        {editing && <HarvestSourceForm initial={editing.source} error={formError} onSubmit={save} onCancel={() => setEditing(null)} />}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('harvest.delete')} closeButtonProps={{ 'aria-label': t('conflict.close') }}>
        <Text>{t('harvest.deleteConfirm', { name: deleting?.name ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>{t('harvest.cancel')}</Button>
          <Button color="#b02525" onClick={() => deleting && void remove(deleting)} data-testid="harvest-delete-confirm">{t('harvest.delete')}</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
