import { NS } from '../xml-namespaces';
import { escAttr, escText } from '../xml-escape';
import { attribute, attributes, children, eitherChild, isElement, path, type DomElement, type DomNode, type Name } from './dom';
import { normalizeSpace, stringValue } from '../xpath-strings';

/**
 * ISO 19139 → the three Dublin Core records of CSW 2.0.2 (csw:Record, csw:SummaryRecord,
 * csw:BriefRecord), written as text. This replaces xslt/gmd-to-dc.xsl (issue 19, render speed:
 * one SaxonJS pass cost more than all other forms of a stored document together) and writes the
 * bytes it wrote; bench/render-identity.ts is the proof.
 *
 * Element order: csw:SummaryRecord and csw:BriefRecord have a fixed sequence in record.xsd
 * (identifier, title, type, subject, format, relation, modified, abstract, spatial, BoundingBox);
 * csw:Record allows DC elements in any order, then ows:BoundingBox.
 * - dc:type: the DC type kept from an import (hierarchyLevelName), else the ISO scope code as
 *   pycsw writes it; "dataset", the ISO 19115 default scope, when neither is present.
 * - dct:modified is the metadata date stamp (what CSW clients sort and harvest by); the resource
 *   dates are dct:created, dct:issued and, for every other date type, dc:date.
 * - dc:creator / dc:publisher / dc:contributor come from the contact roles.
 * - Stored documents (issue 19) are read as written: values in gco:CharacterString or
 *   gmx:Anchor, the root gmd:MD_Metadata or gmi:MI_Metadata (2005 and 19115-2 1.0 namespaces).
 * - ows:BoundingBox uses urn:ogc:def:crs:EPSG::4326, so its corners are latitude longitude; a
 *   box crossing the antimeridian keeps west > east, as ISO does.
 * A value the stylesheet wrote with xsl:value-of over several nodes is their text joined by one
 * space, and an element with no value is written `<x/>`, as SaxonJS's serializer did.
 */
export interface DublinCoreRecords {
  full: string;
  summary: string;
  brief: string;
}

const gmd = (local: string): Name => [NS.gmd, local];
const CS: Name = [NS.gco, 'CharacterString'];
const ANCHOR: Name = [NS.gmx, 'Anchor'];
const ROOTS: Name[] = [gmd('MD_Metadata'), ['http://www.isotc211.org/2005/gmi', 'MI_Metadata'], ['http://standards.iso.org/iso/19115/-2/gmi/1.0', 'MI_Metadata']];
const EXTENT_NAMES: [Name, Name] = [gmd('extent'), [NS.srv, 'extent']];
const GML_OLD = 'http://www.opengis.net/gml';

const TOPIC_SCHEME = 'http://standards.iso.org/iso/19139/resources/gmxCodelists.xml#MD_TopicCategoryCode';
const CREATOR_ROLES = new Set(['originator', 'author', 'principalInvestigator']);
const PUBLISHER_ROLES = new Set(['publisher', 'distributor', 'resourceProvider']);
const NAMESPACES = ` xmlns:csw="${NS.csw}" xmlns:dc="${NS.dc}" xmlns:dct="${NS.dct}" xmlns:ows="${NS.ows}"`;
/** XPath's \S: anything but space, tab, line feed and carriage return */
const ONE_TOKEN = /^[^ \t\n\r]+$/;

/** `…/(gco:CharacterString|gmx:Anchor)` */
const values = (nodes: readonly DomElement[]): DomElement[] => eitherChild(nodes, CS, ANCHOR);
/** xsl:value-of over nodes: their string values joined by a space */
const valueOf = (nodes: readonly DomElement[]): string => nodes.map(stringValue).join(' ');

function element(qname: string, value: string, attrs = ''): string {
  return value === '' ? `<${qname}${attrs}/>` : `<${qname}${attrs}>${escText(value)}</${qname}>`;
}
const each = (qname: string, texts: readonly string[], attrs = ''): string => texts.map((t) => element(qname, t, attrs)).join('');

function metadataRoot(doc: DomNode): DomElement {
  for (let c = doc.firstChild; c; c = c.nextSibling) if (ROOTS.some((n) => isElement(c, n))) return c as DomElement;
  throw new Error('dokumen sumber tidak berakar MD_Metadata / MI_Metadata');
}

