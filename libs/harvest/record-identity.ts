import type { Element } from '@xmldom/xmldom';
import { childElements } from '../import/dom';
import { NS } from '../import/namespaces';
import { textOf } from './protocol-client';

/**
 * The identifier and modification date of a record read from its DOM, before (and without)
 * mapping it. The listing clients read the same elements without a DOM (raw-records.ts); this is
 * the reference they are tested against (test/unit/harvest-page-scan.test.ts).
 */
const child = (el: Element | undefined, ns: (u: string | null) => boolean, local: string): Element | undefined =>
  el ? childElements(el).find((c) => ns(c.namespaceURI) && c.localName === local) : undefined;

const isGmd = (u: string | null): boolean => u === NS.gmd || u === NS.gmi;
const isGco = (u: string | null): boolean => u === NS.gco;
const isMdbFamily = (u: string | null): boolean => u !== null && /^https?:\/\/standards\.iso\.org\/iso\/19115\/-3\//.test(u);
const isDc = (u: string | null): boolean => u === NS.dc || u === NS.dct;

export function recordIdentity(root: Element): { identifier: string | null; modified: string | null } {
  const ns = root.namespaceURI;
  if (ns === NS.gmd || ns === NS.gmi) {
    const id = textOf(child(child(root, isGmd, 'fileIdentifier'), isGco, 'CharacterString'));
    const stamp = child(root, isGmd, 'dateStamp');
    const modified = textOf(child(stamp, isGco, 'DateTime')) ?? textOf(child(stamp, isGco, 'Date'));
    return { identifier: id, modified };
  }
  if (isMdbFamily(ns)) {
    const ident = child(child(root, isMdbFamily, 'metadataIdentifier'), isMdbFamily, 'MD_Identifier');
    const id = textOf(child(child(ident, isMdbFamily, 'code'), isGco, 'CharacterString'));
    return { identifier: id, modified: null };
  }
  if (ns === NS.csw) {
    return { identifier: textOf(child(root, isDc, 'identifier')), modified: textOf(child(root, isDc, 'modified')) };
  }
  return { identifier: null, modified: null };
}
