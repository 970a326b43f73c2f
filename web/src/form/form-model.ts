/**
 * Form generation from the metadata JSON Schema that the API serves (GET /api/schema/metadata):
 * every property becomes a field description — its input kind, the reference list it draws
 * codes from, and the checks the browser runs while the user types (the schema's own
 * maxLength, minLength, pattern, minimum, maximum, format). Fields are grouped into the
 * sections of an ISO editor by their top-level property. The server stays the judge: its 422
 * errors are mapped onto the same field names.
 */
export type JsonSchema = { readonly [k: string]: unknown };

export type FieldKind = 'text' | 'textarea' | 'number' | 'integer' | 'select' | 'multiselect' | 'date' | 'tags' | 'boolean' | 'objects';

export interface FieldRules {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  format?: string;
  minItems?: number;
  /**
   * set on a required part of an optional object (the sides of `extent.bbox`): the part is
   * required only once any part of that object (this dotted name) is given; an absent box is fine
   */
  requiredWithin?: string;
}

export interface FieldSpec {
  /** dotted name, e.g. `extent.bbox.west`; inside an `objects` field relative to the item */
  name: string;
  kind: FieldKind;
  rules: FieldRules;
  /** reference list (GET /api/referensi/{name}) the codes come from */
  refList?: string;
  /** the codes of an ISO code list the schema names itself (`enum`): no reference list of ours */
  options?: readonly string[];
  /** item fields of an `objects` field */
  itemFields?: FieldSpec[];
}

export const SECTION_IDS = ['identification', 'keywords', 'contacts', 'extent', 'distribution', 'constraints', 'quality', 'thumbnail'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export interface SectionSpec {
  id: SectionId;
  fields: FieldSpec[];
}

/** Which ISO editor section each top-level property belongs to; anything unlisted goes to identification. */
const SECTION_OF: Record<string, SectionId> = {
  keywords: 'keywords', topicCategories: 'keywords',
  contacts: 'contacts',
  metadataContacts: 'contacts', distributors: 'contacts',
  extent: 'extent', referenceSystem: 'extent', spatialRepresentationType: 'extent', spatialResolution: 'extent', spatialCoverage: 'extent',
  additionalReferenceSystems: 'extent', additionalResolutions: 'extent',
  distributions: 'distribution', formats: 'distribution', formatVersions: 'distribution', relations: 'distribution',
  constraints: 'constraints',
  dataQuality: 'quality', conformity: 'quality', lineage: 'quality', processSteps: 'quality', sources: 'quality',
  thumbnailUrl: 'thumbnail', additionalOverviews: 'thumbnail',
};

/** Managed by the server or not meant for hand editing. */
const HIDDEN = new Set(['fileIdentifier']);

/**
 * Item parts not shown in a list: where the resource names a party (citation or point of contact)
 * means nothing for the metadata's own contact or a distributor. A value read from a document
 * still travels through the form unchanged (form-values.ts passThrough).
 */
const HIDDEN_ITEM_PARTS: Record<string, readonly string[]> = {
  metadataContacts: ['placement'], distributors: ['placement'],
  // the mark of a service's connect point listed among the links (the operation owns it; the server refuses a change)
  distributions: ['operation'],
};

/** Titles are one line even in translation, though the schema allows them the long-text length. */
const ONE_LINE = new Set(['translations.title.ind', 'translations.title.eng']);

const LONG_TEXT = 5000;

function refListOf(s: JsonSchema): string | undefined {
  const d = typeof s.description === 'string' ? s.description : '';
  return /\/api\/referensi\/([A-Z_]+)/.exec(d)?.[1];
}

function enumOf(s: JsonSchema): readonly string[] | undefined {
  return Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string') ? (s.enum as string[]) : undefined;
}

function rulesOf(s: JsonSchema, required: boolean): FieldRules {
  const r: FieldRules = {};
  if (required) r.required = true;
  for (const k of ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'minItems'] as const) {
    if (typeof s[k] === 'number') r[k] = s[k] as number;
  }
  if (typeof s.pattern === 'string') r.pattern = s.pattern;
  if (typeof s.format === 'string') r.format = s.format;
  return r;
}

/** the one top-level field a record written in the editor must have */
const EDITOR_REQUIRED = 'title';

