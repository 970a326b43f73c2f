import { NS, STANDARD_PREFIXES } from '../namespaces';
import { escapeText, el, textEl, type Attrs } from '../../xml/xml-text';
import { freeTextWords, type KvpBbox } from './kvp-filters';

/**
 * resultType=validate answers with the request echoed as XML. A POST request echoes its
 * own body; a GET request is rebuilt here as the equivalent csw:GetRecords document, with
 * q/BBOX written as the filter (or CQL) they stand for, so the echo hides nothing. Filter Encoding
 * has no word search: `q` is echoed as the AnyText PropertyIsLike of each word, the closest it
 * has; the server matches the words as words (docs/search.md#free-text).
 */
export interface KvpEchoInput {
  namespaces: Record<string, string>;
  typeNames: string[];
  outputSchema: string;
  outputFormat: string;
  startPosition: number;
  maxRecords: number;
  requestId: string | undefined;
  elementSetName: string | undefined;
  elementNames: string[] | undefined;
  constraint: { language: 'FILTER'; filterChildrenXml: string[] } | { language: 'CQL_TEXT'; text: string } | undefined;
  q: string | undefined;
  bbox: KvpBbox | undefined;
  sortBy: string | undefined;
}

const likeXml = (word: string): string =>
  el(
    'ogc:PropertyIsLike',
    { wildCard: '*', singleChar: '?', escapeChar: '\\', matchCase: 'false' },
    textEl('ogc:PropertyName', 'csw:AnyText'),
    textEl('ogc:Literal', `*${word.replace(/[\\*?]/g, (c) => `\\${c}`)}*`),
  );

const bboxXml = (b: KvpBbox): string =>
  el(
    'ogc:BBOX',
    {},
    textEl('ogc:PropertyName', 'ows:BoundingBox'),
    el(
      'gml:Envelope',
      { srsName: 'urn:ogc:def:crs:OGC:1.3:CRS84' },
      textEl('gml:lowerCorner', `${b.minx} ${b.miny}`),
      textEl('gml:upperCorner', `${b.maxx} ${b.maxy}`),
    ),
  );

const cqlQuote = (s: string): string => `'${s.replace(/'/g, "''")}'`;

function constraintXml(input: KvpEchoInput): string {
  const extras: string[] = [...(input.q ? freeTextWords(input.q).map(likeXml) : []), ...(input.bbox ? [bboxXml(input.bbox)] : [])];
  const c = input.constraint;
  if (c?.language === 'CQL_TEXT') {
    const parts = [`(${c.text})`];
    if (input.q) for (const w of freeTextWords(input.q)) parts.push(`csw:AnyText LIKE ${cqlQuote(`%${w}%`)}`);
    if (input.bbox) parts.push(`BBOX(ows:BoundingBox, ${input.bbox.minx}, ${input.bbox.miny}, ${input.bbox.maxx}, ${input.bbox.maxy})`);
    return el('csw:Constraint', { version: '1.1.0' }, textEl('csw:CqlText', parts.join(' AND ')));
  }
  const predicates = [...(c?.filterChildrenXml ?? []), ...extras];
  if (!c && predicates.length === 0) return '';
  const body = predicates.length > 1 ? el('ogc:And', {}, ...predicates) : (predicates[0] ?? '');
  return el('csw:Constraint', { version: '1.1.0' }, el('ogc:Filter', {}, body));
}

function sortByXml(raw: string | undefined): string {
  if (!raw) return '';
  const props = raw
    .split(',')
    .filter((s) => s.trim() !== '')
    .map((item) => {
      const m = /^(.*):(A|D|ASC|DESC)$/i.exec(item.trim());
      const name = m ? m[1]! : item.trim();
      const order = m && m[2]!.toUpperCase().startsWith('D') ? 'DESC' : 'ASC';
      return el('ogc:SortProperty', {}, textEl('ogc:PropertyName', name), textEl('ogc:SortOrder', order));
    });
  return el('ogc:SortBy', {}, ...props);
}

export function buildKvpEcho(input: KvpEchoInput): string {
  const nsAttrs: Attrs = {};
  for (const [p, uri] of Object.entries({ ...STANDARD_PREFIXES, ...input.namespaces })) {
    nsAttrs[p === '' ? 'xmlns' : `xmlns:${p}`] = uri;
  }
  nsAttrs['xmlns:csw'] = NS.csw; // the request's own elements must be in the CSW namespace
  nsAttrs['xmlns:ogc'] = NS.ogc;
  nsAttrs['xmlns:gml'] = NS.gml;
  const view = input.elementNames
    ? input.elementNames.map((n) => `<csw:ElementName>${escapeText(n)}</csw:ElementName>`).join('')
    : textEl('csw:ElementSetName', input.elementSetName ?? 'summary');
  return el(
    'csw:GetRecords',
    {
      ...nsAttrs,
      service: 'CSW',
      version: '2.0.2',
      requestId: input.requestId,
      resultType: 'validate',
      outputFormat: input.outputFormat,
      outputSchema: input.outputSchema,
      startPosition: input.startPosition,
      maxRecords: input.maxRecords,
    },
    el('csw:Query', { typeNames: input.typeNames.join(' ') }, view, constraintXml(input), sortByXml(input.sortBy)),
  );
}
