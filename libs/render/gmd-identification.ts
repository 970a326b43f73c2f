import type { XmlNodeBuilder as XMLBuilder } from './gmd-tree';
import type { Contact, MetadataRecord } from '../catalogue/record.types';
import { anchorOrStr, code, date, nil, str, xmlAttr, xmlText } from './gmd-xml';
import { GMD_TOPIC_CATEGORIES, isoDate, present } from './gmd-values';
import { LANGUAGE_CODELIST } from './xml-namespaces';
import { freeText } from './gmd-locales';
import { extent, resolution } from './gmd-extent';
import { isService, serviceProperties } from './gmd-service';

/**
 * gmd:identificationInfo: gmd:MD_DataIdentification, or srv:SV_ServiceIdentification for a
 * service record (hierarchyLevel service). ISO 19139's service identification has no place
 * for the resource language, topic categories, spatial representation or resolution: a
 * service record's gmd form (and the forms made from it) leaves them out.
 */
export function identificationInfo(root: XMLBuilder, r: MetadataRecord): void {
  const service = isService(r);
  const id = root.ele('gmd:identificationInfo').ele(service ? 'srv:SV_ServiceIdentification' : 'gmd:MD_DataIdentification');
  citation(id, r);
  freeText(id, 'gmd:abstract', r.abstract, r.translations?.abstract, true);
  freeText(id, 'gmd:purpose', r.purpose, r.translations?.purpose, false);
  if (present(r.progressStatus)) code(id, 'gmd:status', 'MD_ProgressCode', r.progressStatus);
  for (const c of r.contacts ?? []) if (c.placement !== 'citation') responsibleParty(id.ele('gmd:pointOfContact'), c);
  if (present(r.maintenanceFrequency)) {
    code(id.ele('gmd:resourceMaintenance').ele('gmd:MD_MaintenanceInformation'), 'gmd:maintenanceAndUpdateFrequency',
      'MD_MaintenanceFrequencyCode', r.maintenanceFrequency);
  }
  if (present(r.thumbnailUrl)) str(id.ele('gmd:graphicOverview').ele('gmd:MD_BrowseGraphic'), 'gmd:fileName', r.thumbnailUrl);
  for (const g of r.additionalOverviews ?? []) {
    if (!present(g.url)) continue;
    const bg = id.ele('gmd:graphicOverview').ele('gmd:MD_BrowseGraphic');
    str(bg, 'gmd:fileName', g.url);
    str(bg, 'gmd:fileDescription', g.description);
  }
  keywords(id, r);
  constraints(id, r);
  aggregationInfo(id, r);
  if (service) {
    serviceProperties(id, r, () => extent(id, r, 'srv:extent'));
    return;
  }
  if (present(r.spatialRepresentationType)) {
    code(id, 'gmd:spatialRepresentationType', 'MD_SpatialRepresentationTypeCode', r.spatialRepresentationType);
  }
  resolution(id, r.spatialResolution);
  for (const res of r.additionalResolutions ?? []) resolution(id, res);
  if (present(r.language)) language(id, 'gmd:language', r.language);
  else nil(id, 'gmd:language');
  code(id, 'gmd:characterSet', 'MD_CharacterSetCode', 'utf8');
  // an enumeration in 19139: codes outside it (19115-1's extraTerrestrial, disaster) cannot be written
  for (const t of r.topicCategories ?? []) {
    if (GMD_TOPIC_CATEGORIES.has(t)) id.ele('gmd:topicCategory').ele('gmd:MD_TopicCategoryCode').txt(t);
  }
  extent(id, r, 'gmd:extent');
}

/**
 * relations (crossReference identifiers), then associated resources (name, identifier, association
 * type). A relation an associated resource already names (the import keeps every aggregation
 * identifier in `relations` too) is not written twice, nor one a service's srv:operatesOn names
 * (the import keeps each operatesOn uuidref or href in `relations` too): written as an
 * aggregation it would read back as an associated resource the record never had.
 */
