import type { Element } from '@xmldom/xmldom';
import type { Contact, FormatVersion, GraphicOverview, MetadataDoc, RecordDates, ResourceIdentifier, SpatialResolution } from '../catalogue/record.types';
import { childElements, first, propCode, propText, qname, qpath, select, textAt, type NsPredicate } from './dom';
import { ImportMappingError } from './import-error';
import { readAssociatedResources } from './iso-associations';
import { readCitationExtras, readParentIdentifier, readResourceIdentifiers, readTranslations } from './iso-citation';
import { dedupeContacts, readParty } from './iso-contacts';
import { readExtents } from './iso-extent';
import {
  distributionResources, firstText, readConstraints, readKeywords, readLineage, readOnlineResources, unique,
} from './iso-parts';
import { readQualityReports } from './iso-quality';
import { readService } from './iso-service';
import { readLocales } from './rich-view-text';
import type { MapContext } from './map-context';
import { ISO19115_3_NS, ISO19139_NS } from './namespaces';
import { normaliseCrs } from './normalise-crs';
import { normaliseLanguage } from './normalise-language';
import { FILE_IDENTIFIER, normaliseDate, normaliseUrl, parseNumber } from './values';

const XLINK = 'http://www.w3.org/1999/xlink';

/**
 * ISO 19139 (gmd:MD_Metadata, gmi:MI_Metadata) and ISO 19115-3 (mdb 1.0 / 2.0) → MetadataDoc.
 * Both encodings share most local names; where they differ (identifier, locale, scope, contact
 * parties, format names, lineage) both paths are tried, and the namespace predicate keeps each
 * document to its own family. Only the first identificationInfo is read.
 *
 * Contacts rule: the resource's contacts — citation citedResponsibleParty, then
 * identificationInfo pointOfContact — de-duplicated; the metadata contact (gmd:contact /
 * mdb:contact) is used only when the resource names nobody, so an organisation is never lost.
 * Contacts named by the citation carry `placement: 'citation'`. The metadata contacts and the
 * distributors are also kept apart, each as written (issue 19 §4).
 */