/** `item`: the parts of a list item, where `title` is the item's own (an associated resource's), never required by the editor */
function fieldsOf(schema: JsonSchema, prefix: string, optionalParent?: string, item = false): FieldSpec[] {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: FieldSpec[] = [];
  for (const [key, s] of Object.entries(props)) {
    if (!prefix && HIDDEN.has(key)) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    // the editor's record needs a title (the server says so too: records.service), though the
    // schema does not require one: an imported document without a title keeps none (issue 19)
    const rules = rulesOf(s, required.has(key) || (!prefix && !item && key === EDITOR_REQUIRED));
    // the innermost optional object a required part belongs to
    if (rules.required && optionalParent) rules.requiredWithin = optionalParent;
    if (s.type === 'object') {
      out.push(...fieldsOf(s, name, required.has(key) ? optionalParent : name));
    } else if (s.type === 'array') {
      const items = (s.items ?? {}) as JsonSchema;
      if (items.type === 'object') {
        const hidden = HIDDEN_ITEM_PARTS[name] ?? [];
        out.push({ name, kind: 'objects', rules, itemFields: fieldsOf(items, '', undefined, true).filter((f) => !hidden.includes(f.name)) });
      } else {
        const refList = refListOf(items);
        const options = enumOf(items);
        out.push({ name, kind: refList || options ? 'multiselect' : 'tags', rules, ...(refList ? { refList } : {}), ...(options ? { options } : {}) });
      }
    } else if (s.type === 'number' || s.type === 'integer') {
      out.push({ name, kind: s.type, rules });
    } else if (s.type === 'boolean') {
      out.push({ name, kind: 'boolean', rules });
    } else {
      const refList = refListOf(s);
      const options = enumOf(s);
      const isDate = typeof s.description === 'string' && s.description.startsWith('YYYY');
      const long = (rules.maxLength ?? 0) >= LONG_TEXT && !ONE_LINE.has(name);
      const kind: FieldKind = refList || options ? 'select' : isDate ? 'date' : long ? 'textarea' : 'text';
      out.push({ name, kind, rules, ...(refList ? { refList } : {}), ...(options ? { options } : {}) });
    }
  }
  return out;
}

/** The editor's sections, in ISO editor order, each with its generated fields. */
export function buildFormModel(schema: JsonSchema): SectionSpec[] {
  const all = fieldsOf(schema, '');
  return SECTION_IDS.map((id) => ({ id, fields: all.filter((f) => (SECTION_OF[f.name.split('.')[0] ?? ''] ?? 'identification') === id) }));
}

/** Every reference list the form needs, to fetch them once. */
export function referenceListsOf(sections: SectionSpec[]): string[] {
  const names = new Set<string>();
  const visit = (f: FieldSpec) => {
    if (f.refList) names.add(f.refList);
    f.itemFields?.forEach(visit);
  };
  sections.forEach((s) => s.fields.forEach(visit));
  return [...names].sort();
}

/** A message key and its parameters; the screen translates it. */
export interface RuleViolation {
  key: 'required' | 'tooLong' | 'tooShort' | 'pattern' | 'min' | 'max' | 'email' | 'url' | 'number' | 'verticalOrder';
  params?: Record<string, string | number>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The schema's checks on one value as typed (strings from inputs; numbers already parsed). */
export function checkValue(spec: FieldSpec, value: unknown): RuleViolation | undefined {
  const r = spec.rules;
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty) return r.required ? { key: 'required' } : undefined;
  if (spec.kind === 'number' || spec.kind === 'integer') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n) || (spec.kind === 'integer' && !Number.isInteger(n))) return { key: 'number' };
    if (r.minimum !== undefined && n < r.minimum) return { key: 'min', params: { min: r.minimum } };
    if (r.exclusiveMinimum !== undefined && n <= r.exclusiveMinimum) return { key: 'min', params: { min: r.exclusiveMinimum } };
    if (r.maximum !== undefined && n > r.maximum) return { key: 'max', params: { max: r.maximum } };
    return undefined;
  }
  if (typeof value === 'string') {
    if (r.minLength !== undefined && value.length < r.minLength) return { key: 'tooShort', params: { min: r.minLength } };
    if (r.maxLength !== undefined && value.length > r.maxLength) return { key: 'tooLong', params: { max: r.maxLength } };
    if (r.format === 'email' && !EMAIL.test(value)) return { key: 'email' };
    if (r.format === 'uri' && !/^(https?|ftp):\/\/\S+$/i.test(value)) return { key: 'url' };
    if (r.pattern && !new RegExp(r.pattern, 'u').test(value)) return { key: 'pattern' };
  }
  return undefined;
}
