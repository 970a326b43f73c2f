import { useEffect, useRef, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Autocomplete, Stack, Text } from '@mantine/core';
import { suggestionsApi, type KeywordSuggestion, type ThesaurusSummary } from '../api/suggestions.api';
import { useI18n } from '../i18n/i18n';
import { fieldLabel } from './field-labels';

/**
 * The keyword section's help (issue 20 §5): the thesaurus field offers the thesauri the
 * catalogue already uses, and "add a keyword" suggests keywords of the catalogue while the user
 * types, carrying their anchors (URIs) into the group's `anchors` (shown as fields of the group). The server ranks and filters;
 * the browser shows what it answers (no second filter that would miss an accent-folded match).
 */

// the list is the same for every keyword group of the form: asked once per form opening
let thesauriOnce: { at: number; p: Promise<ThesaurusSummary[]> } | null = null;
function loadThesauri(): Promise<ThesaurusSummary[]> {
  if (!thesauriOnce || Date.now() - thesauriOnce.at > 60_000) {
    thesauriOnce = { at: Date.now(), p: suggestionsApi.thesauri().then((r) => r.body.items, () => []) };
  }
  return thesauriOnce.p;
}

const testId = (name: string): string => `field-${name.replace(/\./g, '-')}`;

/** `keywords.N.thesaurus`: free text with the catalogue's thesauri offered; picking one also sets its URI. */
export function ThesaurusField({ base, readOnly }: { base: string; readOnly: boolean }) {
  const { t, lang } = useI18n();
  const { control, setValue } = useFormContext();
  const [thesauri, setThesauri] = useState<ThesaurusSummary[]>([]);
  useEffect(() => { void loadThesauri().then(setThesauri); }, []);
  const named = thesauri.filter((x): x is ThesaurusSummary & { title: string } => x.title !== null);
  return (
    <Controller
      name={`${base}.thesaurus`}
      control={control}
      render={({ field }) => (
        <Autocomplete
          label={fieldLabel('thesaurus', lang)}
          description={t('kw.thesaurusHint')}
          disabled={readOnly}
          data-testid={testId(`${base}.thesaurus`)}
          value={(field.value as string) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          data={named.map((x) => ({ value: x.title, label: x.title }))}
          renderOption={({ option }) => {
            const x = named.find((n) => n.title === option.value);
            return <Text size="sm">{t('kw.thesaurusOption', { title: option.value, records: x?.records ?? 0 })}</Text>;
          }}
          onOptionSubmit={(v) => {
            const anchor = named.find((n) => n.title === v)?.anchor;
            setValue(`${base}.thesaurusAnchor`, anchor ?? '', { shouldDirty: true, shouldValidate: true });
          }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

const keyOf = (s: KeywordSuggestion): string => `${s.thesaurus ?? ''}\u001f${s.keyword}`;

/** "Add a keyword": suggestions as the user types; a pick appends the value (and its anchor) to the group. */
export function KeywordSuggestField({ base, readOnly }: { base: string; readOnly: boolean }) {
  const { t } = useI18n();
  const { control, getValues, setValue } = useFormContext();
  const thesaurus = useWatch({ control, name: `${base}.thesaurus` }) as string | undefined;
  const [q, setQ] = useState('');
  const [items, setItems] = useState<KeywordSuggestion[]>([]);
  const picked = useRef(false);
  useEffect(() => {
    const typed = q.trim();
    if (typed === '') { setItems([]); return; }
    let live = true;
    // a short pause so a fast typist sends one request, not one per letter
    const timer = setTimeout(() => {
      suggestionsApi.suggest(typed, thesaurus?.trim() ? thesaurus.trim() : undefined, 10)
        .then((r) => { if (live) setItems(r.body.items); }, () => { if (live) setItems([]); });
    }, 150);
    return () => { live = false; clearTimeout(timer); };
  }, [q, thesaurus]);

  const pick = (s: KeywordSuggestion) => {
    const current = String(getValues(`${base}.values`) ?? '').split('\n').map((v) => v.trim()).filter(Boolean);
    if (!current.includes(s.keyword)) setValue(`${base}.values`, [...current, s.keyword].join('\n'), { shouldDirty: true, shouldValidate: true });
    const anchors = ((getValues(`${base}.anchors`) as { value: string; uri: string }[] | undefined) ?? []).filter((a) => a.value !== s.keyword);
    if (s.anchor) setValue(`${base}.anchors`, [...anchors, { value: s.keyword, uri: s.anchor }], { shouldDirty: true, shouldValidate: true });
    // the first keyword of a fresh group brings its thesaurus with it (a group that already holds
    // free keywords keeps having none: they would otherwise be filed under a thesaurus they are not in)
    if (current.length === 0 && !String(getValues(`${base}.thesaurus`) ?? '').trim() && s.thesaurus) {
      setValue(`${base}.thesaurus`, s.thesaurus, { shouldDirty: true, shouldValidate: true });
      setValue(`${base}.thesaurusAnchor`, s.thesaurusAnchor ?? '', { shouldDirty: true, shouldValidate: true });
    }
  };

  return (
    <Stack gap={4}>
      {!readOnly && (
        <Autocomplete
          label={t('kw.add')}
          description={t('kw.addHint')}
          data-testid={testId(`${base}.suggest`)}
          value={q}
          onChange={(v) => {
            // Autocomplete writes the picked option's label after onOptionSubmit: the field starts empty again
            if (picked.current) { picked.current = false; setQ(''); return; }
            setQ(v);
          }}
          data={items.map((s) => ({ value: keyOf(s), label: s.keyword }))}
          filter={({ options }) => options}
          renderOption={({ option }) => {
            const s = items.find((x) => keyOf(x) === option.value);
            return (
              <Stack gap={0} data-testid="keyword-suggestion">
                <Text size="sm">{s?.keyword}{s?.thesaurus ? ` — ${s.thesaurus}` : ''} <Text span size="xs">({t('kw.uses', { n: s?.uses ?? 0 })})</Text></Text>
                {s?.anchor && <Text size="xs">{s.anchor}</Text>}
              </Stack>
            );
          }}
          onOptionSubmit={(v) => {
            const s = items.find((x) => keyOf(x) === v);
            picked.current = true;
            if (s) pick(s);
            // in case no onChange follows (it does in Mantine today): clear the field anyway
            setTimeout(() => { if (picked.current) { picked.current = false; setQ(''); } }, 0);
          }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Stack>
  );
}