export function mapIso(root: Element, family: 'iso19139' | 'iso19115-3', ctx: MapContext): MetadataDoc {
  const ns = family === 'iso19139' ? ISO19139_NS : ISO19115_3_NS;
  const label = family === 'iso19139' ? GMD_LABELS : MDB_LABELS;
  const ident = first(root, 'identificationInfo/*', ns);
  if (select(root, 'identificationInfo/*', ns).length > 1) ctx.warn('Dokumen memiliki lebih dari satu identificationInfo; hanya yang pertama dipetakan.');
  // A fragment (an ISO root without identificationInfo) is ISO metadata and is imported (nothing
  // that is ISO is refused), but it describes no resource: said once, in both languages, because
  // harvested and batch-imported fragments are often read by people outside Indonesia too.
  if (!ident) ctx.warn(fragmentWarning(qname(root), family === 'iso19139' ? 'gmd:identificationInfo' : 'mdb:identificationInfo'));
  const citation = ident ? first(ident, 'citation/CI_Citation', ns) : undefined;

  const title = readTitle(root, citation, ns, label, ctx);
  const doc: MetadataDoc = title === undefined ? {} : { title };
  const id = readIdentifier(root, ns);
  if (id) doc.fileIdentifier = id;

  const language = readLanguage(ident, root, ns, ctx);
  if (language) doc.language = language;
  const scope = first(root, 'hierarchyLevel', ns) ?? first(root, 'metadataScope/MD_MetadataScope/resourceScope', ns);
  const hierarchyLevel = ctx.code('LEVEL_HIERARKI', scope);
  if (hierarchyLevel) doc.hierarchyLevel = hierarchyLevel;
  const scopeName = textAt(root, 'hierarchyLevelName', ns) ?? textAt(root, 'metadataScope/MD_MetadataScope/name', ns);
  if (scopeName && /^(https?:\/\/|urn:)\S+$/i.test(scopeName)) doc.resourceType = scopeName;

  const parent = readParentIdentifier(root, ns);
  if (parent) doc.parentIdentifier = parent;
  const refSys = readReferenceSystems(root, ns, ctx);
  if (refSys.chosen) doc.referenceSystem = refSys.chosen;
  if (refSys.additional.length) doc.additionalReferenceSystems = refSys.additional;
  const formats = readFormats(root, ident, ns);
  if (formats.names.length) doc.formats = formats.names;
  if (formats.versions.length) doc.formatVersions = formats.versions;
  // a service's connect points are listed with the distribution links (search, links), marked as
  // the operations' own (Distribution.operation): a link written in both places is a distribution
  const connectPoints = ident ? select(ident, 'containsOperations/SV_OperationMetadata/connectPoint/CI_OnlineResource', ns) : [];
  const distributions = readOnlineResources([...distributionResources(root, ns), ...connectPoints], ns, ctx, new Set(connectPoints));
  if (distributions.length) doc.distributions = distributions;
  const quality = readQualityReports(root, ns, ctx);
  if (quality.dataQuality.length) doc.dataQuality = quality.dataQuality;
  if (quality.conformity.length) doc.conformity = quality.conformity;
  const lineage = readLineage(root, ns);
  if (lineage.statement) doc.lineage = lineage.statement;
  if (lineage.processSteps.length) doc.processSteps = lineage.processSteps;
  if (lineage.sources.length) doc.sources = lineage.sources;

  const parties = (holders: Element[]): Contact[] => holders.flatMap((h) => readParty(h, ns, ctx, 'pointOfContact'));
  // a citedResponsibleParty written under identificationInfo itself (no citation) was always read too; it has no placement
  let contacts = ident ? [
    ...parties(select(citation ?? ident, 'citedResponsibleParty', ns)).map((c): Contact => (citation ? { ...c, placement: 'citation' } : c)),
    ...parties(select(ident, 'pointOfContact', ns)),
  ] : [];
  const metadataContacts = parties(select(root, 'contact', ns));
  if (contacts.length === 0) contacts = metadataContacts;
  contacts = dedupeContacts(contacts);
  if (contacts.length) doc.contacts = contacts;
  if (metadataContacts.length) doc.metadataContacts = metadataContacts;
  const distributors = select(root, 'distributionInfo/MD_Distribution/distributor/MD_Distributor/distributorContact', ns)
    .flatMap((h) => readParty(h, ns, ctx, 'distributor'));
  if (distributors.length) doc.distributors = distributors;

  if (ident) mapIdentification(doc, root, ident, citation, ns, ctx);
  return doc;
}

/** Canonical element paths for messages about elements that are missing. */
/** The import warning of a document without identificationInfo (Indonesian, then English). */
export function fragmentWarning(root: string, element: string): string {
  return `Fragmen ISO: ${root} tidak memiliki ${element}; diimpor tanpa keterangan sumber daya (judul, abstrak, cakupan). `
    + `/ ISO fragment: ${root} has no ${element}; imported without a resource description (title, abstract, extent).`;
}

const GMD_LABELS = { title: 'gmd:identificationInfo/gmd:MD_DataIdentification/gmd:citation/gmd:CI_Citation/gmd:title', citationTitle: 'gmd:title' };
const MDB_LABELS = { title: 'mdb:identificationInfo/mri:MD_DataIdentification/mri:citation/cit:CI_Citation/cit:title', citationTitle: 'cit:title' };

/**
 * The citation title, else the alternate title (with a warning). A document without either
 * keeps no title: nothing is invented (issue 19); pages show a placeholder.
 */
function readTitle(root: Element, citation: Element | undefined, ns: NsPredicate,
  label: typeof GMD_LABELS, ctx: MapContext): string | undefined {
  const title = citation ? textAt(citation, 'title', ns) : undefined;
  if (title) return title;
  const alternate = citation ? textAt(citation, 'alternateTitle', ns) : undefined;
  const at = citation ? `${qpath(citation)}/${label.citationTitle}` : `${qpath(root)}/${label.title}`;
  if (alternate) {
    ctx.warn(`Judul (${at}) kosong; judul alternatif "${alternate}" dipakai sebagai judul.`);
    return alternate;
  }
  ctx.warn(`Dokumen tidak memiliki judul sumber daya (${at}); rekaman disimpan tanpa judul.`);
  return undefined;
}

