import type { LightDocument } from '../xml/light-dom';
import { parseForRender } from '../xml/trusted-parse';
import { iso19139ToIso19115p3 } from './crosswalk/to-iso19115-3';
import { toIso19139 } from './crosswalk/to-iso19139';
import { mdb2018ToMdb2016 } from './mdb2016';

/**
 * Transforms between the ISO metadata schemas a stored document can be in, for serving it in
 * the schema it was not written in (issue 19, point 3). The mappings are ours (see
 * docs/iso-crosswalks.md), written in TypeScript on the light DOM of the document (xml/trusted-parse.ts). They were
 * XSLT 3.0 stylesheets run by SaxonJS until these ports replaced them, byte for byte the same
 * output (SaxonJS cost 50–160 ms of CPU a record, most of a stored document's render):
 *
 *   19139 (gmd, with 19115-2 gmi content) → 19115-3: crosswalk/to-iso19115-3.ts
 *   19115-3 (either namespace set) → 19139:          crosswalk/to-iso19139.ts
 *
 * The 19115-3 direction writes the 2018 set with every namespace declared on the root only, so
 * that the 2016 form is the same text with the root's declarations moved back (mdb2016.ts).
 * Between the two 19115-3 sets, and from 19115-2 to 19139 (the gmi document is itself 19139
 * encoding), a document goes through 19139 or 19115-3 as needed.
 */
export type IsoSchema = 'iso19139' | 'iso19115-2' | 'iso19115-3-2018' | 'iso19115-3-2016';

export class CrosswalkError extends Error {
  constructor(readonly from: IsoSchema, readonly to: IsoSchema, cause: unknown) {
    super(`Transformasi ${from} → ${to} gagal: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'CrosswalkError';
  }
}

const is19115p3 = (s: IsoSchema): boolean => s === 'iso19115-3-2018' || s === 'iso19115-3-2016';

/** The namespace URI of the document's MD_Metadata root: isoSchemaOf tells the two 19115-3 sets apart by it. */
function rootNamespace(xml: string): string {
  const root = /<((?:[\w.-]+:)?)MD_Metadata\b[^>]*>/.exec(xml);
  if (!root) return '';
  const prefix = (root[1] as string).replace(/:$/, '');
  const decl = new RegExp(`\\sxmlns${prefix ? `:${prefix}` : ''}="([^"]+)"`).exec(root[0]);
  return decl?.[1] ?? '';
}

/**
 * `xml` (a document in schema `from`) in schema `to`. Same schema: returned unchanged.
 * Throws CrosswalkError when the document cannot be read or transformed. `parsed`, when given,
 * is `xml` as parseForRender returns it (the renderer parses a stored document once for all its
 * forms; a parse is much of a crosswalk's cost); the crosswalks only read it.
 */
export function crosswalk(xml: string, from: IsoSchema, to: IsoSchema, parsed?: () => LightDocument): string {
  if (from === to) return xml;
  // a byte order mark left at the start by a decoder is not content
  xml = xml.replace(/^\uFEFF/, '');
  const source = (): LightDocument => (parsed ? parsed() : parseForRender(xml));
  try {
    if (is19115p3(to)) {
      if (is19115p3(from)) {
        // 2016 ↔ 2018: through 19139 would lose what 19139 cannot hold; the crosswalk pair is
        // not needed when the document is already 19115-3: only 2016 → 2018 or back
        return to === 'iso19115-3-2016' ? mdbNamespaceSet(xml, 2016) : mdbNamespaceSet(xml, 2018);
      }
      const mdb2018 = iso19139ToIso19115p3(source());
      return to === 'iso19115-3-2016' ? mdb2018ToMdb2016(mdb2018) : mdb2018;
    }
    if (is19115p3(from)) return toIso19139(source(), to === 'iso19115-2' ? 'gmi' : 'auto');
    // 19139 ↔ 19115-2: both are 19139 encoding; gmi → gmd goes through 19115-3 and back so that
    // the acquisition content is kept where it has a place; gmd → gmi renames the root
    const mdb = iso19139ToIso19115p3(source());
    return toIso19139(parseForRender(mdb), to === 'iso19115-2' ? 'gmi' : 'auto');
  } catch (err) {
    throw err instanceof CrosswalkError ? err : new CrosswalkError(from, to, err);
  }
}

/**
 * A stored 19115-3 document in the other namespace set (2016 ↔ 2018). The eight modules that have
 * a 2.0 version are the only difference between the sets as far as the content we serve goes, so
 * every namespace URI of theirs is moved, wherever the document declares it (a stored document
 * need not declare everything on its root, unlike our renders: mdb2016.ts), and so are the same
 * modules' namespaces and schema files in an xsi:schemaLocation, so that it names the set the
 * document is in. Everything else, comments and layout included, stays as written.
 */
const V2_MODULES = ['mdb', 'cit', 'mac', 'mds', 'mdt', 'mrc', 'mrl', 'msr'];
const MODULE_URI = `(http://standards\\.iso\\.org/iso/19115/-3/(?:${V2_MODULES.join('|')}))/`;
export function mdbNamespaceSet(xml: string, to: 2016 | 2018): string {
  const [was, now] = to === 2018 ? ['1\\.0', '2.0'] : ['2\\.0', '1.0'];
  // a namespace URI is a whole attribute value: it ends at the quote
  const declared = new RegExp(`${MODULE_URI}${was}(?=["'])`, 'g');
  // in a schemaLocation it is one of the blank-separated tokens, or the folder of a schema file
  // (ISO's own schema host or another: schemas.isotc211.org serves the same folders)
  const located = new RegExp(`(https?://[^\\s"']*?/19115/-3/(?:${V2_MODULES.join('|')}))/${was}(?=[\\s"'/])`, 'g');
  return xml
    .replace(declared, `$1/${now}`)
    .replace(/(\sxsi:schemaLocation\s*=\s*)("[^"]*"|'[^']*')/g, (_m, pre: string, value: string) => pre + value.replace(located, `$1/${now}`));
}

/** Detects the schema of a stored ISO document from its root element. */
export function isoSchemaOf(xml: string): IsoSchema | undefined {
  const ns = rootNamespace(xml);
  if (/\/mdb\/2\.0$/.test(ns)) return 'iso19115-3-2018';
  if (/\/mdb\/1\.0$/.test(ns)) return 'iso19115-3-2016';
  if (/<(?:[\w.-]+:)?MI_Metadata\b/.test(xml.slice(0, 4096))) return 'iso19115-2';
  if (/<(?:[\w.-]+:)?MD_Metadata\b/.test(xml.slice(0, 4096))) return 'iso19139';
  return undefined;
}
