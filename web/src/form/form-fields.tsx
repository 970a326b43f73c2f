import { Controller, useFieldArray, type Control, type FieldValues } from 'react-hook-form';
import { Button, Fieldset, Group, MultiSelect, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { checkValue, type FieldSpec } from './form-model';
import { crossCheck, crossDeps } from './form-checks';
import { fieldHelp } from './field-help';
import { emptyChoiceLabel, enumLabel } from '../i18n/enum-labels';
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
  /** label key (array items: `list.part`, e.g. `conformity.pass`; see fieldLabel) */
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
    const r = checkValue(spec, v) ?? crossCheck(name, all);
    return r ? t(`rule.${r.key}` as MessageKey, r.params) : true;
  };
  const help = fieldHelp(labelName, lang);
  const deps = crossDeps(name);
  if (spec.kind === 'objects') {
    return <ObjectList spec={spec} name={name} labelName={labelName} control={control} refLists={refLists} readOnly={readOnly} />;
  }
  return (
    <Controller
      name={name}
      control={control}
      rules={{ validate, ...(deps.length ? { deps } : {}) }}
      render={({ field, fieldState }) => {
        const description = [help, spec.kind === 'tags' ? t('field.tagsHint') : undefined].filter(Boolean).join(' ') || undefined;
        const common = { label, description, error: fieldState.error?.message, withAsterisk: !!spec.rules.required, disabled: readOnly, 'data-testid': testId(name) };
        const opts = spec.options
          ? spec.options.map((o) => ({ value: o, label: enumLabel(o, lang) }))
          : (spec.refList ? refLists[spec.refList] ?? [] : []).map((o) => ({ value: o.kode, label: `${codeLabel(spec.refList!, o, lang)} (${o.kode})` }));
        const empty = emptyChoiceLabel(labelName, lang);
        switch (spec.kind) {
          case 'select':
            return <NativeSelect {...common} value={(field.value as string) ?? ''} onChange={(e) => field.onChange(e.currentTarget.value)} onBlur={field.onBlur}
              data={[{ value: '', label: empty ?? t('field.choose') }, ...opts]} />;
          case 'multiselect':
            return <MultiSelect {...common} value={(field.value as string[]) ?? []} onChange={field.onChange} onBlur={field.onBlur} data={opts} searchable />;
          case 'boolean':
            return <NativeSelect {...common} value={(field.value as string) ?? ''} onChange={(e) => field.onChange(e.currentTarget.value)}
              data={[{ value: '', label: empty ?? '—' }, { value: 'true', label: t('field.yes') }, { value: 'false', label: t('field.no') }]} />;
          case 'textarea':
          case 'tags':
            return <Textarea {...common} autosize minRows={spec.kind === 'tags' ? 2 : 3}
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

/** the lists of parties whose entries can be filled from the organisation's contact directory */
const CONTACT_LISTS = new Set(['contacts', 'metadataContacts', 'distributors']);

function ObjectList({ spec, name, labelName, control, refLists, readOnly }: FieldProps) {
  const { t, lang } = useI18n();
  const { fields, append, remove } = useFieldArray({ control, name });
  const empty = Object.fromEntries((spec.itemFields ?? []).map((f) => [f.name, f.kind === 'multiselect' || f.kind === 'objects' ? [] : '']));
  const help = fieldHelp(labelName, lang);
  const helpId = `${testId(name)}-help`;
  return (
    <Fieldset legend={fieldLabel(labelName, lang)} data-testid={testId(name)} aria-describedby={help ? helpId : undefined}>
      <Stack>
        {help && <Text size="sm" c="#495057" id={helpId}>{help}</Text>}
        {fields.map((item, i) => {
          // a service's connect point listed among the links belongs to its operation (the server refuses a change)
          const fixed = readOnly || (item as Record<string, unknown>).operation === true;
          return (
          <Fieldset key={item.id} legend={`${fieldLabel(labelName, lang)} ${i + 1}`} variant="filled">
            <Stack gap="xs">
              {fixed && !readOnly && <Text size="sm" c="#495057" data-testid={`${testId(name)}-${i}-operation`}>{t('field.operationLink')}</Text>}
              {CONTACT_LISTS.has(name) && !readOnly && <ContactPickButton base={`${name}.${i}`} />}
              {(spec.itemFields ?? []).map((f) => (
                // the keyword groups get the catalogue's thesauri and keyword suggestions (keyword-assist.tsx)
                name === 'keywords' && f.name === 'thesaurus'
                  ? <ThesaurusField key={f.name} base={`${name}.${i}`} readOnly={readOnly} />
                  : (
                    <div key={f.name}>
                      <FormField spec={f} name={`${name}.${i}.${f.name}`} labelName={`${labelName}.${f.name}`} control={control} refLists={refLists} readOnly={fixed} />
                      {name === 'keywords' && f.name === 'values' && <KeywordSuggestField base={`${name}.${i}`} readOnly={readOnly} />}
                    </div>
                  )
              ))}
              {!fixed && <Group><Button size="xs" variant="default" onClick={() => remove(i)}>{t('field.remove')}</Button></Group>}
            </Stack>
          </Fieldset>
          );
        })}
        {!readOnly && <Group><Button size="xs" variant="light" onClick={() => append(empty)} data-testid={`${testId(name)}-add`}>{t('field.add')}</Button></Group>}
      </Stack>
    </Fieldset>
  );
}
