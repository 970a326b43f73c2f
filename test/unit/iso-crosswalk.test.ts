import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CrosswalkError, crosswalk, isoSchemaOf, type IsoSchema } from '../../libs/render/crosswalk';
import { mdb2018ToMdb2016 } from '../../libs/render/mdb2016';
import { mapBounded } from '../helpers/bounded-pool';
import { startCrosswalkThreads, type CrosswalkThreads } from '../helpers/crosswalk-threads';
import { kept, leafValues, missing } from '../helpers/iso-leaf-values';
import { ISO_CORPUS_DIR } from '../helpers/test-data';
import { validateXsdMany, type XsdSchema } from '../helpers/xsd';

/**
 * The crosswalks between ISO schemas (issue 19, point 3) on every record of the real-world corpus
 * (test/data/iso-corpus): each goes through the other schema and back, and the values it carried
 * are counted (test/helpers/iso-leaf-values.ts: leaf text, codeListValue, xlink:href, uom, by
 * occurrence). A record valid against the official XSD stays valid after each transform.
 * The 354 crosswalks of the round trips run on two worker threads (crosswalk-threads.ts: the same
 * crosswalk(), two cores instead of one); the single checks below call crosswalk() here.
 */
interface Doc { file: string; xml: string; schema: IsoSchema }
const folder = (sub: string): Doc[] =>
  readdirSync(path.join(ISO_CORPUS_DIR, sub)).filter((f) => f.endsWith('.xml')).sort().map((file) => {
    const xml = readFileSync(path.join(ISO_CORPUS_DIR, sub, file), 'utf8').replace(/^\uFEFF/, '');
    return { file: `${sub}/${file}`, xml, schema: isoSchemaOf(xml) as IsoSchema };
  });
const i139 = folder('iso19139');
const i3 = folder('iso19115-3');
const i2 = folder('iso19115-2');

/** The chains of the brief: to the other schema and back. */
async function roundTrip(x: CrosswalkThreads, d: Doc): Promise<{ there: string; back: string }> {
  if (d.schema === 'iso19139') {
    const there = await x.crosswalk(d.xml, 'iso19139', 'iso19115-3-2018');
    return { there, back: await x.crosswalk(there, 'iso19115-3-2018', 'iso19139') };
  }
  if (d.schema === 'iso19115-2') {
    const there = await x.crosswalk(d.xml, 'iso19115-2', 'iso19115-3-2018');
    return { there, back: await x.crosswalk(there, 'iso19115-3-2018', 'iso19139') };
  }
  const there = await x.crosswalk(d.xml, d.schema, 'iso19139');
  return { there, back: await x.crosswalk(there, 'iso19139', d.schema) };
}

const results = new Map<string, { there: string; back: string }>();

beforeAll(async () => {
  const threads = await startCrosswalkThreads(2);
  try {
    // four in flight: each thread has the next document waiting while it works on one
    const docs = [...i139, ...i3, ...i2];
    const trips = await mapBounded(docs, 4, (d) => roundTrip(threads, d));
    docs.forEach((d, i) => results.set(d.file, trips[i]!));
  } finally {
    await threads.close();
  }
}, 900_000);

describe('corpus', () => {
  it('holds the records the brief counts, each recognised by its root', () => {
    expect([i139.length, i3.length, i2.length]).toEqual([116, 39, 22]);
    expect(new Set(i139.map((d) => d.schema))).toEqual(new Set(['iso19139']));
    expect(new Set(i2.map((d) => d.schema))).toEqual(new Set(['iso19115-2']));
    for (const d of i3) expect(['iso19115-3-2018', 'iso19115-3-2016']).toContain(d.schema);
  });
});

