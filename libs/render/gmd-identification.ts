import type { XmlNodeBuilder as XMLBuilder } from './gmd-tree';
import type { Contact, MetadataRecord } from '../catalogue/record.types';
import { anchorOrStr, code, date, nil, num, str, strOrNil, xmlAttr, xmlText } from './gmd-xml';
import { GMD_TOPIC_CATEGORIES, decimal, isoDate, positiveInteger, present } from './gmd-values';
import { LANGUAGE_CODELIST } from './xml-namespaces';

/**
 * gmd:identificationInfo. Every record, services included, is written as
 * gmd:MD_DataIdentification: in ISO 19139 srv:SV_ServiceIdentification has no place for the
 * resource language, topic categories, spatial representation or resolution, so using it
 * would drop fields of service records from every form derived from this document. The
 * hierarchyLevel (service) says what the resource is; the ISO 19115-3 stylesheet, whose
 * service identification does carry those fields, writes srv:SV_ServiceIdentification.
 */
export function identificationInfo(root: XMLBuilder, r: MetadataRecord): void {
  const id = root.ele('gmd:identificationInfo').ele('gmd:MD_DataIdentification');
  citation(id, r);
  strOrNil(id, 'gmd:abstract', r.abstract);
  str(id, 'gmd:purpose', r.purpose);
  if (present(r.progressStatus)) code(id, 'gmd:status', 'MD_ProgressCode', r.progressStatus);
  for (const c of r.contacts ?? []) responsibleParty(id.ele('gmd:pointOfContact'), c);
  if (present(r.maintenanceFrequency)) {
    code(id.ele('gmd:resourceMaintenance').ele('gmd:MD_MaintenanceInformation'), 'gmd:maintenanceAndUpdateFrequency',
      'MD_MaintenanceFrequencyCode', r.maintenanceFrequency);
  }
  if (present(r.thumbnailUrl)) str(id.ele('gmd:graphicOverview').ele('gmd:MD_BrowseGraphic'), 'gmd:fileName', r.thumbnailUrl);
  keywords(id, r);
  constraints(id, r);
  for (const rel of (r.relations ?? []).filter(present)) {
    const agg = id.ele('gmd:aggregationInfo').ele('gmd:MD_AggregateInformation');
    str(agg.ele('gmd:aggregateDataSetIdentifier').ele('gmd:MD_Identifier'), 'gmd:code', rel);
    code(agg, 'gmd:associationType', 'DS_AssociationTypeCode', 'crossReference');
  }
  if (present(r.spatialRepresentationType)) {
    code(id, 'gmd:spatialRepresentationType', 'MD_SpatialRepresentationTypeCode', r.spatialRepresentationType);
  }
  resolution(id, r);
  if (present(r.language)) language(id, 'gmd:language', r.language);
  else nil(id, 'gmd:language');
  code(id, 'gmd:characterSet', 'MD_CharacterSetCode', 'utf8');
  // an enumeration in 19139: codes outside it (19115-1's extraTerrestrial, disaster) cannot be written
  for (const t of r.topicCategories ?? []) {
    if (GMD_TOPIC_CATEGORIES.has(t)) id.ele('gmd:topicCategory').ele('gmd:MD_TopicCategoryCode').txt(t);
  }
  extent(id, r);
}

function citation(id: XMLBuilder, r: MetadataRecord): void {
  const cit = id.ele('gmd:citation').ele('gmd:CI_Citation');
  strOrNil(cit, 'gmd:title', r.title);
  let dates = 0;
  for (const type of ['creation', 'publication', 'revision'] as const) {
    const d = isoDate(r.dates?.[type]);
    if (!d) continue;
    const ci = cit.ele('gmd:date').ele('gmd:CI_Date');
    date(ci, 'gmd:date', d);
    code(ci, 'gmd:dateType', 'CI_DateTypeCode', type);
    dates++;
  }
  if (dates === 0) nil(cit, 'gmd:date');
}

/** A language property as gmd:LanguageCode (ISO 639-2), which substitutes for gco:CharacterString. */
export function language(parent: XMLBuilder, name: string, lang: string): void {
  const v = lang.trim();
  parent.ele(name).ele('gmd:LanguageCode', { codeList: LANGUAGE_CODELIST, codeListValue: xmlAttr(v) }).txt(xmlText(v));
}

export function responsibleParty(prop: XMLBuilder, c: Contact): void {
  const rp = prop.ele('gmd:CI_ResponsibleParty');
  str(rp, 'gmd:individualName', c.individualName);
  str(rp, 'gmd:organisationName', c.organisationName);
  str(rp, 'gmd:positionName', c.positionName);
  if (present(c.phone) || present(c.address) || present(c.email) || present(c.onlineResource)) {
    const ci = rp.ele('gmd:contactInfo').ele('gmd:CI_Contact');
    if (present(c.phone)) str(ci.ele('gmd:phone').ele('gmd:CI_Telephone'), 'gmd:voice', c.phone);
    if (present(c.address) || present(c.email)) {
      const addr = ci.ele('gmd:address').ele('gmd:CI_Address');
      str(addr, 'gmd:deliveryPoint', c.address);
      str(addr, 'gmd:electronicMailAddress', c.email);
    }
    // CI_Contact's order: phone, address, onlineResource
    if (present(c.onlineResource)) ci.ele('gmd:onlineResource').ele('gmd:CI_OnlineResource').ele('gmd:linkage').ele('gmd:URL').txt(xmlText(c.onlineResource));
  }
  code(rp, 'gmd:role', 'CI_RoleCode', present(c.role) ? c.role : 'pointOfContact');
}

