import type { LightElement as Element } from '../../xml/light-dom';
import { firstChild, hasChild, is, localName, parentElement } from './dom';
import { GCO139, GMD, SRV139 } from './namespaces';
import * as md from './to-iso19115-3-metadata';
import * as st from './to-iso19115-3-structures';
import type { Extra, Walk } from './to-iso19115-3-walk';
import type { Frag, Scope } from './xml-writer';

/**
 * Which of the stylesheet's own templates (not the generic class / property ones) takes an
 * element, in the stylesheet's priority order: the match patterns of
 * crosswalk-iso19139-to-iso19115-3.xsl, and what each one writes (undefined: the generic
 * template does).
 */
export type GenericClass = (el: Element, scope: Scope, extra?: Extra) => Frag;

const ROOTS = new Set(['MD_Metadata', 'MI_Metadata']);
const COVERAGES = new Set(['MD_CoverageDescription', 'MI_CoverageDescription', 'MD_ImageDescription', 'MI_ImageDescription']);
const IDENTIFICATIONS = new Set(['MD_DataIdentification', 'SV_ServiceIdentification']);

/** mode "class" */
export function classTemplate(w: Walk, el: Element, scope: Scope, extra: Extra | undefined, generic: GenericClass): Frag[] | undefined {
  const parent = parentElement(el);
  const local = localName(el);
  // priority 2: a data quality element
  if (parent && (is(parent, GMD, 'report') || (localName(parent) === 'report' && local === 'QE_Usability'))) return [st.qualityElement(w, el, scope)];
  // priority 0.5
  if (COVERAGES.has(local)) return [generic(el, scope, st.coverageExtra(w, el))];
  if (local === 'MI_AcquisitionInformation') return [generic(el, scope, st.acquisitionExtra)];
  if (is(el, GMD, 'CI_Citation') && isFirstResourceCitation(el)) return [generic(el, scope, md.dataSetUriExtra(w, el))];
  // priority 0
  if (el.namespaceURI === GMD) {
    if (local === 'CI_ResponsibleParty') return [st.responsibility(w, el, scope)];
    if (local === 'MD_Format') return [st.format(w, el, scope)];
    if (local === 'MD_AggregateInformation') return [st.associatedResource(w, el, scope)];
    if (local === 'PT_FreeText') return [st.freeText(w, el, scope)];
  }
  if (is(el, SRV139, 'SV_CoupledResource')) return [st.coupledResource(w, el, scope)];
  return undefined;
}

/** *[local-name() = $ROOTS]/gmd:identificationInfo[1]/*\/gmd:citation/gmd:CI_Citation */
function isFirstResourceCitation(el: Element): boolean {
  const citation = parentElement(el);
  if (!citation || !is(citation, GMD, 'citation')) return false;
  const ident = parentElement(citation);
  const info = ident && parentElement(ident);
  if (!info || !is(info, GMD, 'identificationInfo')) return false;
  const root = parentElement(info);
  return !!root && ROOTS.has(localName(root)) && firstChild(root, GMD, 'identificationInfo') === info;
}

/** mode "prop" */
export function propTemplate(w: Walk, el: Element, scope: Scope): Frag[] | undefined {
  const parent = parentElement(el);
  if (!parent) return undefined;
  const pl = localName(parent);
  const local = localName(el);
  if (el.namespaceURI === GMD) {
    if (ROOTS.has(pl)) {
      const out = md.metadataProperty(w, el, local, scope);
      if (out) return out;
    }
    if (IDENTIFICATIONS.has(pl) && (local === 'language' || local === 'characterSet')) return md.resourceLocales(w, el, local, scope);
    const pns = parent.namespaceURI;
    if (pns === GMD) {
      if (pl === 'DQ_DataQuality' && local === 'lineage') return [];
      if (pl === 'MD_FeatureCatalogueDescription' && local === 'language') return [md.catalogueLocale(w, el, scope)];
      if (pl === 'MD_FeatureCatalogueDescription' && local === 'featureTypes') return [st.featureTypes(w, el, scope)];
      if (pl === 'CI_Contact' && local === 'phone') return st.phones(w, el, scope);
      if (pl === 'MD_Medium' && local === 'name') return [st.mediumName(w, el, scope)];
      if (pl === 'MD_MaintenanceInformation') {
        if (local === 'dateOfNextUpdate') return [st.nextUpdate(w, el, scope)];
        if (local === 'updateScope') return [st.updateScope(w, el, scope)];
        if (local === 'updateScopeDescription') return st.updateScopeDescription(w, el, scope);
      }
    }
    if (local === 'dateTime' && pl.endsWith('ProcessStep')) return [st.stepDateTime(w, el, scope)];
    if (pl.endsWith('_Source')) {
      if (local === 'scaleDenominator') return [st.sourceResolution(w, el, scope)];
      if (local === 'sourceExtent') return [st.sourceScope(w, el, scope)];
    }
    if (COVERAGES.has(pl) && (local === 'contentType' || local === 'dimension')) return [];
  }
  if (is(parent, GMD, 'MD_ApplicationSchemaInformation') && hasChild(el, GCO139, 'Binary')) return [st.schemaFile(w, el, scope)];
  // priority 0
  if (is(el, SRV139, 'serviceType')) return [st.serviceType(w, el, scope)];
  return undefined;
}
