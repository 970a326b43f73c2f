import type { LocalisedText, RichView } from '../../catalogue/rich-view.types';
import { ITEMS_PATH, link, MEDIA, type Link } from '../oarec-links';
import { languageTag } from './record-values';

/**
 * The rich view of a record's ISO document (libs/import/rich-view.ts) in the GeoJSON record,
 * single record only (`/items/{id}`; the items list carries the model's properties and
 * `publicationDate`, docs/protocols/oarec.md#rich-record). Where the OGC API – Records record
 * schema has a place the value goes there (`externalIds` for resource identifiers, `formats`,
 * links with `rel` for licences and associated resources); everything else is an `iso:`
 * property, a namespaced extension the schema allows. Nothing is added for what the document lacks.
 */
export const ISO_PREFIX = 'iso:';

/** `{ en: "…", fr: "…" }`: PT_FreeText translations keyed by RFC 5646 language tags */
function translationsOf(t: LocalisedText | undefined): Record<string, string> | undefined {
  if (!t?.translations) return undefined;
  const out: Record<string, string> = {};
  for (const [lang, text] of Object.entries(t.translations)) out[languageTag(lang)] = text;
  return out;
}

const nonEmpty = <T>(xs: T[]): T[] | undefined => (xs.length ? xs : undefined);

/** properties of the rich view; `undefined` members are dropped by the caller's JSON */
export function richProperties(v: RichView): Record<string, unknown> {
  const translations: Record<string, Record<string, string>> = {};
  for (const [name, t] of [['title', v.title], ['description', v.abstract], ['purpose', v.purpose], ['lineage', v.lineage?.statement]] as const) {
    const tr = translationsOf(t);
    if (tr) translations[name] = tr;
  }
  const lineage = v.lineage && {
    ...(v.lineage.statement?.text ? { statement: v.lineage.statement.text } : {}),
    processSteps: v.lineage.processSteps,
    sources: v.lineage.sources,
  };
  const props: Record<string, unknown> = {
    ...(v.identifiers.length ? { externalIds: v.identifiers.map((i) => ({ value: i.code, ...(i.codeSpace ? { scheme: i.codeSpace } : {}) })) } : {}),
    ...(v.formats.length ? { formats: v.formats.map((f) => ({ name: f.name, ...(f.version ? { 'iso:version': f.version } : {}) })) } : {}),
    'iso:purpose': v.purpose?.text,
    'iso:lineage': lineage,
    'iso:conformity': nonEmpty(v.conformity.map((c) => ({
      ...(c.specification ? { specification: c.specification.text, ...(c.specification.href ? { specificationHref: c.specification.href } : {}) } : {}),
      ...(c.specificationDate ? { date: c.specificationDate } : {}),
      ...(c.specificationDateType ? { dateType: c.specificationDateType } : {}),
      ...(c.pass !== undefined ? { pass: c.pass } : {}),
      ...(c.explanation ? { explanation: c.explanation } : {}),
    }))),
    'iso:qualityResults': nonEmpty(v.qualityResults),
    'iso:spatialResolution': nonEmpty(v.resolutions),
    'iso:referenceSystems': nonEmpty(v.referenceSystems),
    'iso:resourceDates': nonEmpty(v.resourceDates),
    'iso:maintenanceFrequency': v.maintenanceFrequency,
    'iso:identifiers': nonEmpty(v.identifiers),
    'iso:constraints': nonEmpty(v.constraints),
    'iso:associations': nonEmpty(v.associations),
    'iso:operatesOn': nonEmpty(v.operatesOn),
    'iso:translations': Object.keys(translations).length ? translations : undefined,
    'iso:locales': nonEmpty(v.locales.map(languageTag)),
  };
  for (const k of Object.keys(props)) if (props[k] === undefined) delete props[k];
  return props;
}

const isWeb = (href: string): boolean => /^https?:\/\//i.test(href);

/**
 * Links of the rich view: `license` for the anchors of use constraints (INSPIRE and GEMINI
 * put the licence's URI there), `related` for associated resources and the datasets a service
 * operates on (their href, else this catalogue's record of the uuidref).
 */
export function richLinks(v: RichView, baseUrl: string, existing: readonly Link[]): Link[] {
  const seen = new Set(existing.map((l) => `${l.rel} ${l.href}`));
  const out: Link[] = [];
  const add = (l: Link) => {
    const key = `${l.rel} ${l.href}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(l);
  };
  for (const c of v.constraints) {
    if (c.use.length === 0) continue;
    for (const o of c.other) if (o.href && isWeb(o.href)) add(link(o.href, 'license', undefined, o.text));
  }
  const record = (uuid: string) => `${baseUrl}${ITEMS_PATH}/${encodeURIComponent(uuid)}`;
  for (const a of v.associations) {
    const href = a.href && isWeb(a.href) ? a.href : a.uuidref ? record(a.uuidref) : undefined;
    if (href) add(link(href, 'related', a.href ? undefined : MEDIA.geojson, [a.type, a.title ?? a.code].filter(Boolean).join(': ') || undefined));
  }
  for (const o of v.operatesOn) {
    const href = o.href && isWeb(o.href) ? o.href : o.uuidref ? record(o.uuidref) : undefined;
    if (href) add(link(href, 'related', o.href ? undefined : MEDIA.geojson, `operatesOn: ${o.title ?? o.uuidref ?? href}`));
  }
  return out;
}