describe('values kept through the other schema and back', () => {
  it('≥ 95 % of the corpus, per record and in total (printed)', () => {
    let total = 0;
    let keptTotal = 0;
    const lines: string[] = [];
    const bySchema = new Map<string, [number, number]>();
    for (const d of [...i139, ...i3, ...i2]) {
      const a = leafValues(d.xml);
      const b = leafValues((results.get(d.file) as { back: string }).back);
      const k = kept(a, b);
      total += a.length;
      keptTotal += k;
      const s = bySchema.get(d.schema) ?? [0, 0];
      bySchema.set(d.schema, [s[0] + k, s[1] + a.length]);
      const lost = missing(a, b).slice(0, 4).map((v) => JSON.stringify(v.slice(0, 40))).join(' ');
      lines.push(`${((100 * k) / a.length).toFixed(1).padStart(6)} % ${String(k).padStart(5)}/${String(a.length).padEnd(5)} ${d.file} ${lost}`);
    }
    for (const [schema, [k, n]] of bySchema) lines.push(`${((100 * k) / n).toFixed(2).padStart(6)} % ${k}/${n} ${schema}`);
    lines.push(`${((100 * keptTotal) / total).toFixed(2).padStart(6)} % ${keptTotal}/${total} TOTAL (${results.size} records)`);
    process.stdout.write(`\niso crosswalk, values kept through the other schema and back:\n${lines.join('\n')}\n`);
    expect(keptTotal / total).toBeGreaterThanOrEqual(0.95);
    // 19139 and 19115-2 lose nothing on the way: 19115-1 has a place for their content
    for (const s of ['iso19139', 'iso19115-2'] as const) {
      const [k, n] = bySchema.get(s) as [number, number];
      expect(k / n).toBeGreaterThanOrEqual(0.99);
    }
  });

  it('19139 → 19115-3 keeps every value of the corpus but the ones it must respell', () => {
    let total = 0;
    let keptTotal = 0;
    for (const d of [...i139, ...i2]) {
      const a = leafValues(d.xml);
      keptTotal += kept(a, leafValues((results.get(d.file) as { there: string }).there));
      total += a.length;
    }
    expect(keptTotal / total).toBeGreaterThanOrEqual(0.999);
  });
});