/** The document's own identifier, kept as written (URLs, paths, spaces); only a 2,000+ character one is a 422. */
function readIdentifier(root: Element, ns: NsPredicate): string | undefined {
  const el = first(root, 'fileIdentifier', ns) ?? first(root, 'metadataIdentifier/MD_Identifier/code', ns);
  const id = propText(el);
  if (!id || !el) return undefined;
  if (!FILE_IDENTIFIER.test(id)) {
    throw new ImportMappingError(qpath(el), `Pengenal metadata "${id.slice(0, 80)}…" lebih dari 2.000 karakter.`);
  }
  return id;
}

/** The resource language first (what the data is in), else the metadata language. */
function readLanguage(ident: Element | undefined, root: Element, ns: NsPredicate, ctx: MapContext): string | undefined {
  const candidates = [
    ident && first(ident, 'language', ns), ident && first(ident, 'defaultLocale/PT_Locale/language', ns),
    first(root, 'language', ns), first(root, 'defaultLocale/PT_Locale/language', ns),
  ];
  for (const el of candidates) {
    const raw = propCode(el ?? undefined);
    if (!raw || !el) continue;
    const code = normaliseLanguage(raw);
    return ctx.codeValue('BAHASA', code ?? raw, el);
  }
  return undefined;
}

/**
 * The first EPSG code is `referenceSystem` (as always); every other reference system identifier
 * — a non-EPSG one, or one after the chosen code — is kept as written (code + codeSpace) in
 * `additionalReferenceSystems` (issue 19 §4), so none is lost.
 */
function readReferenceSystems(root: Element, ns: NsPredicate, ctx: MapContext): { chosen?: string; additional: ResourceIdentifier[] } {
  let chosen: string | undefined;
  const additional: ResourceIdentifier[] = [];
  for (const id of select(root, 'referenceSystemInfo/MD_ReferenceSystem/referenceSystemIdentifier/*', ns)) {
    const codeEl = first(id, 'code', ns);
    const raw = propText(codeEl);
    if (!raw) continue;
    const codeSpace = textAt(id, 'codeSpace', ns);
    const href = codeEl ? childElements(codeEl)[0]?.getAttributeNS(XLINK, 'href') : undefined;
    const epsg = normaliseCrs(raw, codeSpace) ?? (href ? normaliseCrs(href) : undefined);
    if (epsg && !chosen) chosen = epsg;
    else additional.push(codeSpace ? { code: raw, codeSpace } : { code: raw });
  }
  if (!chosen && additional.length) ctx.warn(`Sistem referensi "${additional[0]!.code}" bukan kode EPSG; rekaman tidak memiliki sistem referensi EPSG.`);
  return { chosen, additional };
}

/** Format names (as always) and, for those that give one, their version (19115-3: the citation's edition). */
function readFormats(root: Element, ident: Element | undefined, ns: NsPredicate): { names: string[]; versions: FormatVersion[] } {
  const formats = [
    ...select(root, 'distributionInfo/MD_Distribution/distributionFormat/MD_Format', ns),
    ...select(root, 'distributionInfo/MD_Distribution/distributor/MD_Distributor/distributorFormat/MD_Format', ns),
    ...(ident ? select(ident, 'resourceFormat/MD_Format', ns) : []),
  ];
  // 19139 MD_Format/name; 19115-3 MD_Format/formatSpecificationCitation/CI_Citation/title
  const names = unique(formats.map((f) => firstText(f, ['name', 'formatSpecificationCitation/CI_Citation/title'], ns))
    .filter((x): x is string => !!x));
  const versions: FormatVersion[] = [];
  for (const f of formats) {
    const format = firstText(f, ['name', 'formatSpecificationCitation/CI_Citation/title'], ns);
    const version = firstText(f, ['version', 'formatSpecificationCitation/CI_Citation/edition'], ns);
    if (format && version && !versions.some((v) => v.format === format && v.version === version)) versions.push({ format, version });
  }
  return { names, versions };
}

