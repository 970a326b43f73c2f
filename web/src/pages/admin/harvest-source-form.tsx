import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, NativeSelect, NumberInput, PasswordInput, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useI18n } from '../../i18n/i18n';
import type { HarvestSourceInput, HarvestSourceView } from './harvest.api';

const PROTOCOLS = [
  { value: 'csw', label: 'CSW 2.0.2' },
  { value: 'oarec', label: 'OGC API – Records' },
  { value: 'oai-pmh', label: 'OAI-PMH 2.0' },
];
const FORMS = [{ value: 'iso19139', label: 'ISO 19139' }, { value: 'iso19115-3', label: 'ISO 19115-3' }];

/**
 * Add or edit one source. Credentials are write-only: the form never holds the stored ones, only
 * says that some are stored; typed ones replace them, the checkbox removes them.
 */
export function HarvestSourceForm(props: {
  initial?: HarvestSourceView;
  /** why the last save was refused */
  error?: string | null;
  onSubmit(input: HarvestSourceInput): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useI18n();
  const i = props.initial;
  const [v, setV] = useState({
    name: i?.name ?? '', url: i?.url ?? '', protocol: i?.protocol ?? 'csw', constraint: i?.constraint ?? '',
    recordForm: i?.recordForm ?? 'iso19139', pageSize: i?.pageSize ?? 100, schedule: i?.schedule ?? '', mode: i?.mode ?? 'review',
    username: '', password: '', removeCredentials: false,
  });
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input: HarvestSourceInput = {
      name: v.name.trim(), url: v.url.trim(), protocol: v.protocol as HarvestSourceInput['protocol'],
      constraint: v.constraint.trim() === '' ? null : v.constraint, recordForm: v.recordForm as HarvestSourceInput['recordForm'],
      pageSize: Number(v.pageSize), schedule: v.schedule.trim() === '' ? null : v.schedule.trim(), mode: v.mode as HarvestSourceInput['mode'],
    };
    if (v.removeCredentials) input.credentials = null;
    else if (v.username !== '' || v.password !== '') input.credentials = { username: v.username, password: v.password };
    setBusy(true);
    try { await props.onSubmit(input); } finally { setBusy(false); }
  };
  return (
    <form onSubmit={submit} data-testid="harvest-form">
      <Stack gap="sm">
        {props.error && <Alert color="red" role="alert" data-testid="harvest-form-error">{props.error}</Alert>}
        <TextInput label={t('harvest.name')} value={v.name} required data-testid="harvest-name" onChange={(e) => setV({ ...v, name: e.currentTarget.value })} />
        <NativeSelect label={t('harvest.protocol')} value={v.protocol} data={PROTOCOLS} data-testid="harvest-protocol" onChange={(e) => setV({ ...v, protocol: e.currentTarget.value as typeof v.protocol })} />
        <TextInput label={t('harvest.url')} type="url" value={v.url} required data-testid="harvest-url" onChange={(e) => setV({ ...v, url: e.currentTarget.value })} />
        <TextInput label={t('harvest.schedule')} description={t('harvest.scheduleHint')} value={v.schedule} data-testid="harvest-schedule" onChange={(e) => setV({ ...v, schedule: e.currentTarget.value })} />
        <Radio.Group label={t('harvest.mode')} value={v.mode} onChange={(m) => setV({ ...v, mode: m as typeof v.mode })}>
          <Stack gap={4} mt={4}>
            <Radio value="review" label={t('harvest.mode.review')} data-testid="harvest-mode-review" />
            <Radio value="publish" label={t('harvest.mode.publish')} data-testid="harvest-mode-publish" />
          </Stack>
        </Radio.Group>
        <Textarea label={t('harvest.constraint')} description={t('harvest.constraintHint')} value={v.constraint} autosize minRows={1} onChange={(e) => setV({ ...v, constraint: e.currentTarget.value })} />
        <Group grow>
          <NativeSelect label={t('harvest.recordForm')} value={v.recordForm} data={FORMS} onChange={(e) => setV({ ...v, recordForm: e.currentTarget.value as typeof v.recordForm })} />
          <NumberInput label={t('harvest.pageSize')} value={v.pageSize} min={1} max={500} onChange={(n) => setV({ ...v, pageSize: typeof n === 'number' ? n : 100 })} />
        </Group>
        <fieldset className="plain-fieldset">
          <legend>{t('harvest.credentials')}</legend>
          <Text size="sm" mb="xs">{t('harvest.credentialsHint')}</Text>
          {i?.hasCredentials && <Text size="sm" fw={600} data-testid="harvest-credentials-stored">{t('harvest.credentialsStored')}</Text>}
          <Group grow>
            <TextInput label={t('harvest.username')} value={v.username} autoComplete="off" disabled={v.removeCredentials} data-testid="harvest-username" onChange={(e) => setV({ ...v, username: e.currentTarget.value })} />
            <PasswordInput label={t('harvest.password')} value={v.password} autoComplete="new-password" disabled={v.removeCredentials} data-testid="harvest-password" onChange={(e) => setV({ ...v, password: e.currentTarget.value })} />
          </Group>
          {i?.hasCredentials && (
            <Checkbox mt="xs" label={t('harvest.credentialsRemove')} checked={v.removeCredentials} data-testid="harvest-credentials-remove"
              onChange={(e) => setV({ ...v, removeCredentials: e.currentTarget.checked })} />
          )}
        </fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>{t('harvest.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="harvest-save">{t('harvest.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
