import type { FieldSpec, SectionSpec } from './form-model';

/**
 * Documents ↔ form state. The form holds every scalar as the string the user typed (numbers,
 * booleans and "one per line" lists included), so typing is never fought by a conversion;
 * the document is rebuilt from the field specs on save: empty inputs are left out, numbers
 * parsed, lists split by line, and empty objects dropped.
 */
export type FormValues = Record<string, unknown>;

function getPath(obj: unknown, name: string): unknown {
  return name.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

function setPath(obj: Record<string, unknown>, name: string, value: unknown): void {
  const keys = name.split('.');
  let o = obj;
  keys.slice(0, -1).forEach((k) => {
    if (!o[k] || typeof o[k] !== 'object') o[k] = {};
    o = o[k] as Record<string, unknown>;
  });
  o[keys[keys.length - 1]!] = value;
}

/**
 * Item properties no generated field shows travel through the form unchanged, so saving a
 * record never drops what the form does not display.
 */
function passThrough(spec: FieldSpec, item: unknown): Record<string, unknown> {
  if (!item || typeof item !== 'object') return {};
  const shown = new Set((spec.itemFields ?? []).map((f) => f.name.split('.')[0]));
  return Object.fromEntries(Object.entries(item as Record<string, unknown>).filter(([k, v]) => !shown.has(k) && v !== undefined && v !== null));
}

/** A keyword group keeps the anchors of the values it still has (a removed value takes its anchor with it). */
function pruneAnchors(item: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(item.anchors)) return item;
  const values = new Set(Array.isArray(item.values) ? (item.values as string[]) : []);
  const kept = (item.anchors as { value?: string }[]).filter((a) => a.value !== undefined && values.has(a.value));
  const rest: Record<string, unknown> = { ...item };
  delete rest.anchors;
  return kept.length ? { ...rest, anchors: kept } : rest;
}

function toInput(spec: FieldSpec, v: unknown): unknown {
  if (spec.kind === 'objects') {
    return Array.isArray(v)
      ? v.map((item) => ({ ...passThrough(spec, item), ...Object.fromEntries((spec.itemFields ?? []).map((f) => [f.name, toInput(f, getPath(item, f.name))])) }))
      : [];
  }
  if (spec.kind === 'multiselect') return Array.isArray(v) ? v.map(String) : [];
  if (spec.kind === 'tags') return Array.isArray(v) ? v.join('\n') : '';
  if (v === undefined || v === null) return '';
  return String(v);
}

function fromInput(spec: FieldSpec, v: unknown): unknown {
  switch (spec.kind) {
    case 'objects': {
      const items = Array.isArray(v)
        ? v.map((item) => {
          const built = buildObject(spec.itemFields ?? [], item);
          // only beside fields the user filled: an item left empty stays empty (and is dropped)
          return Object.keys(built).length ? pruneAnchors({ ...passThrough(spec, item), ...built }) : built;
        }).filter((o) => Object.keys(o).length > 0)
        : [];
      return items.length ? items : undefined;
    }
    case 'multiselect':
      return Array.isArray(v) && v.length ? v : undefined;
    case 'tags': {
      const lines = typeof v === 'string' ? v.split('\n').map((s) => s.trim()).filter(Boolean) : [];
      return lines.length ? lines : undefined;
    }
    case 'number':
    case 'integer': {
      if (typeof v !== 'string' || v.trim() === '') return undefined;
      const n = Number(v.replace(',', '.'));
      return Number.isFinite(n) ? n : v; // a non-number goes to the server as typed: its 422 names the field
    }
    case 'boolean':
      return v === 'true' ? true : v === 'false' ? false : undefined;
    default:
      return typeof v === 'string' && v.trim() !== '' ? v : undefined;
  }
}

function buildObject(fields: FieldSpec[], values: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = fromInput(f, getPath(values, f.name));
    if (v !== undefined) setPath(out, f.name, v);
  }
  return out;
}

const allFields = (sections: SectionSpec[]): FieldSpec[] => sections.flatMap((s) => s.fields);

export function toFormValues(doc: Record<string, unknown>, sections: SectionSpec[]): FormValues {
  const out: Record<string, unknown> = {};
  for (const f of allFields(sections)) setPath(out, f.name, toInput(f, getPath(doc, f.name)));
  return out;
}

/**
 * The document the form describes. A bounding box is kept only when all four sides are given
 * (a half-typed box is left to the field checks rather than sent).
 */
export function fromFormValues(values: FormValues, sections: SectionSpec[]): Record<string, unknown> {
  const doc = buildObject(allFields(sections), values);
  const bbox = getPath(doc, 'extent.bbox') as Record<string, unknown> | undefined;
  if (bbox && ['west', 'east', 'south', 'north'].some((k) => bbox[k] === undefined)) {
    const extent = doc.extent as Record<string, unknown>;
    delete extent.bbox;
    if (Object.keys(extent).length === 0) delete doc.extent;
  }
  return doc;
}

export { getPath };