function aggregationInfo(id: XMLBuilder, r: MetadataRecord): void {
  const associated = new Set((r.associatedResources ?? []).map((a) => a.identifier?.trim()).filter(present));
  if (isService(r)) for (const o of r.operatesOn ?? []) associated.add((present(o.uuidref) ? o.uuidref : o.href ?? '').trim());
  for (const rel of (r.relations ?? []).filter((x) => present(x) && !associated.has(x.trim()))) {
    const agg = id.ele('gmd:aggregationInfo').ele('gmd:MD_AggregateInformation');
    str(agg.ele('gmd:aggregateDataSetIdentifier').ele('gmd:MD_Identifier'), 'gmd:code', rel);
    code(agg, 'gmd:associationType', 'DS_AssociationTypeCode', 'crossReference');
  }
  for (const a of r.associatedResources ?? []) {
    if (!present(a.identifier) && !present(a.title)) continue;
    const agg = id.ele('gmd:aggregationInfo').ele('gmd:MD_AggregateInformation');
    if (present(a.title)) {
      const cit = agg.ele('gmd:aggregateDataSetName').ele('gmd:CI_Citation');
      str(cit, 'gmd:title', a.title);
      nil(cit, 'gmd:date', 'unknown');
    }
    if (present(a.identifier)) str(agg.ele('gmd:aggregateDataSetIdentifier').ele('gmd:MD_Identifier'), 'gmd:code', a.identifier);
    code(agg, 'gmd:associationType', 'DS_AssociationTypeCode', present(a.associationType) ? a.associationType : 'crossReference');
  }
}

function citation(id: XMLBuilder, r: MetadataRecord): void {
  const cit = id.ele('gmd:citation').ele('gmd:CI_Citation');
  freeText(cit, 'gmd:title', r.title, r.translations?.title, true);
  for (const t of r.alternateTitles ?? []) str(cit, 'gmd:alternateTitle', t);
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
  str(cit, 'gmd:edition', r.edition);
  for (const i of r.resourceIdentifiers ?? []) {
    if (!present(i.code)) continue;
    // RS_Identifier when there is a code space (MD_Identifier has none in 19139)
    const ident = cit.ele('gmd:identifier').ele(present(i.codeSpace) ? 'gmd:RS_Identifier' : 'gmd:MD_Identifier');
    str(ident, 'gmd:code', i.code);
    str(ident, 'gmd:codeSpace', i.codeSpace);
  }
  for (const c of r.contacts ?? []) if (c.placement === 'citation') responsibleParty(cit.ele('gmd:citedResponsibleParty'), c);
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
  const legal = c.legal;
  const access = (legal?.accessConstraints ?? []).filter(present);
  const use = (legal?.useConstraints ?? []).filter(present);
  const others = (legal?.otherConstraints ?? []).filter((o) => present(o.text));
  if (present(c.useLimitation) || present(c.license) || access.length > 0 || use.length > 0 || others.length > 0) {
    const lc = id.ele('gmd:resourceConstraints').ele('gmd:MD_LegalConstraints');
    str(lc, 'gmd:useLimitation', c.useLimitation);
    for (const a of access) code(lc, 'gmd:accessConstraints', 'MD_RestrictionCode', a);
    for (const u of use) code(lc, 'gmd:useConstraints', 'MD_RestrictionCode', u);
    // a licence without legal codes of its own is free text: ISO says so with useConstraints = otherRestrictions
    if (!legal && present(c.license)) code(lc, 'gmd:useConstraints', 'MD_RestrictionCode', 'otherRestrictions');
    if (others.length > 0) for (const o of others) anchorOrStr(lc, 'gmd:otherConstraints', o.text, o.uri);
    else str(lc, 'gmd:otherConstraints', c.license);
  }
  if (present(c.classification)) {
    code(id.ele('gmd:resourceConstraints').ele('gmd:MD_SecurityConstraints'), 'gmd:classification', 'MD_ClassificationCode', c.classification);
  }
}