function mapIdentification(doc: MetadataDoc, root: Element, ident: Element, citation: Element | undefined, ns: NsPredicate, ctx: MapContext): void {
  const abstract = textAt(ident, 'abstract', ns);
  if (abstract) doc.abstract = abstract;
  const translations = readTranslations(ident, citation, ns, readLocales(root, ns));
  if (translations) doc.translations = translations;
  if (citation) {
    Object.assign(doc, readCitationExtras(citation, ns));
    const ids = readResourceIdentifiers(citation, ns);
    if (ids.length) doc.resourceIdentifiers = ids;
  }
  Object.assign(doc, readService(ident, ns, ctx));
  // srv:SV_ServiceIdentification only: gco:LocalName or gco:ScopedName (a CharacterString in
  // some records); what apiso:ServiceType searches
  const serviceType = textAt(ident, 'serviceType', ns);
  if (serviceType) doc.serviceType = serviceType;
  const purpose = textAt(ident, 'purpose', ns);
  if (purpose) doc.purpose = purpose;
  const progress = ctx.code('STATUS_PROGRES', first(ident, 'status', ns));
  if (progress) doc.progressStatus = progress;
  const srt = ctx.code('REPRESENTASI_SPASIAL', first(ident, 'spatialRepresentationType', ns));
  if (srt) doc.spatialRepresentationType = srt;
  const freq = ctx.code('FREKUENSI_PEMBARUAN', first(ident, 'resourceMaintenance/MD_MaintenanceInformation/maintenanceAndUpdateFrequency', ns));
  if (freq) doc.maintenanceFrequency = freq;
  const topics = unique(select(ident, 'topicCategory', ns).map((t) => ctx.code('TOPIK_KATEGORI', t)).filter((x): x is string => !!x));
  if (topics.length) doc.topicCategories = topics;
  const keywords = readKeywords(ident, ns, ctx);
  if (keywords.length) doc.keywords = keywords;
  const constraints = readConstraints(ident, ns, ctx);
  if (constraints) doc.constraints = constraints;
  const dates = citation ? readDates(citation, ns, ctx) : undefined;
  if (dates) doc.dates = dates;
  const resolutions = readResolutions(ident, ns, ctx);
  if (resolutions.primary) doc.spatialResolution = resolutions.primary;
  if (resolutions.additional.length) doc.additionalResolutions = resolutions.additional;

  const { bbox, additionalBboxes, vertical, temporal, spatialCoverage } = readExtents(ident, ns, ctx);
  if (bbox || temporal || vertical) {
    doc.extent = {
      ...(bbox ? { bbox } : {}), ...(additionalBboxes.length ? { additionalBboxes } : {}), ...(vertical ? { vertical } : {}), ...(temporal ? { temporal } : {}),
    };
  }
  if (spatialCoverage.length) doc.spatialCoverage = spatialCoverage;

  const thumbs = select(ident, 'graphicOverview/MD_BrowseGraphic/fileName', ns).map(propText).filter((x): x is string => !!x);
  const thumb = thumbs.map(normaliseUrl).find(Boolean);
  if (thumb) doc.thumbnailUrl = thumb;
  else if (thumbs.length) ctx.warn(`Gambar pratinjau "${thumbs[0]}" bukan URL http/https dan diabaikan.`);
  const overviews = readOverviews(ident, thumb, ns);
  if (overviews.length) doc.additionalOverviews = overviews;
  const associated = readAssociatedResources(ident, ns, ctx);
  if (associated.length) doc.associatedResources = associated;

  const relations = unique([
    // 19139: aggregationInfo identifiers (how our gmd builder writes relations); services: operatesOn
    ...select(ident, 'aggregationInfo/MD_AggregateInformation/aggregateDataSetIdentifier/*/code', ns).map((c) => propText(c) ?? ''),
    ...select(ident, 'operatesOn', ns).map((o) => o.getAttribute('uuidref') || o.getAttributeNS(XLINK, 'href') || ''),
    // 19115-3: associatedResource by metadata reference, else by the citation's identifier (a title
    // names a resource but does not identify it: it is in associatedResources, not a relation)
    ...select(ident, 'associatedResource/MD_AssociatedResource', ns).map((a) => first(a, 'metadataReference', ns)?.getAttribute('uuidref')
      || textAt(a, 'metadataReference/CI_Citation/identifier/*/code', ns) || textAt(a, 'name/CI_Citation/identifier/*/code', ns) || ''),
  ].map((s) => s.trim()).filter((s) => s !== '' && !s.startsWith('#')));
  if (relations.length) doc.relations = relations;
}

