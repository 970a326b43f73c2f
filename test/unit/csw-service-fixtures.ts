import type { CswIdentity } from '../../libs/csw/csw-identity';
import type { MetadataDoc, RecordStatus } from '../../libs/catalogue/record.types';
import { projectRecord } from '../../libs/catalogue/search-projection';
import type { Queryable } from '../../libs/db/database';
import { NS } from '../../libs/csw/namespaces';

/**
 * Records for the CSW service tests, inserted directly (records row with the projection
 * from projectRecord() + hand-written record_renders rows), so these tests depend on
 * neither the record use cases nor the render pipeline.
 */
export const IDENTITY: CswIdentity = {
  title: 'Katalog Uji geokatalog',
  providerName: 'Badan Uji',
  abstract: 'Katalog untuk pengujian CSW.',
  individualName: 'Budi',
  positionName: 'Admin',
  voice: '+62-21-1',
  electronicMailAddress: 'budi@example.go.id',
  hoursOfService: '08-16',
  contactInstructions: 'Surel saja.',
  role: 'pointOfContact',
};

export interface FixtureRecord {
  id: string;
  status: RecordStatus;
  doc: MetadataDoc;
  /** render formats to store (default: dc-brief, dc-summary, dc-full, gmd, gmd-summary, gmd-brief, mdb2018*) */
  renders?: string[];
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function dcRender(format: string, id: string, doc: MetadataDoc): string {
  const root = format === 'dc-brief' ? 'csw:BriefRecord' : format === 'dc-summary' ? 'csw:SummaryRecord' : 'csw:Record';
  const b = doc.extent?.bbox;
  const bbox = b
    ? `<ows:BoundingBox crs="urn:ogc:def:crs:EPSG::4326"><ows:LowerCorner>${b.south} ${b.west}</ows:LowerCorner><ows:UpperCorner>${b.north} ${b.east}</ows:UpperCorner></ows:BoundingBox>`
    : '';
  const subjects = format === 'dc-brief' ? '' : (doc.keywords ?? []).flatMap((k) => k.values).map((v) => `<dc:subject>${esc(v)}</dc:subject>`).join('');
  const abstract = format !== 'dc-brief' && doc.abstract ? `<dct:abstract>${esc(doc.abstract)}</dct:abstract>` : '';
  // the declaration on one of them checks that it is stripped before embedding
  const decl = format === 'dc-summary' ? '<?xml version="1.0" encoding="UTF-8"?>\n' : '';
  return `${decl}<${root} xmlns:csw="${NS.csw}" xmlns:dc="${NS.dc}" xmlns:dct="${NS.dct}" xmlns:ows="${NS.ows}"><dc:identifier>${esc(id)}</dc:identifier><dc:title>${esc(doc.title ?? "")}</dc:title><dc:type>dataset</dc:type>${subjects}${abstract}${bbox}</${root}>`;
}

export function gmdRender(id: string): string {
  return `<gmd:MD_Metadata xmlns:gmd="${NS.gmd}" xmlns:gco="http://www.isotc211.org/2005/gco"><gmd:fileIdentifier><gco:CharacterString>${esc(id)}</gco:CharacterString></gmd:fileIdentifier><gmd:contact gco:nilReason="missing"/><gmd:dateStamp><gco:Date>2024-01-01</gco:Date></gmd:dateStamp><gmd:identificationInfo gco:nilReason="missing"/></gmd:MD_Metadata>`;
}

export function mdbRender(id: string): string {
  return `<mdb:MD_Metadata xmlns:mdb="${NS.mdb}" xmlns:mcc="http://standards.iso.org/iso/19115/-3/mcc/1.0" xmlns:cit="http://standards.iso.org/iso/19115/-3/cit/2.0" xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0"><mdb:metadataIdentifier><mcc:MD_Identifier><mcc:code><gco:CharacterString>${esc(id)}</gco:CharacterString></mcc:code></mcc:MD_Identifier></mdb:metadataIdentifier><mdb:contact gco:nilReason="missing"/><mdb:dateInfo><cit:CI_Date><cit:date><gco:DateTime>2024-01-01T00:00:00</gco:DateTime></cit:date><cit:dateType><cit:CI_DateTypeCode codeList="http://standards.iso.org/iso/19115/resources/Codelists/cat/codelists.xml#CI_DateTypeCode" codeListValue="creation">creation</cit:CI_DateTypeCode></cit:dateType></cit:CI_Date></mdb:dateInfo><mdb:identificationInfo gco:nilReason="missing"/></mdb:MD_Metadata>`;
}

export function renderFor(format: string, id: string, doc: MetadataDoc): string {
  if (format.startsWith('dc-')) return dcRender(format, id, doc);
  if (format.startsWith('gmd')) return gmdRender(id);
  return mdbRender(id);
}

const ALL_FORMATS = ['dc-brief', 'dc-summary', 'dc-full', 'gmd', 'gmd-summary', 'gmd-brief', 'mdb2018', 'mdb2018-summary', 'mdb2018-brief'];

export const RECORDS: FixtureRecord[] = [
  {
    id: 'rec-a',
    status: 'PUBLISHED',
    doc: {
      title: 'Peta Air Tanah Jawa',
      abstract: 'Sebaran akuifer di Pulau Jawa.',
      keywords: [{ type: 'theme', values: ['air tanah', 'hidrologi'] }],
      topicCategories: ['inlandWaters'],
      extent: { bbox: { west: 105, east: 115, south: -9, north: -5 } },
    },
  },
  {
    id: 'rec-b',
    status: 'PUBLISHED',
    doc: { title: 'Batas Administrasi Kabupaten', keywords: [{ type: 'theme', values: ['batas wilayah'] }], topicCategories: ['boundaries'] },
  },
  {
    id: 'rec-c',
    status: 'PUBLISHED',
    doc: {
      title: 'Tutupan Lahan Papua',
      abstract: 'Klasifikasi tutupan lahan.',
      keywords: [{ type: 'theme', values: ['hidrologi', 'lahan'] }],
      extent: { bbox: { west: 130, east: 141, south: -9, north: 0 } },
    },
  },
  { id: 'rec-d', status: 'PUBLISHED', doc: { title: 'Garis Pantai Fiji', extent: { bbox: { west: 177, east: -179, south: -19, north: -16 } } } },
  // published, but the dc-summary render has not been written yet
  { id: 'rec-e', status: 'PUBLISHED', doc: { title: 'Zona Gempa Sulawesi' }, renders: ALL_FORMATS.filter((f) => f !== 'dc-summary') },
  // never visible through CSW
  { id: 'rec-draft', status: 'DRAFT', doc: { title: 'Draf Air Rahasia', keywords: [{ type: 'theme', values: ['rahasia'] }] } },
  { id: 'rec-review', status: 'REVIEW', doc: { title: 'Air dalam Tinjauan' } },
];

export const PUBLISHED_IDS = RECORDS.filter((r) => r.status === 'PUBLISHED').map((r) => r.id);

export async function seedCswRecords(db: Queryable): Promise<void> {
  await db.query(`INSERT INTO organisations (id, name) VALUES ('org-1', 'Organisasi Uji')`);
  await db.query(`INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('usr-1', 'produsen', 'x', 'PRODUSEN', 'org-1')`);
  let minute = 0;
  for (const r of RECORDS) {
    const p = projectRecord(r.doc, r.id);
    const { extent_wkt, ...cols } = p;
    const names = Object.keys(cols);
    const values = Object.values(cols);
    const base = 6;
    await db.query(
      `INSERT INTO records (id, status, organisation_id, owner_id, doc, updated_at, ${names.join(', ')}, extent)
       VALUES ($1, $2, 'org-1', 'usr-1', $3, $4::timestamptz, ${names.map((_, i) => `$${base + i}`).join(', ')},
               CASE WHEN $5::text IS NULL THEN NULL ELSE ST_GeomFromText($5::text, 4326) END)`,
      [r.id, r.status, JSON.stringify(r.doc), new Date(Date.UTC(2024, 0, 1, 0, minute++)).toISOString(), extent_wkt, ...values],
    );
    for (const format of r.renders ?? ALL_FORMATS) {
      await db.query(`INSERT INTO record_renders (record_id, format, version, xml) VALUES ($1, $2, 1, $3)`, [r.id, format, renderFor(format, r.id, r.doc)]);
    }
  }
}
