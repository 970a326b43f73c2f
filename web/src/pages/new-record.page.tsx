import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Center, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { api } from '../api/client-instance';
import { ApiError } from '../api/api-client';
import { RecordForm, type RecordFormHandle } from '../form/record-form';
import { useFormModel } from '../form/use-form-model';
import { useI18n } from '../i18n/i18n';
import { TemplatePicker } from './template-picker';

/**
 * A new record: blank (the same generated form, created as a DRAFT) or from one of the
 * organisation's templates (a copy of it, issue 20 §5); then the record's own page.
 */
export function NewRecordPage() {
  const { t } = useI18n();
  const model = useFormModel();
  const navigate = useNavigate();
  const form = useRef<RecordFormHandle>(null);
  const [error, setError] = useState<string | null>(null);
  const [start, setStart] = useState<'blank' | 'template'>('blank');
  if (!model) return <Center p="xl"><Loader aria-label={t('record.loading')} /></Center>;
  return (
    <>
      <Title order={2} mb="md">{t('record.new')}</Title>
      <Stack gap={4} mb="md">
        <Text size="sm" fw={600} id="new-record-start">{t('newRecord.choose')}</Text>
        <SegmentedControl aria-labelledby="new-record-start" value={start} onChange={(v) => setStart(v as 'blank' | 'template')} data-testid="new-record-start"
          data={[{ value: 'blank', label: t('newRecord.blank') }, { value: 'template', label: t('newRecord.fromTemplate') }]} />
      </Stack>
      {start === 'template' ? <TemplatePicker /> : (<>
        {error && <Alert color="red" role="alert" mb="md">{error}</Alert>}
        <RecordForm handle={form} sections={model.sections} refLists={model.refLists} initialDoc={{}} readOnly={false} submitLabel={t('record.create')}
          onSubmit={async (doc) => {
            setError(null);
            try {
              const r = await api.create(doc);
              navigate(`/records/${encodeURIComponent(r.body.id)}`, { state: { flash: t('record.saved') } });
            } catch (e) {
              if (e instanceof ApiError && e.status === 422) {
                const rest = form.current?.showServerErrors(e.errors) ?? e.errors;
                setError(rest.length ? rest.map((x) => `${x.path}: ${x.message}`).join('; ') : t('record.invalid'));
              } else setError(t('common.error', { detail: e instanceof Error ? e.message : String(e) }));
            }
          }} />
      </>)}
    </>
  );
}