function head(md: DomElement, ids: DomElement[]): string {
  const typeCandidates = [...values(path([md], gmd('hierarchyLevelName'))).map(stringValue), ...attributes(path([md], gmd('hierarchyLevel'), '*'), 'codeListValue'), 'dataset'];
  return element('dc:identifier', valueOf(values(path([md], gmd('fileIdentifier')))))
    + element('dc:title', valueOf(values(path(ids, gmd('citation'), gmd('CI_Citation'), gmd('title')))))
    + element('dc:type', typeCandidates.find((t) => normalizeSpace(t) !== '') as string);
}

const extents = (ids: DomElement[]): DomElement[] => path(eitherChild(ids, ...EXTENT_NAMES), gmd('EX_Extent'));

function summaryBody(md: DomElement, ids: DomElement[], serviceTopics: string): string {
  const topicAttr = ` scheme="${escAttr(TOPIC_SCHEME)}"`;
  const tokens = normalizeSpace(serviceTopics);
  return each('dc:subject', values(path(ids, gmd('descriptiveKeywords'), gmd('MD_Keywords'), gmd('keyword'))).map(stringValue))
    + each('dc:subject', path(ids, gmd('topicCategory'), gmd('MD_TopicCategoryCode')).map(stringValue), topicAttr)
    + each('dc:subject', tokens ? tokens.split(' ') : [], topicAttr)
    + each('dc:format', values(path([md], gmd('distributionInfo'), gmd('MD_Distribution'), gmd('distributionFormat'), gmd('MD_Format'), gmd('name'))).map(stringValue))
    + each('dc:relation', values(path(ids, gmd('aggregationInfo'), gmd('MD_AggregateInformation'), gmd('aggregateDataSetIdentifier'), '*', gmd('code'))).map(stringValue))
    + element('dct:modified', valueOf(path([md], gmd('dateStamp'), '*')))
    + each('dct:abstract', values(path(ids, gmd('abstract'))).map(stringValue))
    + each('dct:spatial', values(path(extents(ids), gmd('geographicElement'), gmd('EX_GeographicDescription'), gmd('geographicIdentifier'), '*', gmd('code'))).map(stringValue));
}

/** `distinct-values($parties[roles]/(gmd:organisationName, gmd:individualName)[1]/(CS|Anchor))` */
function partyNames(parties: readonly DomElement[], keep: (roles: string[]) => boolean): string[] {
  const names = new Set<string>();
  for (const p of parties) {
    if (!keep(attributes(path([p], gmd('role'), '*'), 'codeListValue'))) continue;
    const name = children([p], gmd('organisationName'))[0] ?? children([p], gmd('individualName'))[0];
    if (name) for (const v of values([name])) names.add(stringValue(v));
  }
  return [...names];
}

/** XPath string() of at most one node; '' for none */
const stringOf = (nodes: readonly DomElement[]): string => (nodes.length ? stringValue(nodes[0] as DomElement) : '');

