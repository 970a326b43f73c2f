import type { LightElement as Element } from '../../xml/light-dom';
import { ns3 } from './namespaces';
import { element, textElement, type Frag, type OutAttr, type Scope } from './xml-writer';

/**
 * What the 19139 → 19115-3 templates call on each other (the stylesheet's modes), passed to the
 * files of structural templates so that they need not import the dispatcher (no import circle).
 */
export type Extra = (scope: Scope) => Frag[];

export interface Walk {
  /** mode "class": a class element (with the name to write it as, and extra properties to sort in) */
  cls(el: Element, scope: Scope, extra?: Extra): Frag[];
  /** mode "prop": a property element of a class */
  prop(el: Element, scope: Scope): Frag[];
  /** mode "prop-of": `el` written as property `n` of module `m`, its value in class mode */
  propOf(el: Element, scope: Scope, m: string, n?: string): Frag;
  /** mode "attr": the attributes of `el` as 19115-3 writes them */
  attrs(el: Element): OutAttr[];
  /** mode "language": a language value (free text becomes a code) */
  language(el: Element, scope: Scope): Frag[];
}

export const CODELISTS = 'http://standards.iso.org/iso/19115/resources/Codelists/cat/codelists.xml';

/** A literal result element of module `m`. */
export const el3 = (scope: Scope, m: string, local: string, content: (inner: Scope) => string, attrs: readonly OutAttr[] = []): Frag =>
  element(scope, m, local, ns3(m), attrs, content);

export const nilReason = (reason: string): OutAttr => ({ prefix: 'gco', local: 'nilReason', uri: ns3('gco'), value: reason });

/** `<m:local gco:nilReason="reason"/>` */
export const nil3 = (scope: Scope, m: string, local: string, reason: string): Frag => element(scope, m, local, ns3(m), [nilReason(reason)], () => '');

/** `<m:local>text</m:local>` (empty text: an empty element, as xsl:value-of of '' writes no text node) */
export const text3 = (scope: Scope, m: string, local: string, text: string, attrs: readonly OutAttr[] = []): Frag =>
  textElement(scope, m, local, ns3(m), attrs, text);

/** A code list value element: `<m:Code codeList="…#Code" codeListValue="value"/>` */
export const code3 = (scope: Scope, m: string, code: string, value: string): Frag =>
  element(scope, m, code, ns3(m), [
    { prefix: '', local: 'codeList', uri: '', value: `${CODELISTS}#${code}` },
    { prefix: '', local: 'codeListValue', uri: '', value },
  ], () => '');

/** The text of fragments in order (xml-writer's join, by the name the templates read best with). */
export { join as all } from './xml-writer';
