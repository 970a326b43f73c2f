import type { LightElement as Element } from '../../xml/light-dom';
import type { Frag, OutAttr, Scope } from './xml-writer';

/**
 * The modes of crosswalk-iso19115-3-to-iso19139.xsl, as the structural templates (classes,
 * properties, parties, metadata) call them; to-iso19139.ts implements it. Every output is
 * written in `scope`, the namespaces in scope where it is placed.
 */
export type Extra = (scope: Scope) => Frag[];

export interface Walker {
  /** the gml namespace of the output ($gml-ns) */
  readonly gmlNs: string;
  /** mode "class": an element that is a class value */
  cls(e: Element, scope: Scope, as?: string): Frag[];
  /** the generic class template (what xsl:next-match reaches), with extra property elements */
  generic(e: Element, scope: Scope, extra?: Extra, as?: string): Frag[];
  /** mode "prop": a property element */
  prop(e: Element, scope: Scope): Frag[];
  /** the property templates below the structural ones (what their xsl:next-match reaches) */
  propNext(e: Element, scope: Scope): Frag[];
  /** mode "prop-of": property `e` written as {m}:{n}, its value the classes it holds */
  propOf(e: Element, scope: Scope, m?: string, n?: string): Frag[];
  /** mode "attr": the attributes of `e` as 19139 writes them */
  attrs(e: Element): OutAttr[];
}
