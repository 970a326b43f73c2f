import type { Element } from '@xmldom/xmldom';
import type { DocumentIssue, DocumentSchema } from '../catalogue/record-document';
import { first, qname, select, textAt, type NsPredicate } from './dom';
import { ISO19115_3_NS, ISO19139_NS } from './namespaces';

/**
 * The check report stored with a document (issue 19). A record that breaks its schema is still
 * imported — the report says what is wrong, and the workbench shows it. This is not a full XSD
 * validation (no schema validator runs in the product): it checks the properties ISO 19139 /
 * ISO 19115-3 make mandatory at the levels producers most often leave out, which is what the
 * report of a real catalogue's records mostly holds. Code values outside our reference lists
 * are reported by the mapping (its warnings go into the same report).
 */
interface Rule { path: string; what: string }

const GMD_RULES: Rule[] = [
  { path: 'contact', what: 'kontak metadata (gmd:contact)' },
  { path: 'dateStamp', what: 'tanggal metadata (gmd:dateStamp)' },
  { path: 'identificationInfo', what: 'identifikasi sumber daya (gmd:identificationInfo)' },
];
const MDB_RULES: Rule[] = [
  { path: 'contact', what: 'kontak metadata (mdb:contact)' },
  { path: 'dateInfo', what: 'tanggal metadata (mdb:dateInfo)' },
  { path: 'identificationInfo', what: 'identifikasi sumber daya (mdb:identificationInfo)' },
];

export function checkDocument(root: Element, schema: DocumentSchema, mappingWarnings: readonly string[]): DocumentIssue[] {
  const iso3 = schema === 'iso19115-3-2016' || schema === 'iso19115-3-2018';
  const ns: NsPredicate = iso3 ? ISO19115_3_NS : ISO19139_NS;
  const issues: DocumentIssue[] = [];
  const at = qname(root);
  for (const rule of iso3 ? MDB_RULES : GMD_RULES) {
    if (!first(root, rule.path, ns)) issues.push({ level: 'error', path: at, message: `Elemen wajib ${rule.what} tidak ada.` });
  }
  for (const ident of select(root, 'identificationInfo/*', ns)) {
    const where = `${at}/${qname(ident)}`;
    if (!textAt(ident, 'citation/CI_Citation/title', ns)) {
      issues.push({ level: 'error', path: where, message: 'Judul sumber daya (citation/CI_Citation/title) kosong atau tidak ada.' });
    }
    if (!textAt(ident, 'abstract', ns)) issues.push({ level: 'error', path: where, message: 'Abstrak (abstract) kosong atau tidak ada.' });
    if (!iso3 && ident.localName === 'MD_DataIdentification' && !first(ident, 'language', ns)) {
      issues.push({ level: 'error', path: where, message: 'Bahasa sumber daya (gmd:language) tidak ada.' });
    }
  }
  for (const w of mappingWarnings) issues.push({ level: 'warning', message: w });
  return issues;
}