function keywords(id: XMLBuilder, r: MetadataRecord): void {
  for (const k of r.keywords ?? []) {
    const values = (k.values ?? []).filter(present);
    if (values.length === 0) continue;
    const kw = id.ele('gmd:descriptiveKeywords').ele('gmd:MD_Keywords');
    const anchorOf = (v: string): string | undefined => k.anchors?.find((a) => a.value === v)?.uri;
    for (const v of values) anchorOrStr(kw, 'gmd:keyword', v, anchorOf(v));
    if (present(k.type)) code(kw, 'gmd:type', 'MD_KeywordTypeCode', k.type);
    if (present(k.thesaurus)) {
      const cit = kw.ele('gmd:thesaurusName').ele('gmd:CI_Citation');
      anchorOrStr(cit, 'gmd:title', k.thesaurus, k.thesaurusAnchor);
      nil(cit, 'gmd:date', 'unknown');
    }
  }
}

function constraints(id: XMLBuilder, r: MetadataRecord): void {
  const c = r.constraints;
  if (!c) return;
  if (present(c.useLimitation) || present(c.license)) {
    const legal = id.ele('gmd:resourceConstraints').ele('gmd:MD_LegalConstraints');
    str(legal, 'gmd:useLimitation', c.useLimitation);
    if (present(c.license)) {
      // the licence is free text: ISO says so with useConstraints = otherRestrictions
      code(legal, 'gmd:useConstraints', 'MD_RestrictionCode', 'otherRestrictions');
      str(legal, 'gmd:otherConstraints', c.license);
    }
  }
  if (present(c.classification)) {
    code(id.ele('gmd:resourceConstraints').ele('gmd:MD_SecurityConstraints'), 'gmd:classification', 'MD_ClassificationCode', c.classification);
  }
}

/** MD_Resolution is a choice: a scale and a ground distance are two spatialResolution elements. */
function resolution(id: XMLBuilder, r: MetadataRecord): void {
  const res = r.spatialResolution;
  if (!res) return;
  const scale = positiveInteger(res.scaleDenominator);
  if (scale) {
    const rf = id.ele('gmd:spatialResolution').ele('gmd:MD_Resolution').ele('gmd:equivalentScale').ele('gmd:MD_RepresentativeFraction');
    num(rf, 'gmd:denominator', 'Integer', scale);
  }
  const dist = res.distance !== undefined ? decimal(res.distance) : undefined;
  if (dist !== undefined) {
    // gml:UomIdentifier allows no white space
    const uom = present(res.distanceUom) ? res.distanceUom.trim().replace(/\s+/g, '') : 'm';
    id.ele('gmd:spatialResolution').ele('gmd:MD_Resolution').ele('gmd:distance').ele('gco:Distance', { uom: xmlAttr(uom) }).txt(dist);
  }
}

function extent(id: XMLBuilder, r: MetadataRecord): void {
  const b = r.extent?.bbox;
  const box = b ? [decimal(b.west), decimal(b.east), decimal(b.south), decimal(b.north)] : [];
  const hasBox = box.length === 4 && box.every((v) => v !== undefined);
  const places = (r.spatialCoverage ?? []).filter(present);
  const t = r.extent?.temporal;
  const start = isoDate(t?.start);
  const end = isoDate(t?.end);
  const hasTime = !!(start || end);
  if (!hasBox && places.length === 0 && !hasTime) return;
  const ex = id.ele('gmd:extent').ele('gmd:EX_Extent');
  if (hasBox) {
    const bb = ex.ele('gmd:geographicElement').ele('gmd:EX_GeographicBoundingBox');
    const names = ['gmd:westBoundLongitude', 'gmd:eastBoundLongitude', 'gmd:southBoundLatitude', 'gmd:northBoundLatitude'];
    names.forEach((n, i) => num(bb, n, 'Decimal', box[i] as string));
  }
  for (const p of places) {
    const gd = ex.ele('gmd:geographicElement').ele('gmd:EX_GeographicDescription');
    str(gd.ele('gmd:geographicIdentifier').ele('gmd:MD_Identifier'), 'gmd:code', p);
  }
  if (hasTime) {
    const tp = ex.ele('gmd:temporalElement').ele('gmd:EX_TemporalExtent').ele('gmd:extent').ele('gml:TimePeriod', { 'gml:id': 'temporal-extent' });
    // an open end is written as "unknown": the JSON does not say whether the resource is ongoing
    if (start) tp.ele('gml:beginPosition').txt(start.value);
    else tp.ele('gml:beginPosition', { indeterminatePosition: 'unknown' });
    if (end) tp.ele('gml:endPosition').txt(end.value);
    else tp.ele('gml:endPosition', { indeterminatePosition: 'unknown' });
  }
}