function fullExtras(md: DomElement, ids: DomElement[]): string {
  // the resource's parties: points of contact and the citation's cited parties, in document order
  const parties: DomElement[] = [];
  for (const id of ids) {
    for (let c = id.firstChild; c; c = c.nextSibling) {
      if (isElement(c, gmd('pointOfContact'))) parties.push(...children([c], gmd('CI_ResponsibleParty')));
      else if (isElement(c, gmd('citation'))) parties.push(...path([c], gmd('CI_Citation'), gmd('citedResponsibleParty'), gmd('CI_ResponsibleParty')));
    }
  }
  const any = (roles: string[], set: Set<string>): boolean => roles.some((r) => set.has(r));
  let s = each('dc:creator', partyNames(parties, (r) => any(r, CREATOR_ROLES)))
    + each('dc:publisher', partyNames(parties, (r) => any(r, PUBLISHER_ROLES)))
    + each('dc:contributor', partyNames(parties, (r) => !any(r, CREATOR_ROLES) && !any(r, PUBLISHER_ROLES)));
  // a service identification has no language in ISO 19139: the metadata's stands for it
  const ownLanguage = children(ids, gmd('language'));
  const languages = children(ownLanguage.length ? ownLanguage : children([md], gmd('language')), gmd('LanguageCode'));
  s += languages.map((l) => element('dc:language', attribute(l, 'codeListValue') ?? '')).join('');
  const constraints = children(ids, gmd('resourceConstraints'));
  s += each('dc:rights', values(path(constraints, '*', gmd('useLimitation'))).map(stringValue))
    + each('dct:license', values(path(constraints, gmd('MD_LegalConstraints'), gmd('otherConstraints'))).map(stringValue))
    + each('dct:accessRights', attributes(path(constraints, gmd('MD_SecurityConstraints'), gmd('classification'), '*'), 'codeListValue'))
    + each('dc:source', values(path([md], gmd('dataQualityInfo'), gmd('DQ_DataQuality'), gmd('lineage'), gmd('LI_Lineage'), gmd('source'), gmd('LI_Source'), gmd('description'))).map(stringValue));
  for (const date of path(ids, gmd('citation'), gmd('CI_Citation'), gmd('date'), gmd('CI_Date'))) {
    const type = attributes(path([date], gmd('dateType'), '*'), 'codeListValue')[0] ?? '';
    const value = stringOf(path([date], gmd('date'), '*'));
    s += element(type === 'creation' ? 'dct:created' : type === 'publication' ? 'dct:issued' : 'dc:date', value);
  }
  for (const period of path(extents(ids), gmd('temporalElement'), gmd('EX_TemporalExtent'), gmd('extent'), [GML_OLD, 'TimePeriod'])) {
    // ISO 8601 interval; an open or unknown end is ".."
    const end = (local: string): string => normalizeSpace(stringOf(children([period], [GML_OLD, local]))) || '..';
    s += element('dct:temporal', `${end('beginPosition')}/${end('endPosition')}`);
  }
  const online = path([md], gmd('distributionInfo'), gmd('MD_Distribution'), gmd('transferOptions'), gmd('MD_DigitalTransferOptions'), gmd('onLine'), gmd('CI_OnlineResource'));
  for (const o of online) {
    // scheme is an xs:anyURI: a protocol written with spaces ("ESRI REST: Map Service") cannot be one; the last one written wins
    const schemes = values(children([o], gmd('protocol'))).map(stringValue).filter((p) => ONE_TOKEN.test(p));
    const attrs = schemes.length ? ` scheme="${escAttr(schemes[schemes.length - 1] as string)}"` : '';
    s += element('dct:references', valueOf(path([o], gmd('linkage'), gmd('URL'))), attrs);
  }
  return s;
}

function boundingBoxes(ids: DomElement[]): string {
  let s = '';
  for (const box of path(extents(ids), gmd('geographicElement'), gmd('EX_GeographicBoundingBox'))) {
    const corner = (lat: string, lon: string): string =>
      `${valueOf(path([box], gmd(lat), [NS.gco, 'Decimal']))} ${valueOf(path([box], gmd(lon), [NS.gco, 'Decimal']))}`;
    s += '<ows:BoundingBox crs="urn:ogc:def:crs:EPSG::4326" dimensions="2">'
      + element('ows:LowerCorner', corner('southBoundLatitude', 'westBoundLongitude'))
      + element('ows:UpperCorner', corner('northBoundLatitude', 'eastBoundLongitude'))
      + '</ows:BoundingBox>';
  }
  return s;
}

/**
 * The three records of a 19139 document (a SaxonJS tree, an xmldom Document or the light DOM). `serviceTopics`:
 * a service record's topic categories, space-separated, which 19139's SV_ServiceIdentification
 * cannot hold (gmd-service.ts); '' for a stored document.
 */
export function dublinCoreRecords(doc: DomNode, serviceTopics = ''): DublinCoreRecords {
  const md = metadataRoot(doc);
  // `gmd:identificationInfo/*[1]`: the first element of each identification section
  const ids = children([md], gmd('identificationInfo')).flatMap((info) => children([info]).slice(0, 1));
  const h = head(md, ids);
  const body = summaryBody(md, ids, serviceTopics);
  const bbox = boundingBoxes(ids);
  return {
    full: `<csw:Record${NAMESPACES}>${h}${body}${fullExtras(md, ids)}${bbox}</csw:Record>`,
    summary: `<csw:SummaryRecord${NAMESPACES}>${h}${body}${bbox}</csw:SummaryRecord>`,
    brief: `<csw:BriefRecord${NAMESPACES}>${h}${bbox}</csw:BriefRecord>`,
  };
}
