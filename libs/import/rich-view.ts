import type { Element } from '@xmldom/xmldom';
import type { RichView } from '../catalogue/rich-view.types';
import { parseXmlSafely } from '../xml/safe-parse';
import { first, propCode, type NsPredicate } from './dom';
import { detectFormat, ISO19115_3_NS, ISO19139_NS } from './namespaces';
import {
  readAssociations, readIdentifiers, readOperatesOn, readResolutions, readReferenceSystems, readResourceDates, readRichConstraints, readRichFormats,
} from './rich-view-parts';
import { readQuality, readRichLineage } from './rich-view-quality';
import { localisedText, readLocales } from './rich-view-text';

/**
 * The record's rich view (issue 19 point 7: the public record page and the GeoJSON record),
 * derived from its stored ISO document — here, next to the mapping that derives the JSON model
 * from the same document, because this is the other derivation of it. It reads what the model
 * reduces (every reference system, identifiers with codeSpace, constraints with their anchors,
 * conformity reports, operatesOn, format versions, PT_FreeText translations …) and invents nothing.
 *
 * The document goes through the project's one safe parser (no DTD, no entity, no network).
 * ISO 19139 (gmd, gmi in both namespaces) and ISO 19115-3 (mdb 1.0 and 2.0) are read by local
 * name with each family's namespace predicate; only the first identificationInfo is read, as in
 * the mapping. A document that is not one of them → undefined.
 */
export function extractRichView(xml: string): RichView | undefined {
  const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  const root = parseXmlSafely(text).documentElement;
  if (!root) return undefined;
  const format = detectFormat(root.namespaceURI, root.localName);
  if (!format || format === 'csw-record') return undefined;
  return richViewOf(root, format === 'gmd' || format === 'gmi' ? ISO19139_NS : ISO19115_3_NS);
}

export function richViewOf(root: Element, ns: NsPredicate): RichView {
  const locales = readLocales(root, ns);
  const ident = first(root, 'identificationInfo/*', ns);
  const citation = ident ? first(ident, 'citation/CI_Citation', ns) : undefined;
  const view: RichView = {
    conformity: [],
    qualityResults: [],
    resolutions: ident ? readResolutions(ident, ns) : [],
    referenceSystems: readReferenceSystems(root, ns),
    resourceDates: citation ? readResourceDates(citation, ns) : [],
    identifiers: citation ? readIdentifiers(citation, ns) : [],
    constraints: ident ? readRichConstraints(ident, ns) : [],
    associations: ident ? readAssociations(ident, ns) : [],
    operatesOn: ident ? readOperatesOn(ident, ns) : [],
    formats: readRichFormats(root, ident, ns),
    locales: [...new Set(locales.values())],
  };
  const title = citation ? localisedText(first(citation, 'title', ns), ns, locales) : undefined;
  if (title) view.title = title;
  const abstract = ident ? localisedText(first(ident, 'abstract', ns), ns, locales) : undefined;
  if (abstract) view.abstract = abstract;
  const purpose = ident ? localisedText(first(ident, 'purpose', ns), ns, locales) : undefined;
  if (purpose) view.purpose = purpose;
  const lineage = readRichLineage(root, ns, locales);
  if (lineage) view.lineage = lineage;
  Object.assign(view, readQuality(root, ns));
  const frequency = ident ? propCode(first(ident, 'resourceMaintenance/MD_MaintenanceInformation/maintenanceAndUpdateFrequency', ns)) : undefined;
  if (frequency) view.maintenanceFrequency = frequency;
  return view;
}
