import type { XmlNodeBuilder as XMLBuilder } from './gmd-tree';
import type { MetadataRecord } from '../catalogue/record.types';
import { code, nil, str, strOrNil, xmlText } from './gmd-xml';
import { gmdDqElement, present } from './gmd-values';

/** gmd:distributionInfo: formats as MD_Format, every distribution as one CI_OnlineResource. */
export function distributionInfo(root: XMLBuilder, r: MetadataRecord): void {
  const formats = (r.formats ?? []).filter(present);
  const links = (r.distributions ?? []).filter((d) => present(d.url));
  if (formats.length === 0 && links.length === 0) return;
  const dist = root.ele('gmd:distributionInfo').ele('gmd:MD_Distribution');
  for (const f of formats) {
    const fmt = dist.ele('gmd:distributionFormat').ele('gmd:MD_Format');
    str(fmt, 'gmd:name', f);
    nil(fmt, 'gmd:version', 'unknown');
  }
  if (links.length === 0) return;
  const opts = dist.ele('gmd:transferOptions').ele('gmd:MD_DigitalTransferOptions');
  for (const d of links) {
    const res = opts.ele('gmd:onLine').ele('gmd:CI_OnlineResource');
    res.ele('gmd:linkage').ele('gmd:URL').txt(xmlText(d.url.trim()));
    str(res, 'gmd:protocol', d.protocol);
    str(res, 'gmd:name', d.name);
    str(res, 'gmd:description', d.description);
  }
}

/**
 * gmd:dataQualityInfo: one DQ_DataQuality scoped to the hierarchy level, a report per
 * data-quality entry (a conformance result: pass + explanation) and the lineage with its sources.
 */
export function dataQualityInfo(root: XMLBuilder, r: MetadataRecord): void {
  const entries = (r.dataQuality ?? []).filter((e) => present(e.element));
  const sources = (r.sources ?? []).filter(present);
  if (entries.length === 0 && !present(r.lineage) && sources.length === 0) return;
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
  if (present(r.lineage) || sources.length > 0) {
    const li = dq.ele('gmd:lineage').ele('gmd:LI_Lineage');
    str(li, 'gmd:statement', r.lineage);
    for (const s of sources) str(li.ele('gmd:source').ele('gmd:LI_Source'), 'gmd:description', s);
  }
}
