import { Controller, useFieldArray, type Control, type FieldValues } from 'react-hook-form';
import { Button, Fieldset, Group, MultiSelect, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { checkValue, type FieldSpec } from './form-model';
import { getPath } from './form-values';
import { fieldLabel } from './field-labels';
import { useI18n } from '../i18n/i18n';
import { codeLabel } from '../i18n/code-labels';
import type { MessageKey } from '../i18n/messages.id';
import { KeywordSuggestField, ThesaurusField } from './keyword-assist';
import { ContactPickButton } from './contact-picker';

const anyGiven = (v: unknown): boolean =>
  v !== undefined && v !== null && v !== '' && (typeof v !== 'object' || (Array.isArray(v) ? v.length > 0 : Object.values(v).some(anyGiven)));

export type RefLists = Record<string, { kode: string; label: string }[]>;

interface FieldProps {
  spec: FieldSpec;
  /** full react-hook-form name (array items: `contacts.0.email`) */
  name: string;
  /** label key (array items: the item field's own name) */
  labelName: string;
  control: Control<FieldValues>;
  refLists: RefLists;
  readOnly: boolean;
}

const testId = (name: string): string => `field-${name.replace(/\./g, '-')}`;

/** One generated field: input by kind, the schema's checks as rules, the error under the field. */
export function FormField({ spec, name, labelName, control, refLists, readOnly }: FieldProps) {
  const { t, lang } = useI18n();
  const label = fieldLabel(labelName, lang);
  const validate = (v: unknown, all: FieldValues) => {
    // a part of an optional object (a side of the box) is required only once the object is begun
    if (spec.rules.requiredWithin && name === spec.name && !anyGiven(getPath(all, spec.rules.requiredWithin))) return true;
    const r = checkValue(spec, v);
    return r ? t(`rule.${r.key}` as MessageKey, r.params) : true;
  };
  if (spec.kind === 'objects') {
    return <ObjectList spec={spec} name={name} labelName={labelName} control={control} refLists={refLists} readOnly={readOnly} />;
  }
  return (
    <Controller
      name={name}
      control={control}
      rules={{ validate }}
      render={({ field, fieldState }) => {
        const common = { label, error: fieldState.error?.message, withAsterisk: !!spec.rules.required, disabled: readOnly, 'data-testid': testId(name) };
        const opts = (spec.refList ? refLists[spec.refList] ?? [] : []).map((o) => ({ value: o.kode, label: `${codeLabel(spec.refList!, o, lang)} (${o.kode})` }));
        switch (spec.kind) {
          case 'select':
            return <NativeSelect {...common} value={(field.value as string) ?? ''} onChange={(e) => field.onChange(e.currentTarget.value)} onBlur={field.onBlur}
              data={[{ value: '', label: t('field.choose') }, ...opts]} />;
          case 'multiselect':
            return <MultiSelect {...common} value={(field.value as string[]) ?? []} onChange={field.onChange} onBlur={field.onBlur} data={opts} searchable />;
          case 'boolean':
            return <NativeSelect {...common} value={(field.value as string) ?? ''} onChange={(e) => field.onChange(e.currentTarget.value)}
              data={[{ value: '', label: '—' }, { value: 'true', label: t('field.yes') }, { value: 'false', label: t('field.no') }]} />;
          case 'textarea':
          case 'tags':
            return <Textarea {...common} autosize minRows={spec.kind === 'tags' ? 2 : 3} description={spec.kind === 'tags' ? t('field.tagsHint') : undefined}
              value={(field.value as string) ?? ''} onChange={(e) => field.onChange(e.currentTarget.value)} onBlur={field.onBlur} />;
          default:
            return <TextInput {...common} value={(field.value as string) ?? ''} onChange={(e) => field.onChange(e.currentTarget.value)} onBlur={field.onBlur}
              inputMode={spec.kind === 'number' || spec.kind === 'integer' ? 'decimal' : undefined}
              placeholder={spec.kind === 'date' ? 'YYYY-MM-DD' : undefined} />;
        }
      }}
    />
  );
}

function ObjectList({ spec, name, labelName, control, refLists, readOnly }: FieldProps) {
  const { t, lang } = useI18n();
  const { fields, append, remove } = useFieldArray({ control, name });
  const empty = Object.fromEntries((spec.itemFields ?? []).map((f) => [f.name, f.kind === 'multiselect' || f.kind === 'objects' ? [] : '']));
  return (
    <Fieldset legend={fieldLabel(labelName, lang)} data-testid={testId(name)}>
      <Stack>
        {fields.map((item, i) => (
          <Fieldset key={item.id} legend={`${fieldLabel(labelName, lang)} ${i + 1}`} variant="filled">
            <Stack gap="xs">
              {name === 'contacts' && !readOnly && <ContactPickButton base={`${name}.${i}`} />}
              {(spec.itemFields ?? []).map((f) => (
                // the keyword groups get the catalogue's thesauri and keyword suggestions (keyword-assist.tsx)
                name === 'keywords' && f.name === 'thesaurus'
                  ? <ThesaurusField key={f.name} base={`${name}.${i}`} readOnly={readOnly} />
                  : (
                    <div key={f.name}>
                      <FormField spec={f} name={`${name}.${i}.${f.name}`} labelName={f.name} control={control} refLists={refLists} readOnly={readOnly} />
                      {name === 'keywords' && f.name === 'values' && <KeywordSuggestField base={`${name}.${i}`} readOnly={readOnly} />}
                    </div>
                  )
              ))}
              {!readOnly && <Group><Button size="xs" variant="default" onClick={() => remove(i)}>{t('field.remove')}</Button></Group>}
            </Stack>
          </Fieldset>
        ))}
        {!readOnly && <Group><Button size="xs" variant="light" onClick={() => append(empty)} data-testid={`${testId(name)}-add`}>{t('field.add')}</Button></Group>}
      </Stack>
    </Fieldset>
  );
}
