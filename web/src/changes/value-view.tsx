import { List, Stack, Text } from '@mantine/core';
import type { FieldSpec } from '../form/form-model';
import type { RefLists } from '../form/form-fields';
import { fieldLabel } from '../form/field-labels';
import { codeLabel } from '../i18n/code-labels';
import { enumLabel } from '../i18n/enum-labels';
import { useI18n } from '../i18n/i18n';
import { BboxMap } from '../map/bbox-map';
import type { Bbox } from '../map/bbox-bounds';
import { BBOX_FIELD } from './field-changes';

const isBox = (v: unknown): v is Bbox =>
  typeof v === 'object' && v !== null && ['west', 'east', 'south', 'north'].every((k) => typeof (v as Record<string, unknown>)[k] === 'number');

/**
 * One field's value as the editor shows it: code-list entries by their label, lists as lists,
 * an array of objects as one entry per item with its labelled parts, the bounding box on a small
 * map with its four sides. A missing value is a dash.
 */
export function ValueView({ spec, value, refLists }: { spec?: FieldSpec; value: unknown; refLists: RefLists }) {
  const { t, lang } = useI18n();
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return <Text c="#495057">—</Text>;
  if (spec?.name === BBOX_FIELD && isBox(value)) {
    return (
      <Stack gap={4}>
        <BboxMap value={value} readOnly compact onChange={() => undefined} />
        <Text size="sm" data-testid="bbox-text">
          {fieldLabel('extent.bbox.west', lang)} {value.west} · {fieldLabel('extent.bbox.east', lang)} {value.east} · {fieldLabel('extent.bbox.south', lang)} {value.south} · {fieldLabel('extent.bbox.north', lang)} {value.north}
        </Text>
      </Stack>
    );
  }
  const code = (c: unknown): string => {
    if (spec?.options?.includes(String(c))) return enumLabel(String(c), lang);
    const item = spec?.refList ? refLists[spec.refList]?.find((o) => o.kode === c) : undefined;
    return item ? `${codeLabel(spec!.refList!, item, lang)} (${item.kode})` : String(c);
  };
  if (spec?.kind === 'objects' && Array.isArray(value)) {
    return (
      <List size="sm" type="ordered">
        {value.map((item, i) => (
          <List.Item key={i}>
            {(spec.itemFields ?? []).filter((f) => !blankIn(item, f.name)).map((f) => (
              <div key={f.name}><Text span size="sm" fw={600}>{fieldLabel(`${spec.name}.${f.name}`, lang)}:</Text> <ItemValue spec={f} value={valueIn(item, f.name)} refLists={refLists} /></div>
            ))}
          </List.Item>
        ))}
      </List>
    );
  }
  if (Array.isArray(value)) return <List size="sm">{value.map((v, i) => <List.Item key={i}>{spec ? code(v) : plain(v)}</List.Item>)}</List>;
  if (spec?.kind === 'boolean') return <Text size="sm">{value === true ? t('field.yes') : value === false ? t('field.no') : String(value)}</Text>;
  if (spec?.refList || spec?.options) return <Text size="sm">{code(value)}</Text>;
  return <Text size="sm" className="change-text">{plain(value)}</Text>;
}

/** A part of a list item: lists inline, codes by label. */
function ItemValue({ spec, value, refLists }: { spec: FieldSpec; value: unknown; refLists: RefLists }) {
  const { t, lang } = useI18n();
  const one = (v: unknown): string => {
    if (spec.options?.includes(String(v))) return enumLabel(String(v), lang);
    if (spec.kind === 'boolean' && typeof v === 'boolean') return t(v ? 'field.yes' : 'field.no');
    const item = spec.refList ? refLists[spec.refList]?.find((o) => o.kode === v) : undefined;
    return item ? codeLabel(spec.refList!, item, lang) : plain(v);
  };
  return <Text span size="sm">{Array.isArray(value) ? value.map(one).join(', ') : one(value)}</Text>;
}

const valueIn = (item: unknown, name: string): unknown =>
  name.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), item);
const blankIn = (item: unknown, name: string): boolean => {
  const v = valueIn(item, name);
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
};

/** A value outside the form's fields: text as text, anything else as indented JSON. */
function plain(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v, null, 1);
}
