import { Fragment, useEffect, useImperativeHandle, type ReactNode, type Ref } from 'react';
import { FormProvider, useForm, useWatch, type FieldValues } from 'react-hook-form';
import { Alert, Button, Fieldset, Group, List, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { checkSubmissionCompleteness } from '../../../libs/catalogue/completeness';
import type { MetadataDoc } from '../../../libs/catalogue/record.types';
import { pointerToFieldName, type FieldError } from '../api/api-client';
import { BboxMap, type Bbox } from '../map/bbox-map';
import { crossesAntimeridian } from '../map/bbox-bounds';
import type { RecordStatus } from '../api/records.api';
import type { MessageKey } from '../i18n/messages.id';
import { needMessage } from '../i18n/completeness-text';
import { useI18n } from '../i18n/i18n';
import { FormField, type RefLists } from './form-fields';
import type { FieldSpec, SectionSpec } from './form-model';
import { fieldLabel } from './field-labels';
import { fieldHelp } from './field-help';
import { isShown, runsOf, withoutHiddenServiceFields } from './form-layout';
import { fromFormValues, getPath, toFormValues } from './form-values';

export interface RecordFormHandle {
  /** the document as the form has it now */
  currentDoc(): Record<string, unknown>;
  /** puts the server's 422 errors on their fields; returns those that match no field */
  showServerErrors(errors: FieldError[]): FieldError[];
  /** replaces the form content (a reloaded record) */
  reset(doc: Record<string, unknown>): void;
}

interface Props {
  sections: SectionSpec[];
  refLists: RefLists;
  initialDoc: Record<string, unknown>;
  readOnly: boolean;
  submitLabel: string;
  onSubmit(doc: Record<string, unknown>): Promise<void>;
  handle?: Ref<RecordFormHandle>;
  /** rendered in the thumbnail section (upload control) */
  thumbnailExtra?: ReactNode;
  onDirtyChange?(dirty: boolean): void;
  /** the record's status; none for a record not created yet. The submission bar only means something before submission */
  status?: RecordStatus;
  /** rendered under a field's input, by field name (the reviewers' comments) */
  fieldExtra?(name: string): ReactNode;
}

/** The statuses from which a record can (again) be submitted: the completeness panel is shown for these only. */
const SUBMITTABLE: ReadonlySet<RecordStatus | undefined> = new Set([undefined, 'DRAFT', 'REJECTED']);

const BBOX_KEYS = ['west', 'east', 'south', 'north'] as const;

/** The record form: generated sections, the extent map, live checks and the completeness indicator. */
export function RecordForm({ sections, refLists, initialDoc, readOnly, submitLabel, onSubmit, handle, thumbnailExtra, onDirtyChange, status, fieldExtra }: Props) {
  const { t, lang } = useI18n();
  const form = useForm<FieldValues>({ mode: 'onChange', defaultValues: toFormValues(initialDoc, sections) });
  // what is saved (and checked for completeness): the fields the form shows, not hidden service fields
  const savedDoc = (v: FieldValues): Record<string, unknown> => withoutHiddenServiceFields(fromFormValues(v, sections), initialDoc);
  const { control, handleSubmit, setValue, setError, formState } = form;

  useImperativeHandle(handle, () => ({
    currentDoc: () => savedDoc(form.getValues()),
    showServerErrors(errors) {
      const names = new Set(sections.flatMap((s) => s.fields.map((f) => f.name)));
      const rest: FieldError[] = [];
      for (const e of errors) {
        const name = pointerToFieldName(e.path);
        const top = name.split('.')[0] ?? '';
        if (names.has(name) || [...names].some((n) => name.startsWith(`${n}.`)) || names.has(top)) setError(name, { type: 'server', message: e.message }, { shouldFocus: rest.length === 0 });
        else rest.push(e);
      }
      return rest;
    },
    reset: (doc) => form.reset(toFormValues(doc, sections)),
  }), [form, sections, setError, initialDoc]);

  useEffect(() => onDirtyChange?.(formState.isDirty), [formState.isDirty, onDirtyChange]);
  const values = useWatch({ control });
  const doc = savedDoc(values);
  const missing = checkSubmissionCompleteness(doc as unknown as MetadataDoc);
  const bboxIn = getPath(values, 'extent.bbox') as Record<string, string> | undefined;
  const nums = BBOX_KEYS.map((k) => Number(bboxIn?.[k]));
  const bbox: Bbox | undefined = bboxIn && BBOX_KEYS.every((k) => (bboxIn[k] ?? '') !== '') && nums.every(Number.isFinite)
    ? { west: nums[0]!, east: nums[1]!, south: nums[2]!, north: nums[3]! } : undefined;
  const total = 8;

  return (
    // the provider lets the keyword and contact helpers (keyword-assist.tsx, contact-picker.tsx) set fields of the form
    <FormProvider {...form}>
    <form onSubmit={handleSubmit(async () => onSubmit(savedDoc(form.getValues())))} noValidate aria-label={submitLabel}>
      <Stack>
        {SUBMITTABLE.has(status) && (
          <Paper withBorder p="sm" data-testid="completeness">
            <Text fw={600} id="completeness-title">{t('completeness.title')}</Text>
            <Progress.Root mt="xs">
              <Progress.Section value={((total - Math.min(missing.length, total)) / total) * 100} color={missing.length ? '#a63c00' : '#2b6a1f'} aria-label={t('completeness.title')} />
            </Progress.Root>
            {missing.length === 0 ? <Text size="sm" mt="xs">{t(status === 'REJECTED' ? 'completeness.doneRejected' : 'completeness.done')}</Text> : (
              <>
                <Text size="sm" mt="xs">{t('completeness.missing', { n: missing.length })}</Text>
                <List size="sm">{missing.map((m) => <List.Item key={m.path}>{needMessage(m.path, m.message, t)}</List.Item>)}</List>
              </>
            )}
          </Paper>
        )}
        {sections.map((s) => (
          <Paper key={s.id} withBorder p="md" component="section" aria-labelledby={`sec-${s.id}`}>
            <Title order={3} size="h4" id={`sec-${s.id}`} mb="sm">{t(`section.${s.id}`)}</Title>
            {s.id === 'extent' && bbox && crossesAntimeridian(bbox) && (
              <Alert color="blue" mb="xs" role="status" data-testid="antimeridian-note">{t('map.antimeridian')}</Alert>
            )}
            {s.id === 'extent' && (
              <BboxMap value={bbox} readOnly={readOnly} onChange={(b) => BBOX_KEYS.forEach((k) => setValue(`extent.bbox.${k}`, String(b[k]), { shouldValidate: true, shouldDirty: true }))} />
            )}
            {s.id === 'extent' && fieldExtra?.('extent.bbox')}
            <SimpleGrid cols={{ base: 1, md: 2 }} mt="sm">
              {runsOf(s.fields.filter((f) => isShown(f.name, getPath(values, 'hierarchyLevel'), initialDoc))).map((run) => {
                const cell = (f: FieldSpec) => (
                  <div key={f.name} style={f.kind === 'objects' || f.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
                    <FormField spec={f} name={f.name} labelName={f.name} control={control} refLists={refLists} readOnly={readOnly} />
                    {fieldExtra?.(f.name)}
                  </div>
                );
                if (!run.group) return <Fragment key={run.fields[0]!.name}>{run.fields.map(cell)}</Fragment>;
                const help = fieldHelp(run.group, lang);
                const helpId = `group-${run.group.replace(/\./g, '-')}-help`;
                return (
                  <Fieldset key={run.group} legend={fieldLabel(run.group, lang)} style={{ gridColumn: '1 / -1' }}
                    data-testid={`group-${run.group.replace(/\./g, '-')}`} aria-describedby={help ? helpId : undefined}>
                    {help && <Text size="sm" c="#495057" mb="xs" id={helpId}>{help}</Text>}
                    <SimpleGrid cols={{ base: 1, md: 2 }}>{run.fields.map(cell)}</SimpleGrid>
                  </Fieldset>
                );
              })}
            </SimpleGrid>
            {s.id === 'thumbnail' && thumbnailExtra}
          </Paper>
        ))}
        {!readOnly && (
          <Group>
            {Object.keys(formState.errors).length > 0 && <Alert color="red" role="alert" py={4}>{t('record.invalid')}</Alert>}
            <Button type="submit" loading={formState.isSubmitting} data-testid="save">{submitLabel}</Button>
          </Group>
        )}
      </Stack>
    </form>
    </FormProvider>
  );
}
