import type { LightElement as Element, LightNode as Node } from '../../xml/light-dom';
import { GML, GML32, XMLNS_NS, isGmlNamespace } from './namespaces';
import { startTag, type Frag, type OutAttr, type Scope } from './xml-writer';
import { escText } from '../xml-escape';

/**
 * crosswalk-common.xsl's cw:copy mode: content of no ISO module (national extensions) and gml of
 * either version, copied whole; gml elements and attributes go to the gml namespace the target
 * schema uses (`gmlNs`: GML 3.2 for 19115-3, 3.1 or 3.2 for 19139), everything else keeps its
 * name and prefix and carries only the namespaces it uses (copy-namespaces="no").
 */

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
const PI = 7;
const COMMENT = 8;

/** The attributes of `el` as written (xmlns declarations are not attributes here). */
export function sourceAttributes(el: Element): OutAttr[] {
  const out: OutAttr[] = [];
  const attrs = el.attributes;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i]!;
    if (a.namespaceURI === XMLNS_NS) continue;
    out.push({ prefix: a.prefix ?? '', local: a.localName ?? a.name, uri: a.namespaceURI ?? '', value: a.value });
  }
  return out;
}

function copiedAttributes(el: Element, gmlNs: string): OutAttr[] {
  const out: OutAttr[] = [];
  for (const a of sourceAttributes(el)) {
    if (a.local === 'uom' && a.uri === GML && gmlNs === GML32) {
      // a CRS axis's unit: gml:uom in GML 3.1, uom in GML 3.2
      out.push({ prefix: '', local: 'uom', uri: '', value: a.value });
    } else if (a.prefix === '' && a.local === 'uom' && el.localName === 'CoordinateSystemAxis' && gmlNs === GML) {
      out.push({ prefix: 'gml', local: 'uom', uri: GML, value: a.value });
    } else if (isGmlNamespace(a.uri)) {
      out.push({ prefix: 'gml', local: a.local, uri: gmlNs, value: a.value });
    } else {
      out.push(a);
    }
  }
  return out;
}

/** One node in copy mode (an element, text, a comment or a processing instruction). */
export function copyNode(node: Node, scope: Scope, gmlNs: string): string {
  switch (node.nodeType) {
    case ELEMENT: return copyElement(node as Element, scope, gmlNs).xml;
    case TEXT:
    case CDATA: return escText((node as unknown as { data: string }).data);
    case COMMENT: return `<!--${(node as unknown as { data: string }).data}-->`;
    case PI: {
      const pi = node as unknown as { target: string; data: string };
      const data = pi.data.replace(/^[ \t\r\n]+/, '');
      return data ? `<?${pi.target} ${data}?>` : `<?${pi.target}?>`;
    }
    default: return '';
  }
}

/** The children of `parent` in copy mode. */
export function copyChildren(parent: Node, scope: Scope, gmlNs: string): string {
  let s = '';
  for (let n = parent.firstChild; n; n = n.nextSibling) s += copyNode(n, scope, gmlNs);
  return s;
}

/** An element in copy mode; `extra`: namespace bindings it is to declare besides its own (a root's). */
export function copyElement(el: Element, scope: Scope, gmlNs: string, extra?: readonly (readonly [string, string])[]): Frag {
  const local = el.localName ?? el.nodeName;
  const gml = isGmlNamespace(el.namespaceURI);
  const tag = startTag(scope, gml ? 'gml' : el.prefix ?? '', local, gml ? gmlNs : el.namespaceURI ?? '', copiedAttributes(el, gmlNs), extra);
  const body = copyChildren(el, tag.scope, gmlNs);
  return { local, xml: body ? `${tag.open}>${body}</${tag.name}>` : `${tag.open}/>` };
}