describe('structure', () => {
  const one = (file: string): Doc => [...i139, ...i3, ...i2].find((d) => d.file.endsWith(file)) as Doc;
  const count = (xml: string, re: RegExp): number => (xml.match(re) ?? []).length;

  it('a service keeps its operations and every operatesOn, in the srv/2.0 namespace', () => {
    for (const d of i139.filter((x) => x.xml.includes('srv:operatesOn'))) {
      const { there, back } = results.get(d.file) as { there: string; back: string };
      const n = count(d.xml, /<srv:operatesOn\b/g);
      expect([d.file, count(there, /<srv:operatesOn\b/g)]).toEqual([d.file, n]);
      expect([d.file, count(back, /<srv:operatesOn\b/g)]).toEqual([d.file, n]);
      expect(count(there, /<srv:containsOperations\b/g)).toBe(count(d.xml, /<srv:containsOperations\b/g));
      expect(there).toContain('xmlns:srv="http://standards.iso.org/iso/19115/-3/srv/2.0"');
    }
  });

  it('contacts become responsibilities with their party; translations and anchors stay', () => {
    const d = one('owslib__iso_keywords_anchor.xml');
    const { there } = results.get(d.file) as { there: string };
    expect(count(there, /<cit:CI_Responsibility\b/g)).toBe(count(d.xml, /<gmd:CI_ResponsibleParty\b/g));
    expect(there).not.toMatch(/<gmd:|<gmx:/);
    expect(count(there, /<gcx:Anchor\b/g)).toBe(count(d.xml, /<gmx:Anchor\b/g));
    const i18n = one('geonetwork-ui__metadata-for-i18n.dataset.xml');
    const t = (results.get(i18n.file) as { there: string }).there;
    expect(count(t, /<lan:LocalisedCharacterString\b/g)).toBe(count(i18n.xml, /<gmd:LocalisedCharacterString\b/g));
    expect(count(t, /<mdb:otherLocale\b/g)).toBe(count(i18n.xml, /<gmd:locale\b/g));
  });

  it('data quality goes to 19157 (measure, method) and lineage to resource lineage, and back together', () => {
    const d = one('geonorge-api__real-error.xml');
    const { there, back } = results.get(d.file) as { there: string; back: string };
    expect(there).toMatch(/<mdq:measure><mdq:DQ_MeasureReference>/);
    expect(count(there, /<mdq:DQ_ConformanceResult\b/g)).toBe(count(d.xml, /<gmd:DQ_ConformanceResult\b/g));
    const withLineage = i139.find((x) => x.xml.includes('<gmd:LI_Lineage')) as Doc;
    const r = results.get(withLineage.file) as { there: string; back: string };
    expect(r.there).toMatch(/<mdb:resourceLineage><mrl:LI_Lineage>/);
    expect(count(r.back, /<gmd:LI_Lineage\b/g)).toBe(count(withLineage.xml, /<gmd:LI_Lineage\b/g));
    expect(back).toContain('<gmd:DQ_TemporalConsistency>');
  });

  it('19115-2 acquisition information goes to mac/2.0 and back to gmi', () => {
    const d = one('owslib__iso_mi.xml');
    const { there, back } = results.get(d.file) as { there: string; back: string };
    expect(there).toMatch(/<mdb:acquisitionInformation><mac:MI_AcquisitionInformation>/);
    expect(there).toContain('xmlns:mac="http://standards.iso.org/iso/19115/-3/mac/2.0"');
    expect(back).toMatch(/^<gmi:MI_Metadata\b/);
    expect(count(back, /<gmi:MI_Instrument\b/g)).toBe(count(d.xml, /<gmi:MI_Instrument\b/g));
  });

  it('the 2016 form is the 2018 form with the root declarations moved back; 2016 input reads like 2018', () => {
    const d = i139[0] as Doc;
    const y2018 = crosswalk(d.xml, 'iso19139', 'iso19115-3-2018');
    expect(crosswalk(d.xml, 'iso19139', 'iso19115-3-2016')).toBe(mdb2018ToMdb2016(y2018));
    // a 19115-3 record of the corpus written in the 2016 namespace set (every 2.0 module at 1.0)
    const src = i3.find((x) => x.file.includes('metawal.iso19115-3.dataset')) as Doc;
    const d2016 = src.xml.replace(/(http:\/\/standards\.iso\.org\/iso\/19115\/-3\/(?:mdb|cit|mac|mds|mdt|mrc|mrl|msr))\/2\.0(?=["'])/g, '$1/1.0');
    expect(isoSchemaOf(d2016)).toBe('iso19115-3-2016');
    const from2016 = crosswalk(d2016, 'iso19115-3-2016', 'iso19139');
    expect(from2016).toBe((results.get(src.file) as { there: string }).there);
    expect(crosswalk(d2016, 'iso19115-3-2016', 'iso19115-3-2018')).toBe(src.xml);
  });

  it('19139 → 19115-3 gives the same text every time: a lineage step instant is named by its place in the document', () => {
    const d = i2.find((x) => /<gmd:dateTime>\s*<gco:DateTime>/.test(x.xml) && x.xml.includes('ProcessStep>')) as Doc;
    const first = crosswalk(d.xml, d.schema, 'iso19115-3-2018');
    // the stylesheet's generate-id() held a count of the documents the process had read
    crosswalk((i139[0] as Doc).xml, 'iso19139', 'iso19115-3-2018');
    expect(crosswalk(d.xml, d.schema, 'iso19115-3-2018')).toBe(first);
    expect(first).toMatch(/<mrl:stepDateTime><gml:TimeInstant gml:id="d1a[A-Za-z]+"><gml:timePosition>/);
  });

  it('19139 → 19115-3 escapes text and attribute values; foreign content declares only the namespaces it uses', () => {
    const xml = '<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco" xmlns:x="urn:x">'
      + '<gmd:fileIdentifier note="a&#9;b&quot;c&lt;d&#10;"><gco:CharacterString>1 &lt; 2 &amp; 3 &gt; 2&#13;<![CDATA[<&>]]></gco:CharacterString></gmd:fileIdentifier>'
      + '<x:ext xmlns="urn:d" a="1"><gco:CharacterString>x</gco:CharacterString><y/></x:ext></gmd:MD_Metadata>';
    const out = crosswalk(xml, 'iso19139', 'iso19115-3-2018');
    expect(out).toMatch(/^<mdb:MD_Metadata( xmlns:\w+="[^"]+"){23}>/);
    expect(out).toContain('<mcc:code note="a&#9;b&#34;c&lt;d&#10;"><gco:CharacterString>1 &lt; 2 &amp; 3 &gt; 2&#13;&lt;&amp;&gt;</gco:CharacterString></mcc:code>');
    expect(out).toContain('<x:ext xmlns:x="urn:x" a="1"><gco:CharacterString xmlns:gco="http://www.isotc211.org/2005/gco">x</gco:CharacterString><y xmlns="urn:d"/></x:ext></mdb:MD_Metadata>');
  });

  it('a stored 19115-3 document in the other namespace set: module namespaces moved wherever declared, schemaLocation too, the rest as written', () => {
    // a stored document need not declare its namespaces on the root only (our renders do): one
    // declared on a descendant, a comment before the root, and a schemaLocation naming 2.0 schemas
    const y2018 = '<!-- from a producer -->\n<mdb:MD_Metadata xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/2.0"'
      + ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'
      + ' xsi:schemaLocation="http://standards.iso.org/iso/19115/-3/mdb/2.0 http://standards.iso.org/iso/19115/-3/mdb/2.0/mdb.xsd">'
      + '<mdb:metadataIdentifier><mcc:MD_Identifier xmlns:mcc="http://standards.iso.org/iso/19115/-3/mcc/1.0"><mcc:code>'
      + '<gco:CharacterString xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0">x</gco:CharacterString></mcc:code></mcc:MD_Identifier></mdb:metadataIdentifier>'
      + "<mdb:contact><cit:CI_Responsibility xmlns:cit='http://standards.iso.org/iso/19115/-3/cit/2.0'/></mdb:contact></mdb:MD_Metadata>";
    const y2016 = crosswalk(y2018, 'iso19115-3-2018', 'iso19115-3-2016');
    expect(y2016).toBe(y2018.replace(/\/(mdb|cit)\/2\.0/g, '/$1/1.0'));
    expect(isoSchemaOf(y2016)).toBe('iso19115-3-2016');
    // mcc and gco have one version in both sets
    expect(y2016).toContain('mcc/1.0');
    expect(crosswalk(y2016, 'iso19115-3-2016', 'iso19115-3-2018')).toBe(y2018);
    // a corpus record: the 2016 form validates against the 2016 schemas exactly when the document does against 2018's
    const src = i3.find((x) => x.file.includes('metawal.iso19115-3.dataset')) as Doc;
    const there = crosswalk(src.xml, 'iso19115-3-2018', 'iso19115-3-2016');
    expect(isoSchemaOf(there)).toBe('iso19115-3-2016');
    expect(there).not.toMatch(/19115\/-3\/(?:mdb|cit|mac|mds|mdt|mrc|mrl|msr)\/2\.0/);
    expect(crosswalk(there, 'iso19115-3-2016', 'iso19115-3-2018')).toBe(src.xml);
    const [in2018] = validateXsdMany([src.xml], 'mdb2018');
    const [in2016] = validateXsdMany([there], 'mdb2016');
    expect(in2016!.valid).toBe(in2018!.valid);
  });

  it('every online resource of a cited party reaches 19139, also in an untitled associated resource (issue 19 finding)', () => {
    // an associated resource whose citation has no title but cited parties used to be written as its identifier
    // alone (parties and their online resources dropped); a contact's second online resource was dropped too
    const url = (u: string): string => `<cit:onlineResource><cit:CI_OnlineResource><cit:linkage><gco:CharacterString>${u}</gco:CharacterString></cit:linkage></cit:CI_OnlineResource></cit:onlineResource>`;
    const party = (role: string, body: string): string => `<cit:citedResponsibleParty><cit:CI_Responsibility><cit:role><cit:CI_RoleCode codeList="http://standards.iso.org/iso/19115/resources/Codelists/cat/codelists.xml#CI_RoleCode" codeListValue="${role}"/></cit:role><cit:party>${body}</cit:party></cit:CI_Responsibility></cit:citedResponsibleParty>`;
    const contact = (...urls: string[]): string => `<cit:contactInfo><cit:CI_Contact>${urls.map(url).join('')}</cit:CI_Contact></cit:contactInfo>`;
    const name = (n: string): string => `<cit:name><gco:CharacterString>${n}</gco:CharacterString></cit:name>`;
    const assoc = (title: string, id: string, parties: string): string => `<mri:associatedResource><mri:MD_AssociatedResource><mri:name><cit:CI_Citation>${title}`
      + `<cit:identifier><mcc:MD_Identifier><mcc:code><gco:CharacterString>${id}</gco:CharacterString></mcc:code></mcc:MD_Identifier></cit:identifier>${parties}</cit:CI_Citation></mri:name>`
      + '<mri:associationType><mri:DS_AssociationTypeCode codeList="http://standards.iso.org/iso/19115/resources/Codelists/cat/codelists.xml#DS_AssociationTypeCode" codeListValue="crossReference"/></mri:associationType></mri:MD_AssociatedResource></mri:associatedResource>';
    const parties = party('owner', `<cit:CI_Organisation>${name('Org')}${contact('https://a.example/org')}<cit:individual><cit:CI_Individual>${name('Ann')}${contact('https://a.example/ann', 'https://a.example/ann-2')}</cit:CI_Individual></cit:individual></cit:CI_Organisation>`)
      + party('author', `<cit:CI_Individual>${name('Bob')}${contact('https://a.example/bob', 'https://a.example/bob-2')}</cit:CI_Individual>`);
    const xml = '<mdb:MD_Metadata xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/2.0" xmlns:cit="http://standards.iso.org/iso/19115/-3/cit/2.0"'
      + ' xmlns:mri="http://standards.iso.org/iso/19115/-3/mri/1.0" xmlns:mcc="http://standards.iso.org/iso/19115/-3/mcc/1.0" xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0">'
      + '<mdb:metadataIdentifier><mcc:MD_Identifier><mcc:code><gco:CharacterString>x</gco:CharacterString></mcc:code></mcc:MD_Identifier></mdb:metadataIdentifier>'
      + `<mdb:contact><cit:CI_Responsibility><cit:role><cit:CI_RoleCode codeList="http://standards.iso.org/iso/19115/resources/Codelists/cat/codelists.xml#CI_RoleCode" codeListValue="pointOfContact"/></cit:role><cit:party><cit:CI_Organisation>${name('Meta')}${contact('https://m.example/1', 'https://m.example/2')}</cit:CI_Organisation></cit:party></cit:CI_Responsibility></mdb:contact>`
      + '<mdb:dateInfo><cit:CI_Date><cit:date><gco:DateTime>2024-01-01T00:00:00</gco:DateTime></cit:date><cit:dateType><cit:CI_DateTypeCode codeList="http://standards.iso.org/iso/19115/resources/Codelists/cat/codelists.xml#CI_DateTypeCode" codeListValue="creation"/></cit:dateType></cit:CI_Date></mdb:dateInfo>'
      + '<mdb:identificationInfo><mri:MD_DataIdentification><mri:citation><cit:CI_Citation><cit:title><gco:CharacterString>T</gco:CharacterString></cit:title></cit:CI_Citation></mri:citation>'
      + '<mri:abstract><gco:CharacterString>A</gco:CharacterString></mri:abstract>'
      + '<mri:defaultLocale><lan:PT_Locale xmlns:lan="http://standards.iso.org/iso/19115/-3/lan/1.0"><lan:language><lan:LanguageCode codeList="http://www.loc.gov/standards/iso639-2/" codeListValue="ind"/></lan:language>'
      + '<lan:characterEncoding><lan:MD_CharacterSetCode codeList="http://standards.iso.org/iso/19115/resources/Codelists/cat/codelists.xml#MD_CharacterSetCode" codeListValue="utf8"/></lan:characterEncoding></lan:PT_Locale></mri:defaultLocale>'
      + assoc('<cit:title gco:nilReason="unknown"/>', 'untitled-id', parties)
      + assoc('<cit:title><gco:CharacterString>Named</gco:CharacterString></cit:title>', 'named-id', parties.replace(/a\.example/g, 'n.example'))
      + assoc('<cit:title gco:nilReason="unknown"/>', 'id-only', '')
      + '</mri:MD_DataIdentification></mdb:identificationInfo></mdb:MD_Metadata>';
    const out = crosswalk(xml, 'iso19115-3-2018', 'iso19139');
    for (const u of xml.match(/https:\/\/[a-z0-9./-]+/g) ?? []) expect([u, out.includes(`<gmd:URL>${u}</gmd:URL>`)]).toEqual([u, true]);
    // the untitled one keeps its nilled title and its identifier in the citation; one with nothing but its identifier stays an identifier
    expect(count(out, /<gmd:aggregateDataSetName>/g)).toBe(2);
    expect(out).toMatch(/<gmd:aggregateDataSetName><gmd:CI_Citation><gmd:title gco:nilReason="unknown"\/>/);
    expect(out).toMatch(/<gmd:aggregateDataSetIdentifier>(?:(?!<\/gmd:aggregateDataSetIdentifier>).)*id-only/);
    expect(count(out, /<gmd:aggregateDataSetIdentifier>/g)).toBe(1);
    const [valid] = validateXsdMany([out], 'gmd-gmx');
    expect(valid!.errors).toBe('');
    expect(valid!.valid).toBe(true);
  });

  it('19115-3 → 19139 writes what the stylesheet wrote: phones in one telephone, first address, required properties nilled, pixel centre spelled center, next update, vertical CRS link, data quality with its lineage, foreign content and escapes', () => {
    // the reverse crosswalk is a TypeScript port of crosswalk-iso19115-3-to-iso19139.xsl (issue 19);
    // this is the stylesheet's own output for a document that goes through these templates
    const xml = '<mdb:MD_Metadata xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/1.0" xmlns:cit="http://standards.iso.org/iso/19115/-3/cit/1.0" xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0" xmlns:mcc="http://standards.iso.org/iso/19115/-3/mcc/1.0" xmlns:mri="http://standards.iso.org/iso/19115/-3/mri/1.0" xmlns:mmi="http://standards.iso.org/iso/19115/-3/mmi/1.0" xmlns:gex="http://standards.iso.org/iso/19115/-3/gex/1.0" xmlns:mdq="http://standards.iso.org/iso/19157/-2/mdq/1.0" xmlns:mrl="http://standards.iso.org/iso/19115/-3/mrl/1.0" xmlns:msr="http://standards.iso.org/iso/19115/-3/msr/1.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:x="urn:x">'
      + '<mdb:metadataIdentifier><mcc:MD_Identifier><mcc:code><gco:CharacterString><![CDATA[a&b]]> &lt;c&gt;</gco:CharacterString></mcc:code>'
      + '</mcc:MD_Identifier></mdb:metadataIdentifier><mdb:contact><cit:CI_Responsibility><cit:role>'
      + '<cit:CI_RoleCode codeList="x#CI_RoleCode" codeListValue="pointOfContact"/></cit:role><cit:party><cit:CI_Organisation><cit:name>'
      + '<gco:CharacterString>Org</gco:CharacterString></cit:name><cit:contactInfo><cit:CI_Contact><cit:phone><cit:CI_Telephone><cit:number>'
      + '<gco:CharacterString>1</gco:CharacterString></cit:number><cit:numberType><cit:CI_TelephoneTypeCode codeList="x" codeListValue="facsimile"/>'
      + '</cit:numberType></cit:CI_Telephone></cit:phone><cit:phone><cit:CI_Telephone><cit:number><gco:CharacterString>2</gco:CharacterString></cit:number>'
      + '</cit:CI_Telephone></cit:phone><cit:address><cit:CI_Address><cit:city><gco:CharacterString>A</gco:CharacterString></cit:city></cit:CI_Address>'
      + '</cit:address><cit:address><cit:CI_Address><cit:city><gco:CharacterString>B</gco:CharacterString></cit:city></cit:CI_Address></cit:address>'
      + '</cit:CI_Contact></cit:contactInfo></cit:CI_Organisation></cit:party></cit:CI_Responsibility></mdb:contact><mdb:dateInfo><cit:CI_Date><cit:date>'
      + '<gco:DateTime>2020-01-01T00:00:00</gco:DateTime></cit:date><cit:dateType><cit:CI_DateTypeCode codeList="x" codeListValue="revision"/></cit:dateType>'
      + '</cit:CI_Date></mdb:dateInfo><mdb:spatialRepresentationInfo><msr:MD_Georectified><msr:pointInPixel>'
      + '<msr:MD_PixelOrientationCode>centre</msr:MD_PixelOrientationCode></msr:pointInPixel></msr:MD_Georectified></mdb:spatialRepresentationInfo>'
      + '<mdb:identificationInfo><mri:MD_DataIdentification gml:id="g" uuid="u"><mri:citation><cit:CI_Citation><cit:title>'
      + '<gco:CharacterString>T</gco:CharacterString></cit:title></cit:CI_Citation></mri:citation><mri:abstract gco:nilReason="missing" xsi:type="x:Y"/>'
      + '<mri:resourceMaintenance><mmi:MD_MaintenanceInformation><mmi:maintenanceDate><cit:CI_Date><cit:date><gco:Date>2030-01-01</gco:Date></cit:date>'
      + '<cit:dateType><cit:CI_DateTypeCode codeList="x" codeListValue="nextUpdate"/></cit:dateType></cit:CI_Date></mmi:maintenanceDate>'
      + '</mmi:MD_MaintenanceInformation></mri:resourceMaintenance><mri:extent><gex:EX_Extent><gex:verticalElement><gex:EX_VerticalExtent><gex:minimumValue>'
      + '<gco:Real>1</gco:Real></gex:minimumValue><gex:maximumValue><gco:Real>2</gco:Real></gex:maximumValue><gex:verticalCRSId>'
      + '<mrs:MD_ReferenceSystem xmlns:mrs="http://standards.iso.org/iso/19115/-3/mrs/1.0"><mrs:referenceSystemIdentifier><mcc:MD_Identifier><mcc:code>'
      + '<gco:CharacterString>http://www.opengis.net/def/crs/EPSG/0/5703</gco:CharacterString></mcc:code></mcc:MD_Identifier></mrs:referenceSystemIdentifier>'
      + '</mrs:MD_ReferenceSystem></gex:verticalCRSId></gex:EX_VerticalExtent></gex:verticalElement></gex:EX_Extent></mri:extent><x:ext a="1&#9;&quot;">'
      + '<gml:Point gml:id="p"><gml:pos>1 2</gml:pos></gml:Point></x:ext></mri:MD_DataIdentification></mdb:identificationInfo><mdb:dataQualityInfo>'
      + '<mdq:DQ_DataQuality><mdq:scope><mcc:MD_Scope><mcc:level><mcc:MD_ScopeCode codeList="x#MD_ScopeCode" codeListValue="dataset"/></mcc:level>'
      + '</mcc:MD_Scope></mdq:scope></mdq:DQ_DataQuality></mdb:dataQualityInfo><mdb:resourceLineage><mrl:LI_Lineage><mrl:statement>'
      + '<gco:CharacterString>s1</gco:CharacterString></mrl:statement></mrl:LI_Lineage></mdb:resourceLineage><mdb:resourceLineage><mrl:LI_Lineage>'
      + '<mrl:statement><gco:CharacterString>s2</gco:CharacterString></mrl:statement><mrl:processStep><mrl:LI_ProcessStep><mrl:description>'
      + '<gco:CharacterString>p</gco:CharacterString></mrl:description><mrl:stepDateTime><gml:TimeInstant gml:id="ti">'
      + '<gml:timePosition>2001-02-03</gml:timePosition></gml:TimeInstant></mrl:stepDateTime></mrl:LI_ProcessStep></mrl:processStep></mrl:LI_Lineage>'
      + '</mdb:resourceLineage></mdb:MD_Metadata>';
    const expected = '<gmd:MD_Metadata xmlns:gco="http://www.isotc211.org/2005/gco" xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gml="http://www.opengis.net/gml" xmlns:gmx="http://www.isotc211.org/2005/gmx" xmlns:gts="http://www.isotc211.org/2005/gts" xmlns:srv="http://www.isotc211.org/2005/srv" xmlns:xlink="http://www.w3.org/1999/xlink">'
      + '<gmd:fileIdentifier><gco:CharacterString>a&amp;b &lt;c&gt;</gco:CharacterString></gmd:fileIdentifier><gmd:contact><gmd:CI_ResponsibleParty>'
      + '<gmd:organisationName><gco:CharacterString>Org</gco:CharacterString></gmd:organisationName><gmd:contactInfo><gmd:CI_Contact><gmd:phone>'
      + '<gmd:CI_Telephone><gmd:voice><gco:CharacterString>2</gco:CharacterString></gmd:voice><gmd:facsimile><gco:CharacterString>1</gco:CharacterString>'
      + '</gmd:facsimile></gmd:CI_Telephone></gmd:phone><gmd:address><gmd:CI_Address><gmd:city><gco:CharacterString>A</gco:CharacterString></gmd:city>'
      + '</gmd:CI_Address></gmd:address></gmd:CI_Contact></gmd:contactInfo><gmd:role>'
      + '<gmd:CI_RoleCode codeList="http://standards.iso.org/iso/19139/resources/gmxCodelists.xml#CI_RoleCode" codeListValue="pointOfContact"/></gmd:role>'
      + '</gmd:CI_ResponsibleParty></gmd:contact><gmd:dateStamp><gco:DateTime>2020-01-01T00:00:00</gco:DateTime></gmd:dateStamp><gmd:spatialRepresentationInfo>'
      + '<gmd:MD_Georectified><gmd:pointInPixel><gmd:MD_PixelOrientationCode>center</gmd:MD_PixelOrientationCode></gmd:pointInPixel></gmd:MD_Georectified>'
      + '</gmd:spatialRepresentationInfo><gmd:identificationInfo><gmd:MD_DataIdentification gml:id="g" uuid="u"><gmd:citation><gmd:CI_Citation><gmd:title>'
      + '<gco:CharacterString>T</gco:CharacterString></gmd:title><gmd:date gco:nilReason="missing"/></gmd:CI_Citation></gmd:citation>'
      + '<gmd:abstract xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" gco:nilReason="missing" xsi:type="x:Y"/><gmd:resourceMaintenance>'
      + '<gmd:MD_MaintenanceInformation><gmd:maintenanceAndUpdateFrequency gco:nilReason="unknown"/><gmd:dateOfNextUpdate>'
      + '<gco:DateTime>2030-01-01T00:00:00</gco:DateTime></gmd:dateOfNextUpdate></gmd:MD_MaintenanceInformation></gmd:resourceMaintenance><gmd:extent>'
      + '<gmd:EX_Extent><gmd:verticalElement><gmd:EX_VerticalExtent><gmd:minimumValue><gco:Real>1</gco:Real></gmd:minimumValue><gmd:maximumValue>'
      + '<gco:Real>2</gco:Real></gmd:maximumValue><gmd:verticalCRS xlink:href="http://www.opengis.net/def/crs/EPSG/0/5703"/></gmd:EX_VerticalExtent>'
      + '</gmd:verticalElement></gmd:EX_Extent></gmd:extent><x:ext xmlns:x="urn:x" a="1&#9;&#34;"><gml:Point gml:id="p"><gml:pos>1 2</gml:pos></gml:Point>'
      + '</x:ext></gmd:MD_DataIdentification></gmd:identificationInfo><gmd:dataQualityInfo><gmd:DQ_DataQuality><gmd:scope><gmd:DQ_Scope><gmd:level>'
      + '<gmd:MD_ScopeCode codeList="http://standards.iso.org/iso/19139/resources/gmxCodelists.xml#MD_ScopeCode" codeListValue="dataset"/></gmd:level>'
      + '</gmd:DQ_Scope></gmd:scope><gmd:lineage><gmd:LI_Lineage><gmd:statement><gco:CharacterString>s1</gco:CharacterString></gmd:statement></gmd:LI_Lineage>'
      + '</gmd:lineage></gmd:DQ_DataQuality></gmd:dataQualityInfo><gmd:dataQualityInfo><gmd:DQ_DataQuality><gmd:scope gco:nilReason="unknown"/><gmd:lineage>'
      + '<gmd:LI_Lineage><gmd:statement><gco:CharacterString>s2</gco:CharacterString></gmd:statement><gmd:processStep><gmd:LI_ProcessStep><gmd:description>'
      + '<gco:CharacterString>p</gco:CharacterString></gmd:description><gmd:dateTime><gco:DateTime>2001-02-03T00:00:00</gco:DateTime></gmd:dateTime>'
      + '</gmd:LI_ProcessStep></gmd:processStep></gmd:LI_Lineage></gmd:lineage></gmd:DQ_DataQuality></gmd:dataQualityInfo></gmd:MD_Metadata>';
    expect(crosswalk(xml, 'iso19115-3-2016', 'iso19139')).toBe(expected);
    // 19115-2 asked for: the same content under gmi:MI_Metadata
    const gmi = crosswalk(xml, 'iso19115-3-2016', 'iso19115-2');
    expect(gmi).toBe(expected.replace(/^<gmd:MD_Metadata([^>]*) xmlns:gml=/, '<gmi:MI_Metadata$1 xmlns:gmi="http://www.isotc211.org/2005/gmi" xmlns:gml=').replace(/<\/gmd:MD_Metadata>$/, '</gmi:MI_Metadata>'));
  });

  it('same schema: the document unchanged; not XML or with a DOCTYPE: a CrosswalkError', () => {
    const d = i139[0] as Doc;
    expect(crosswalk(d.xml, 'iso19139', 'iso19139')).toBe(d.xml);
    expect(() => crosswalk('not xml', 'iso19139', 'iso19115-3-2018')).toThrow(CrosswalkError);
    const xxe = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd">&e;</gmd:MD_Metadata>';
    expect(() => crosswalk(xxe, 'iso19139', 'iso19115-3-2018')).toThrow(CrosswalkError);
  });
});

/** A 2005-namespace 19115-2 document checked with the gmi/1.0 schema (same content models). */
const asGmi10 = (xml: string): string => xml.split('http://www.isotc211.org/2005/gmi').join('http://standards.iso.org/iso/19115/-2/gmi/1.0');

describe('XSD-valid in → XSD-valid out', () => {
  function check(docs: Doc[], inSchema: (d: Doc) => XsdSchema, prep: (xml: string) => string, out: (d: Doc) => { xml: string; schema: XsdSchema }[]): number {
    const valid: Doc[] = [];
    for (const schema of new Set(docs.map(inSchema))) {
      const group = docs.filter((d) => inSchema(d) === schema);
      validateXsdMany(group.map((d) => prep(d.xml)), schema).forEach((r, i) => { if (r.valid) valid.push(group[i] as Doc); });
    }
    const outs = valid.flatMap((d) => out(d).map((o) => ({ ...o, file: d.file })));
    const failures: string[] = [];
    for (const schema of new Set(outs.map((o) => o.schema))) {
      const group = outs.filter((o) => o.schema === schema);
      validateXsdMany(group.map((o) => o.xml), schema).forEach((r, i) => {
        if (!r.valid) failures.push(`${(group[i] as { file: string }).file} (${schema}): ${r.errors.slice(0, 600)}`);
      });
    }
    expect(failures).toEqual([]);
    return valid.length;
  }

  it('19139 → 19115-3 (2018 and 2016)', () => {
    const n = check(i139, () => 'gmd-gmx', (x) => x, (d) => {
      const y2018 = (results.get(d.file) as { there: string }).there;
      return [{ xml: y2018, schema: 'mdb2018-mex' }, ...(y2018.includes('<mdb:metadataExtensionInfo') ? [] : [{ xml: mdb2018ToMdb2016(y2018), schema: 'mdb2016' as XsdSchema }])];
    });
    expect(n).toBeGreaterThan(40);
  });

  it('19115-3 → 19139', () => {
    const n = check(i3, (d) => (d.schema === 'iso19115-3-2016' ? 'mdb2016' : 'mdb2018'), (x) => x, (d) => {
      const g = (results.get(d.file) as { there: string }).there;
      return [{ xml: g.includes('<gmi:MI_Metadata') ? asGmi10(g) : g, schema: g.includes('<gmi:MI_Metadata') ? 'gmi' : 'gmd-gmx' }];
    });
    expect(n).toBeGreaterThan(5);
  });

  it('19115-2 → 19115-3', () => {
    check(i2, () => 'gmi', asGmi10, (d) => [{ xml: (results.get(d.file) as { there: string }).there, schema: 'mdb2018-mex' }]);
  });
});
