import type { Element } from '@xmldom/xmldom';
import type { ConformityReport, DataQualityEntry } from '../catalogue/record.types';
import { first, select, textAt, textsAt, type NsPredicate } from './dom';
import type { MapContext } from './map-context';
import { normaliseCode } from './normalise-code';
import { anchorHref } from './rich-view-text';
import { normaliseDate, normaliseUrl, parseBoolean } from './values';

/**
 * DQ_DataQuality/report/DQ_* (ISO 19139 gmd, ISO 19157-2 mdq: same local names). A
 * DQ_DomainConsistency's DQ_ConformanceResults are conformity reports (issue 19 §4: the
 * specification, its date, the explanation, the degree); every other report is one `dataQuality`
 * entry, as before. A domain-consistency report whose conformance result names no specification
 * cannot be a conformity report and stays a `dataQuality` entry.
 */
export function readQualityReports(root: Element, ns: NsPredicate, ctx: MapContext): { dataQuality: DataQualityEntry[]; conformity: ConformityReport[] } {
  const dataQuality: DataQualityEntry[] = [];
  const conformity: ConformityReport[] = [];
  for (const report of select(root, 'dataQualityInfo/DQ_DataQuality/report/*', ns)) {
    if (report.localName === 'DQ_DomainConsistency') {
      const results = select(report, 'result/DQ_ConformanceResult', ns);
      const reports = results.map((r) => conformityOf(r, ns, ctx));
      if (results.length && reports.every((r) => r !== undefined)) {
        conformity.push(...(reports as ConformityReport[]));
        // a quantitative result next to them is still a data quality value
        if (first(report, 'result/DQ_QuantitativeResult', ns)) {
          const entry = entryOf(report, ns, ctx, false);
          if (entry) dataQuality.push(entry);
        }
        continue;
      }
    }
    const entry = entryOf(report, ns, ctx, true);
    if (entry) dataQuality.push(entry);
  }
  return { dataQuality, conformity };
}

function conformityOf(result: Element, ns: NsPredicate, ctx: MapContext): ConformityReport | undefined {
  const spec = first(result, 'specification/CI_Citation', ns);
  const titleEl = spec ? first(spec, 'title', ns) : undefined;
  const specification = spec ? textAt(spec, 'title', ns) : undefined;
  if (!spec || !specification) return undefined;
  const out: ConformityReport = { specification };
  const anchor = normaliseUrl(anchorHref(titleEl));
  if (anchor) out.specificationAnchor = anchor;
  const date = first(spec, 'date/CI_Date', ns);
  const raw = date ? textAt(date, 'date', ns) : undefined;
  const value = normaliseDate(raw);
  if (raw && !value) ctx.warn(`Tanggal spesifikasi "${raw}" bukan tanggal ISO; disimpan di dokumen saja.`);
  if (value && date) {
    out.specificationDate = value;
    const type = ctx.enumCode('/conformity/0/specificationDateType', first(date, 'dateType', ns));
    if (type) out.specificationDateType = type;
  }
  const explanation = textAt(result, 'explanation', ns);
  if (explanation) out.explanation = explanation;
  // a nilled gco:Boolean (INSPIRE's "not evaluated") leaves the degree out
  const pass = parseBoolean(textAt(result, 'pass', ns));
  if (pass !== undefined) out.pass = pass;
  return out;
}

/** One report → a data quality entry (the first result that says something), as the mapping always did. */
function entryOf(report: Element, ns: NsPredicate, ctx: MapContext, withConformance: boolean): DataQualityEntry | undefined {
  // an ISO 19157 element 19139 cannot name (usability, …) travels as a report whose
  // nameOfMeasure is the element name (that is how our gmd builder writes it)
  const measure = textAt(report, 'nameOfMeasure', ns);
  const named = measure && /^DQ_\w+$/.test(measure) ? normaliseCode('DQ_ELEMEN', measure) : undefined;
  const element = named ?? ctx.codeValue('DQ_ELEMEN', report.localName ?? '', report);
  if (!element) return undefined;
  const entry: DataQualityEntry = { element };
  // 19139: DQ_x/evaluationMethodType; 19157-2: DQ_x/evaluationMethod/DQ_EvaluationMethod|DQ_FullInspection|…/evaluationMethodType
  const method = first(report, 'evaluationMethodType', ns) ?? first(report, 'evaluationMethod/*/evaluationMethodType', ns);
  const evaluationMethod = ctx.code('METOD_EVALUASI', method);
  if (evaluationMethod) entry.evaluationMethod = evaluationMethod;
  const conformance = withConformance ? first(report, 'result/DQ_ConformanceResult', ns) : undefined;
  if (conformance) {
    const result = textAt(conformance, 'explanation', ns);
    const pass = parseBoolean(textAt(conformance, 'pass', ns));
    if (result) entry.result = result;
    if (pass !== undefined) entry.pass = pass;
  } else {
    const quantitative = first(report, 'result/DQ_QuantitativeResult', ns);
    const value = quantitative ? textsAt(quantitative, 'value', ns).join(' ') : '';
    if (value) entry.result = value;
  }
  return entry;
}
