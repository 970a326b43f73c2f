import type { Element } from '@xmldom/xmldom';
import type { RichConformity, RichLineage, RichQualityResult } from '../catalogue/rich-view.types';
import { childElements, clean, first, propCode, select, textAt, textsAt, type NsPredicate } from './dom';
import { anchoredText, localisedText, XLINK, type LocaleMap } from './rich-view-text';
import { normaliseDate, parseBoolean } from './values';

/**
 * Data quality of the rich view: conformity results, other results, lineage. ISO 19139 keeps
 * reports as gmd:DQ_DataQuality/gmd:report/gmd:DQ_x/gmd:result; ISO 19115-3 (ISO 19157-2) as
 * mdq:DQ_DataQuality/mdq:report/mdq:DQ_x/mdq:result with the same local names, and lineage under
 * mdb:resourceLineage instead of the quality element.
 */

function conformityOf(result: Element, ns: NsPredicate): RichConformity {
  const out: RichConformity = {};
  const spec = first(result, 'specification/CI_Citation', ns);
  const title = spec ? anchoredText(first(spec, 'title', ns)) : undefined;
  if (title) out.specification = title;
  const date = spec ? first(spec, 'date/CI_Date', ns) : undefined;
  const raw = date ? textAt(date, 'date', ns) : undefined;
  if (raw) out.specificationDate = normaliseDate(raw) ?? raw;
  const dateType = date ? propCode(first(date, 'dateType', ns)) : undefined;
  if (raw && dateType) out.specificationDateType = dateType;
  const explanation = textAt(result, 'explanation', ns);
  if (explanation) out.explanation = explanation;
  // a nil pass (gco:nilReason="unknown", INSPIRE's "not evaluated") is no degree at all
  const pass = parseBoolean(textAt(result, 'pass', ns));
  if (pass !== undefined) out.pass = pass;
  return out;
}

/** a unit: its xlink:href, else the text of the unit definition (gml:UnitDefinition/name or identifier) */
function unitOf(result: Element, ns: NsPredicate): string | undefined {
  const unit = first(result, 'valueUnit', ns);
  if (!unit) return undefined;
  const href = clean(unit.getAttributeNS(XLINK, 'href'));
  if (href) return href;
  const def = childElements(unit)[0];
  if (!def) return clean(unit.textContent);
  const named = childElements(def).find((k) => k.localName === 'name' || k.localName === 'identifier');
  return clean(named?.textContent) ?? clean(def.getAttribute('gml:id') ?? undefined);
}

function otherResultOf(report: Element, result: Element, ns: NsPredicate): RichQualityResult | undefined {
  const out: RichQualityResult = { element: report.localName ?? 'DQ_Element' };
  // 19139: DQ_x/nameOfMeasure; 19157-2: DQ_x/measure/DQ_MeasureReference/nameOfMeasure
  const measure = textAt(report, 'nameOfMeasure', ns) ?? textAt(report, 'measure/DQ_MeasureReference/nameOfMeasure', ns);
  if (measure) out.measure = measure;
  // quantitative: value/Record …; descriptive (19157): statement; coverage results are left out
  const values = [...textsAt(result, 'value', ns), ...textsAt(result, 'statement', ns)];
  if (values.length) out.value = values.join(' ');
  const unit = unitOf(result, ns);
  if (unit) out.unit = unit;
  return out.value !== undefined || out.measure !== undefined ? out : undefined;
}

/** Every DQ_ConformanceResult of every report, and the other results apart. */
export function readQuality(root: Element, ns: NsPredicate): { conformity: RichConformity[]; qualityResults: RichQualityResult[] } {
  const conformity: RichConformity[] = [];
  const qualityResults: RichQualityResult[] = [];
  for (const report of select(root, 'dataQualityInfo/DQ_DataQuality/report/*', ns)) {
    for (const result of select(report, 'result/*', ns)) {
      if (result.localName === 'DQ_ConformanceResult') {
        const c = conformityOf(result, ns);
        if (Object.keys(c).length) conformity.push(c);
      } else {
        const q = otherResultOf(report, result, ns);
        if (q) qualityResults.push(q);
      }
    }
  }
  return { conformity, qualityResults };
}

/** The first lineage with a statement (or with steps or sources): statement, and how many steps and sources it lists. */
export function readRichLineage(root: Element, ns: NsPredicate, locales: LocaleMap): RichLineage | undefined {
  const lineages = [...select(root, 'dataQualityInfo/DQ_DataQuality/lineage/LI_Lineage', ns), ...select(root, 'resourceLineage/LI_Lineage', ns)];
  for (const l of lineages) {
    const statement = localisedText(first(l, 'statement', ns), ns, locales);
    const processSteps = select(l, 'processStep', ns).length;
    const sources = select(l, 'source', ns).length;
    if (statement || processSteps || sources) return { ...(statement ? { statement } : {}), processSteps, sources };
  }
  return undefined;
}
