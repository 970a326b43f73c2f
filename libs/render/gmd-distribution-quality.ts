import type { XmlNodeBuilder as XMLBuilder } from './gmd-tree';
import type { MetadataRecord } from '../catalogue/record.types';
import { anchorOrStr, code, date, nil, str, strOrNil, xmlText } from './gmd-xml';
import { gmdDqElement, isoDate, present } from './gmd-values';
import { responsibleParty } from './gmd-identification';

/** gmd:distributionInfo: formats as MD_Format, every distribution as one CI_OnlineResource. */
export function distributionInfo(root: XMLBuilder, r: MetadataRecord): void {
  const formats = formatsWithVersions(r);
  const links = (r.distributions ?? []).filter((d) => present(d.url));
  const distributors = (r.distributors ?? []).filter((c) => present(c.organisationName) || present(c.individualName));
  if (formats.length === 0 && links.length === 0 && distributors.length === 0) return;
  const dist = root.ele('gmd:distributionInfo').ele('gmd:MD_Distribution');
  for (const f of formats) {
    const fmt = dist.ele('gmd:distributionFormat').ele('gmd:MD_Format');
    str(fmt, 'gmd:name', f.name);
    if (f.version !== undefined) str(fmt, 'gmd:version', f.version);
    else nil(fmt, 'gmd:version', 'unknown');
  }
  for (const c of distributors) responsibleParty(dist.ele('gmd:distributor').ele('gmd:MD_Distributor').ele('gmd:distributorContact'), c);
  if (links.length === 0) return;
  const opts = dist.ele('gmd:transferOptions').ele('gmd:MD_DigitalTransferOptions');
  for (const d of links) {
    const res = opts.ele('gmd:onLine').ele('gmd:CI_OnlineResource');
    res.ele('gmd:linkage').ele('gmd:URL').txt(xmlText(d.url.trim()));
    str(res, 'gmd:protocol', d.protocol);
    str(res, 'gmd:applicationProfile', d.applicationProfile);
    str(res, 'gmd:name', d.name);
    str(res, 'gmd:description', d.description);
    if (present(d.function)) code(res, 'gmd:function', 'CI_OnLineFunctionCode', d.function);
  }
}

/**
 * One MD_Format per format and version: the import reads every MD_Format's version, so a format
 * given in several versions (NetCDF 3.5 and 4) is written once per version. A version of a format
 * `formats` does not name is not written: a version belongs to a listed format (the form says so).
 */
function formatsWithVersions(r: MetadataRecord): { name: string; version?: string }[] {
  const versions = (r.formatVersions ?? []).filter((v) => present(v.format) && present(v.version));
  const names = (r.formats ?? []).filter(present);
  return names.flatMap((name): { name: string; version?: string }[] => {
    const own = versions.filter((v) => v.format === name);
    return own.length > 0 ? own.map((v) => ({ name, version: v.version })) : [{ name }];
  });
}

/**
 * gmd:dataQualityInfo: one DQ_DataQuality scoped to the hierarchy level, a report per
 * data-quality entry (a conformance result: pass + explanation), a domain-consistency report per
 * conformity report (with the specification's citation), and the lineage with its process steps and sources.
 */
export function dataQualityInfo(root: XMLBuilder, r: MetadataRecord): void {
  const entries = (r.dataQuality ?? []).filter((e) => present(e.element));
  const sources = (r.sources ?? []).filter(present);
  const conformity = (r.conformity ?? []).filter((c) => present(c.specification));
  const steps = (r.processSteps ?? []).filter(present);
  const hasLineage = present(r.lineage) || sources.length > 0 || steps.length > 0;
  if (entries.length === 0 && conformity.length === 0 && !hasLineage) return;
  const dq = root.ele('gmd:dataQualityInfo').ele('gmd:DQ_DataQuality');
  code(dq.ele('gmd:scope').ele('gmd:DQ_Scope'), 'gmd:level', 'MD_ScopeCode', present(r.hierarchyLevel) ? r.hierarchyLevel : 'dataset');
  for (const e of entries) {
    const { element, keepName } = gmdDqElement(e.element.trim());
    const el = dq.ele('gmd:report').ele(`gmd:${element}`);
    if (keepName) str(el, 'gmd:nameOfMeasure', e.element);
    if (present(e.evaluationMethod)) code(el, 'gmd:evaluationMethodType', 'DQ_EvaluationMethodTypeCode', e.evaluationMethod);
    const res = el.ele('gmd:result').ele('gmd:DQ_ConformanceResult');
    nil(res, 'gmd:specification');
    strOrNil(res, 'gmd:explanation', e.result);
    if (typeof e.pass === 'boolean') res.ele('gmd:pass').ele('gco:Boolean').txt(String(e.pass));
    else nil(res, 'gmd:pass', 'unknown');
  }
  for (const c of conformity) {
    const res = dq.ele('gmd:report').ele('gmd:DQ_DomainConsistency').ele('gmd:result').ele('gmd:DQ_ConformanceResult');
    const cit = res.ele('gmd:specification').ele('gmd:CI_Citation');
    anchorOrStr(cit, 'gmd:title', c.specification, c.specificationAnchor);
    const d = isoDate(c.specificationDate);
    if (d) {
      const ci = cit.ele('gmd:date').ele('gmd:CI_Date');
      date(ci, 'gmd:date', d);
      code(ci, 'gmd:dateType', 'CI_DateTypeCode', present(c.specificationDateType) ? c.specificationDateType : 'publication');
    } else nil(cit, 'gmd:date', 'unknown');
    strOrNil(res, 'gmd:explanation', c.explanation);
    if (typeof c.pass === 'boolean') res.ele('gmd:pass').ele('gco:Boolean').txt(String(c.pass));
    else nil(res, 'gmd:pass', 'unknown');
  }
  if (hasLineage) {
    const li = dq.ele('gmd:lineage').ele('gmd:LI_Lineage');
    str(li, 'gmd:statement', r.lineage);
    for (const s of steps) str(li.ele('gmd:processStep').ele('gmd:LI_ProcessStep'), 'gmd:description', s);
    for (const s of sources) str(li.ele('gmd:source').ele('gmd:LI_Source'), 'gmd:description', s);
  }
}
