import { createHash } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { childElements } from '../import/dom';
import { NS } from '../import/namespaces';
import { parseXmlSafely } from '../xml/safe-parse';
import { scopeDeclarations, type NsScope, type StartTag } from './xml-scan';

/**
 * A record cut out of a listing page by xml-scan.ts: its raw text, the namespace bindings it
 * inherits, and its identifier and modification date read on the way (the same elements
 * record-identity.ts reads from a DOM). Its hash is taken over the raw text, so an unchanged
 * record is recognised without parsing it; only a new or changed record is parsed (alone, with
 * the inherited bindings declared on a wrapper) and mapped.
 */
export interface RawRecord {
  ns: string | null;
  local: string;
  identifier: string | null;
  modified: string | null;
  /** sha256 over the inherited bindings and the raw text */
  hash: string;
  /** parses the record alone (parseXmlSafely); throws XmlInputError */
  parse(): Element;
}

type Cls = 'gmd' | 'gco' | 'mdb' | 'dc' | 'other';
const isMdbFamily = (u: string | null | undefined): boolean => !!u && /^https?:\/\/standards\.iso\.org\/iso\/19115\/-3\//.test(u);
const clsOf = (u: string | null | undefined): Cls =>
  u === NS.gmd || u === NS.gmi ? 'gmd' : u === NS.gco ? 'gco' : isMdbFamily(u) ? 'mdb' : u === NS.dc || u === NS.dct ? 'dc' : 'other';

const OAI_DC = 'http://www.openarchives.org/OAI/2.0/oai_dc/';

/** Paths (from the record root, `cls|local` steps) whose text is the identifier / the modification date, in preference order. */
function targetsFor(ns: string | null, local: string): { id: string[]; modified: string[] } {
  if (clsOf(ns) === 'gmd') return { id: ['gmd|fileIdentifier/gco|CharacterString'], modified: ['gmd|dateStamp/gco|DateTime', 'gmd|dateStamp/gco|Date'] };
  if (isMdbFamily(ns)) return { id: ['mdb|metadataIdentifier/mdb|MD_Identifier/mdb|code/gco|CharacterString'], modified: [] };
  if ((ns === NS.csw && local === 'Record') || (ns === OAI_DC && local === 'dc')) return { id: ['dc|identifier'], modified: ['dc|modified'] };
  return { id: [], modified: [] };
}

const INACTIVE = Object.freeze({ path: '', active: false });

/** How deep below the record root the identity elements lie (the scanner must resolve namespaces that deep). */
export const IDENTITY_DEPTH = 4;

/**
 * Follows the scanner's events inside one record and keeps the text of the identity paths. Like
 * record-identity.ts's `child()`, each step takes the FIRST matching child only.
 */
export class RecordCutter {
  private readonly stack: { path: string; active: boolean }[] = [];
  private readonly opened = new Set<string>();
  private readonly texts = new Map<string, string>();
  private readonly wanted: Set<string>;
  private readonly targets: { id: string[]; modified: string[] };

  constructor(private readonly root: StartTag, private readonly parentScope: NsScope) {
    this.targets = targetsFor(root.ns ?? null, root.local);
    this.wanted = new Set([...this.targets.id, ...this.targets.modified]);
    this.stack.push({ path: '', active: true });
  }

  start(t: StartTag): void {
    const parent = this.stack[this.stack.length - 1]!;
    if (!parent.active || t.ns === undefined) {
      this.stack.push(INACTIVE);
      return;
    }
    const path = parent.path === '' ? `${clsOf(t.ns)}|${t.local}` : `${parent.path}/${clsOf(t.ns)}|${t.local}`;
    const active = !this.opened.has(path);
    if (active) this.opened.add(path);
    // pushed for self-closing elements too: the scanner reports their end right away
    this.stack.push({ path, active });
  }

  end(): void {
    this.stack.pop();
  }

  text(s: string): void {
    const top = this.stack[this.stack.length - 1]!;
    if (top.active && this.wanted.has(top.path)) this.texts.set(top.path, (this.texts.get(top.path) ?? '') + s);
  }

  /** The record, once its end tag is reached (`end` = offset after its last '>'). */
  finish(page: string, end: number): RawRecord {
    const pick = (paths: string[]): string | null => {
      for (const p of paths) {
        const v = this.texts.get(p)?.trim();
        if (v) return v;
      }
      return null;
    };
    const raw = page.slice(this.root.start, end);
    const decls = declarationsOf(this.parentScope);
    return {
      ns: this.root.ns ?? null,
      local: this.root.local,
      identifier: pick(this.targets.id),
      modified: pick(this.targets.modified),
      hash: createHash('sha256').update(decls).update('\n').update(raw).digest('hex'),
      parse: () => {
        const doc = parseXmlSafely(`<harvest-record ${decls}>${raw}</harvest-record>`);
        const el = childElements(doc.documentElement!)[0];
        if (!el) throw new Error('rekaman kosong');
        return el;
      },
    };
  }
}

const declCache = new WeakMap<NsScope, string>();
function declarationsOf(scope: NsScope): string {
  let d = declCache.get(scope);
  if (d === undefined) {
    d = scopeDeclarations(scope);
    declCache.set(scope, d);
  }
  return d;
}