function readDates(citation: Element, ns: NsPredicate, ctx: MapContext): RecordDates | undefined {
  const dates: RecordDates = {};
  for (const d of select(citation, 'date/CI_Date', ns)) {
    const type = propCode(first(d, 'dateType', ns));
    if (type !== 'creation' && type !== 'publication' && type !== 'revision') continue;
    const raw = textAt(d, 'date', ns);
    const value = normaliseDate(raw);
    if (raw && !value) ctx.warn(`Tanggal ${type} "${raw}" bukan tanggal ISO dan diabaikan.`);
    if (value && !dates[type]) dates[type] = value;
  }
  return Object.keys(dates).length ? dates : undefined;
}

/** The browse graphics other than the one `thumbnailUrl` took, with a fetchable address (our schema). */
function readOverviews(ident: Element, thumb: string | undefined, ns: NsPredicate): GraphicOverview[] {
  const out: GraphicOverview[] = [];
  let thumbSeen = false;
  for (const g of select(ident, 'graphicOverview/MD_BrowseGraphic', ns)) {
    const url = normaliseUrl(textAt(g, 'fileName', ns));
    if (!url) continue;
    if (url === thumb && !thumbSeen) {
      thumbSeen = true;
      continue;
    }
    const description = textAt(g, 'fileDescription', ns);
    out.push(description ? { url, description } : { url });
  }
  return out;
}

/**
 * MD_Resolution is a choice in ISO: a scale and a distance come as two spatialResolution elements.
 * The first scale and the first distance make `spatialResolution` (as always); every other value
 * is one entry of `additionalResolutions`, in document order (issue 19 §4).
 */
function readResolutions(ident: Element, ns: NsPredicate, ctx: MapContext): { primary?: SpatialResolution; additional: SpatialResolution[] } {
  const primary: SpatialResolution = {};
  const additional: SpatialResolution[] = [];
  for (const r of select(ident, 'spatialResolution/MD_Resolution', ns)) {
    const extra: SpatialResolution = {};
    const rawScale = textAt(r, 'equivalentScale/MD_RepresentativeFraction/denominator', ns);
    const scale = parseNumber(rawScale);
    if (scale !== undefined && scale >= 1) {
      if (primary.scaleDenominator === undefined) primary.scaleDenominator = Math.round(scale);
      else extra.scaleDenominator = Math.round(scale);
    } else if (rawScale) ctx.warn(`Skala "${rawScale}" bukan bilangan positif dan diabaikan.`);
    const distEl = first(r, 'distance', ns);
    const rawDist = propText(distEl);
    const dist = parseNumber(rawDist);
    if (dist !== undefined && dist > 0) {
      const uom = (distEl ? childElements(distEl)[0]?.getAttribute('uom')?.trim() : undefined) || 'm';
      const target = primary.distance === undefined ? primary : extra;
      target.distance = dist;
      target.distanceUom = uom;
    } else if (rawDist) {
      ctx.warn(`Jarak resolusi "${rawDist}" bukan bilangan positif dan diabaikan.`);
    }
    if (Object.keys(extra).length) additional.push(extra);
  }
  return { primary: Object.keys(primary).length ? primary : undefined, additional };
}
