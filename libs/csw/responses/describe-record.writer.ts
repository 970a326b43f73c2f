import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RECORD_TYPES } from '../capabilities';
import { CSW_SCHEMA_LOCATION, NS, qnameEquals, type QName } from '../namespaces';
import { XML_DECLARATION, asFragment, el } from '../../xml/xml-text';

/**
 * DescribeRecord: one csw:SchemaComponent per requested record type, holding the
 * xsd:schema that defines it. The schemas are read once (createCswService calls
 * loadSchemaComponents at start), so a missing file fails the start, not a request.
 */
export interface SchemaComponent {
  type: QName;
  targetNamespace: string;
  /** the schema document the component belongs to (it includes/imports siblings) */
  parentSchema: string;
  xml: string;
}

const FILES: { ns: string; file: string; parentSchema: string; encoding: BufferEncoding }[] = [
  // record.xsd declares ISO-8859-1 (its content is ASCII); read it as such, embed it as UTF-8
  { ns: NS.csw, file: 'csw-record.xsd', parentSchema: 'http://schemas.opengis.net/csw/2.0.2/record.xsd', encoding: 'latin1' },
  { ns: NS.gmd, file: 'gmd-metadataEntity.xsd', parentSchema: 'http://schemas.opengis.net/iso/19139/20060504/gmd/gmd.xsd', encoding: 'utf8' },
  { ns: NS.mdb, file: 'mdb-2.0-metadataBase.xsd', parentSchema: 'https://schemas.isotc211.org/19115/-3/mdb/2.0/mdb.xsd', encoding: 'utf8' },
];

function schemaDir(): string {
  const candidates = [path.resolve(__dirname, '../schemas'), path.resolve(__dirname, '../../../../libs/csw/schemas'), path.resolve(process.cwd(), 'libs/csw/schemas')];
  const found = candidates.find((d) => existsSync(path.join(d, 'csw-record.xsd')));
  if (!found) throw new Error(`Skema DescribeRecord tidak ditemukan (dicari di: ${candidates.join(', ')})`);
  return found;
}

let cache: SchemaComponent[] | undefined;

export function loadSchemaComponents(): SchemaComponent[] {
  if (cache) return cache;
  const dir = schemaDir();
  cache = FILES.map((f) => {
    const type = RECORD_TYPES.find((t) => t.qname.ns === f.ns)!.qname;
    const xml = asFragment(readFileSync(path.join(dir, f.file), f.encoding));
    if (!/^<(\w+:)?schema[\s>]/.test(xml)) throw new Error(`${f.file} bukan dokumen xsd:schema`);
    return { type, targetNamespace: f.ns, parentSchema: f.parentSchema, xml };
  });
  return cache;
}

/** No type names → every supported type; unknown qualified names simply match nothing. */
export function writeDescribeRecordResponse(typeNames: QName[], schemaLanguage: string): string {
  const all = loadSchemaComponents();
  const chosen = typeNames.length === 0 ? all : all.filter((c) => typeNames.some((t) => qnameEquals(t, c.type)));
  return (
    XML_DECLARATION +
    el(
      'csw:DescribeRecordResponse',
      { 'xmlns:csw': NS.csw, 'xmlns:xsi': NS.xsi, 'xsi:schemaLocation': CSW_SCHEMA_LOCATION },
      ...chosen.map((c) =>
        el('csw:SchemaComponent', { targetNamespace: c.targetNamespace, parentSchema: c.parentSchema, schemaLanguage }, c.xml),
      ),
    )
  );
}
