import { LIMITS } from '../catalogue/metadata.schema';
import type { MetadataDoc } from '../catalogue/record.types';
import { validateMetadataDoc } from '../catalogue/validate-record';
import type { FieldError } from '../errors';
import { ImportMappingError } from './import-error';
import type { MapContext } from './map-context';
import type { SourceFormat } from './namespaces';
import { schemaAt } from './schema-at';

/**
 * The last step of every import: fit the mapped document to the schema's limits, validate it with
 * the same validator the REST API uses, drop optional values the schema refuses (a link that is
 * not a URL, a date it cannot read) with a warning, and turn whatever is still wrong into an
 * ImportMappingError naming the source element.
 */
export function finaliseDoc(doc: MetadataDoc, format: SourceFormat, rootName: string, ctx: MapContext): MetadataDoc {
  const fitted = fitLimits(doc, ctx) as MetadataDoc;
  let result = validateMetadataDoc(fitted);
  if (!result.ok) {
    const retry = dropRefused(fitted, result.errors, ctx);
    if (retry) result = validateMetadataDoc(retry);
  }
  if (result.ok) return result.doc;
  const [err] = result.errors as [FieldError, ...FieldError[]];
  const more = result.errors.length > 1 ? ` (dan ${result.errors.length - 1} masalah lain)` : '';
  throw new ImportMappingError(sourceElement(err.path, format, rootName), `${err.message}${more}`);
}

// Longer texts than the schema allows are cut (with a warning) rather than refusing a whole record.
const LONG_TEXT = new Set(['abstract', 'purpose', 'lineage']);
// the fields of issue 19 §4 take their limits from the schema (alternate titles 500, translations
// 10,000, codes 200 …); the older fields keep the rule they always had
const GROWN = new Set([
  'translations', 'alternateTitles', 'edition', 'resourceIdentifiers', 'parentIdentifier', 'serviceTypeVersions', 'couplingType',
  'operations', 'operatesOn', 'metadataContacts', 'distributors', 'additionalReferenceSystems', 'additionalResolutions',
  'formatVersions', 'conformity', 'processSteps', 'associatedResources', 'additionalOverviews',
]);
const GROWN_NESTED = /^\/(extent\/(additionalBboxes|vertical)|constraints\/legal|distributions\/\d+\/(function|applicationProfile))(\/|$)/;

/** The schema's maxLength at a pointer; an e-mail address or a URL is never cut (cut, it would be another one). */
function grownLimit(path: string): number {
  const s = schemaAt(path);
  if (!s || s.format !== undefined || typeof s.maxLength !== 'number') return Infinity;
  return s.maxLength;
}

function fitLimits(value: unknown, ctx: MapContext, path = ''): unknown {
  if (typeof value === 'string') {
    const field = path.split('/')[1] ?? '';
    const max = path === '/title' ? LIMITS.title : path === '/fileIdentifier' ? Infinity
      : GROWN.has(field) || GROWN_NESTED.test(path) ? grownLimit(path)
      : LONG_TEXT.has(field) && path.split('/').length === 2 ? LIMITS.longText : LIMITS.text;
    if (value.length <= max) return value;
    ctx.warn(`Teks ${path} dipotong menjadi ${max} karakter.`);
    return value.slice(0, max);
  }
  if (Array.isArray(value)) {
    const items = value.length > LIMITS.arrayItems ? value.slice(0, LIMITS.arrayItems) : value;
    if (items !== value) ctx.warn(`Daftar ${path} dipotong menjadi ${LIMITS.arrayItems} butir.`);
    return items.map((v, i) => fitLimits(v, ctx, `${path}/${i}`));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fitLimits(v, ctx, `${path}/${k}`)]));
  }
  return value;
}

/**
 * Optional values whose loss does not change what the record is: removed, with a warning.
 * Everything else (title, identifier, codes, bbox) stays an error.
 */
const DROPPABLE: { re: RegExp; what: string }[] = [
  { re: /^\/distributions\/\d+(\/url)?$/, what: 'distribusi' },
  { re: /^\/contacts\/\d+\/(email|phone|address|positionName|individualName)$/, what: 'data kontak' },
  { re: /^\/thumbnailUrl$/, what: 'gambar pratinjau' },
  { re: /^\/dates(\/\w+)?$/, what: 'tanggal' },
  { re: /^\/extent\/temporal(\/\w+)?$/, what: 'rentang waktu' },
  { re: /^\/spatialResolution(\/\w+)?$/, what: 'resolusi spasial' },
  { re: /^\/referenceSystem$/, what: 'sistem referensi' },
  { re: /^\/(relations|sources|spatialCoverage|formats)\/\d+$/, what: 'nilai' },
  // the fields of issue 19 §4 hold what the document holds besides the older fields: a value the
  // schema refuses stays in the document only and never costs the record
  { re: new RegExp(`^/(${[...GROWN].join('|')})(/.*)?$`), what: 'isian' },
  { re: GROWN_NESTED, what: 'isian' },
  { re: /^\/contacts\/\d+\/placement$/, what: 'isian' },
];

function dropRefused(doc: MetadataDoc, errors: FieldError[], ctx: MapContext): MetadataDoc | undefined {
  if (!errors.every((e) => DROPPABLE.some((d) => d.re.test(e.path)))) return undefined;
  const copy = structuredClone(doc) as unknown as Record<string, unknown>;
  // remove deepest / highest indices first so earlier indices stay valid
  const pointers = [...new Set(errors.map((e) => dropTarget(e.path)))]
    .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
  for (const p of pointers) {
    const e = errors.find((x) => dropTarget(x.path) === p)!;
    const what = DROPPABLE.find((d) => d.re.test(e.path))!.what;
    ctx.warn(`Nilai ${what} di ${e.path} ditolak skema dan diabaikan: ${e.message}`);
    removeAt(copy, p);
  }
  return copy as unknown as MetadataDoc;
}

/** A distribution is removed whole; other values by their own pointer. */
const dropTarget = (path: string): string => path.replace(/^(\/distributions\/\d+)\/url$/, '$1');

function removeAt(root: Record<string, unknown>, pointer: string): void {
  const parts = pointer.split('/').slice(1);
  const last = parts.pop()!;
  let node: unknown = root;
  for (const p of parts) node = (node as Record<string, unknown>)?.[p];
  if (Array.isArray(node)) node.splice(Number(last), 1);
  else if (node && typeof node === 'object') delete (node as Record<string, unknown>)[last];
  // an object or array left empty is removed too (the schema has no minItems on them, but clean is clearer)
  if (parts.length && ((Array.isArray(node) && node.length === 0) || (node && typeof node === 'object' && Object.keys(node).length === 0))) {
    removeAt(root, `/${parts.join('/')}`);
  }
}

/** Where a schema error on a field came from in the source document (canonical element names). */
const SOURCES: Record<'iso19139' | 'iso19115-3' | 'dc', Record<string, string>> = {
  iso19139: {
    fileIdentifier: 'gmd:fileIdentifier', title: 'gmd:identificationInfo/*/gmd:citation/gmd:CI_Citation/gmd:title',
    abstract: 'gmd:identificationInfo/*/gmd:abstract', contacts: 'gmd:identificationInfo/*/gmd:pointOfContact',
    dates: 'gmd:identificationInfo/*/gmd:citation/gmd:CI_Citation/gmd:date', extent: 'gmd:identificationInfo/*/gmd:extent',
    keywords: 'gmd:identificationInfo/*/gmd:descriptiveKeywords', distributions: 'gmd:distributionInfo',
    formats: 'gmd:distributionInfo', dataQuality: 'gmd:dataQualityInfo', lineage: 'gmd:dataQualityInfo',
    constraints: 'gmd:identificationInfo/*/gmd:resourceConstraints', referenceSystem: 'gmd:referenceSystemInfo',
    language: 'gmd:language', hierarchyLevel: 'gmd:hierarchyLevel', resourceType: 'gmd:hierarchyLevelName',
    topicCategories: 'gmd:identificationInfo/*/gmd:topicCategory', thumbnailUrl: 'gmd:identificationInfo/*/gmd:graphicOverview',
    spatialResolution: 'gmd:identificationInfo/*/gmd:spatialResolution', purpose: 'gmd:identificationInfo/*/gmd:purpose',
  },
  'iso19115-3': {
    fileIdentifier: 'mdb:metadataIdentifier', title: 'mdb:identificationInfo/*/mri:citation/cit:CI_Citation/cit:title',
    abstract: 'mdb:identificationInfo/*/mri:abstract', contacts: 'mdb:identificationInfo/*/mri:pointOfContact',
    dates: 'mdb:identificationInfo/*/mri:citation/cit:CI_Citation/cit:date', extent: 'mdb:identificationInfo/*/mri:extent',
    keywords: 'mdb:identificationInfo/*/mri:descriptiveKeywords', distributions: 'mdb:distributionInfo',
    formats: 'mdb:distributionInfo', dataQuality: 'mdb:dataQualityInfo', lineage: 'mdb:resourceLineage',
    constraints: 'mdb:identificationInfo/*/mri:resourceConstraints', referenceSystem: 'mdb:referenceSystemInfo',
    language: 'mdb:defaultLocale', hierarchyLevel: 'mdb:metadataScope', resourceType: 'mdb:metadataScope',
    topicCategories: 'mdb:identificationInfo/*/mri:topicCategory', thumbnailUrl: 'mdb:identificationInfo/*/mri:graphicOverview',
    spatialResolution: 'mdb:identificationInfo/*/mri:spatialResolution', purpose: 'mdb:identificationInfo/*/mri:purpose',
  },
  dc: {
    fileIdentifier: 'dc:identifier', title: 'dc:title', abstract: 'dct:abstract', contacts: 'dc:creator',
    keywords: 'dc:subject', formats: 'dc:format', relations: 'dc:relation', sources: 'dc:source',
    constraints: 'dc:rights', extent: 'ows:BoundingBox', distributions: 'dct:references', language: 'dc:language',
    resourceType: 'dc:type', hierarchyLevel: 'dc:type', spatialCoverage: 'dct:spatial', dates: 'dc:date',
  },
};

function sourceElement(pointer: string, format: SourceFormat, rootName: string): string {
  const family = format === 'csw-record' ? 'dc' : format === 'gmd' || format === 'gmi' ? 'iso19139' : 'iso19115-3';
  const field = pointer.split('/')[1] ?? '';
  const src = SOURCES[family][field];
  return src ? `${rootName}/${src}` : `${rootName} (${pointer})`;
}
