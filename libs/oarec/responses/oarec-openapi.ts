import { COLLECTION_PATH, ITEMS_PATH, MEDIA } from '../oarec-links';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET } from '../request/item-query';
import { FACET_EXACT_ROWS } from '../../search/facet-counts';

/**
 * The OpenAPI 3.0 document of the OGC API – Records endpoint (`/openapi`, linked from the
 * landing page as service-desc). Response bodies refer to the published OGC schemas.
 */
const RECORDS_SCHEMAS = 'https://schemas.opengis.net/ogcapi/records/part1/1.0/openapi/schemas';

const param = (name: string, description: string, schema: Record<string, unknown>, where: 'query' | 'path' = 'query', required = false) =>
  ({ name, in: where, required, description, schema, ...(where === 'query' ? { style: 'form', explode: false } : {}) });

const F = param('f', 'Encoding: json or html (records also iso19139 and iso19115-3); otherwise from Accept.', { type: 'string', enum: ['json', 'html'] });
const FR = param('f', 'Encoding of the record.', { type: 'string', enum: ['json', 'html', 'iso19139', 'iso19115-3'] });

const ok = (description: string, types: Record<string, string>) => ({
  description,
  content: Object.fromEntries(Object.entries(types).map(([type, ref]) => [type, ref ? { schema: { $ref: ref } } : {}])),
});
const errors = {
  400: { description: 'Bad parameter', content: { 'application/json': { schema: { $ref: '#/components/schemas/exception' } } } },
  404: { description: 'Not found', content: { 'application/json': { schema: { $ref: '#/components/schemas/exception' } } } },
  406: { description: 'Encoding not available', content: { 'application/json': { schema: { $ref: '#/components/schemas/exception' } } } },
};

export function oarecOpenApi(baseUrl: string) {
  const doc = (summary: string, ref: string, operationId: string) => ({
    get: { summary, operationId, parameters: [F], responses: { 200: ok(summary, { 'application/json': ref, 'text/html': '' }), ...errors } },
  });
  return {
    openapi: '3.0.3',
    info: { title: 'geokatalog – OGC API – Records', version: '1.0.0', description: 'Katalog metadata geospasial: OGC API – Records – Part 1: Core 1.0.' },
    servers: [{ url: baseUrl }],
    paths: {
      '/': doc('Landing page', `${RECORDS_SCHEMAS}/landingPage.yaml`, 'getLandingPage'),
      '/conformance': doc('Conformance classes', `${RECORDS_SCHEMAS}/confClasses.yaml`, 'getConformance'),
      '/openapi': { get: { summary: 'This document', operationId: 'getOpenApi', parameters: [F], responses: { 200: ok('OpenAPI 3.0', { 'application/vnd.oai.openapi+json;version=3.0': '', 'text/html': '' }) } } },
      '/collections': doc('The catalogues', `${RECORDS_SCHEMAS}/catalogs.yaml`, 'getCollections'),
      // the collection also answers as the catalogue media type when the client prefers it
      // (Records /req/json/catalog-response): the same document, another Content-Type
      [COLLECTION_PATH]: {
        get: {
          summary: 'The catalogue of every published record',
          operationId: 'getCatalogue',
          parameters: [F],
          responses: {
            200: ok('The catalogue of every published record (application/ogc-catalog+json when Accept prefers it to application/json)', {
              'application/json': `${RECORDS_SCHEMAS}/collection.yaml`,
              [MEDIA.catalog]: `${RECORDS_SCHEMAS}/collection.yaml`,
              'text/html': '',
            }),
            ...errors,
          },
        },
      },
      [`${COLLECTION_PATH}/queryables`]: {
        get: { summary: 'Queryables', operationId: 'getQueryables', parameters: [F], responses: { 200: ok('JSON Schema of the queryables', { 'application/schema+json': '', 'text/html': '' }), ...errors } },
      },
      [`${COLLECTION_PATH}/sortables`]: {
        get: { summary: 'Sortables', operationId: 'getSortables', parameters: [F], responses: { 200: ok('JSON Schema of the sortables', { 'application/schema+json': '' }), ...errors } },
      },
      [ITEMS_PATH]: {
        get: {
          summary: 'Search the records',
          operationId: 'getRecords',
          parameters: [
            F,
            param('bbox', 'minx,miny,maxx,maxy (CRS84; minx > maxx crosses the antimeridian): the record extent intersects the box.', { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } }),
            param('datetime', 'Instant or interval (`..` open): intersects the record temporal extent.', { type: 'string' }),
            param('q', 'Free text: commas separate alternatives (OR); the words of one term must all occur as words (Indonesian and English word forms, accents folded); without sortby the most relevant come first. When nothing matches, the typo-tolerant matches are answered (non-standard member `typoTolerant: true`); when nothing or almost nothing matches, a corrected spelling may come as the non-standard member `suggestion`.', { type: 'string' }),
            param('type', 'Resource types (comma list, OR).', { type: 'string' }),
            param('ids', 'Record identifiers (comma list).', { type: 'string' }),
            param('externalIds', 'External identifiers (comma list).', { type: 'string' }),
            param('limit', `Page size (default ${DEFAULT_LIMIT}; larger than ${MAX_LIMIT} is clamped).`, { type: 'integer', minimum: 1, default: DEFAULT_LIMIT }),
            param('offset', `Records to skip (0-based), at most ${MAX_OFFSET}; deeper pages through the \`next\` links (cursor).`, { type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0 }),
            param('cursor', 'Opaque continuation from a `next` link (keyset: any depth at the cost of a first page); not with offset.', { type: 'string' }),
            param('sortby', 'Sortables, comma separated; `-` prefix for descending. The identifier is always the last key.', { type: 'string' }),
            param('filter', 'CQL2 filter over the queryables.', { type: 'string' }),
            param('filter-lang', 'cql2-text (default) or cql2-json.', { type: 'string', enum: ['cql2-text', 'cql2-json'] }),
            param('filter-crs', 'Only CRS84.', { type: 'string' }),
            param('facets', 'true: add facet counts (non-standard member `facets`).', { type: 'boolean' }),
          ],
          responses: {
            200: {
              description: 'A page of records',
              content: {
                // the standard's collection with this catalogue's own members (the schema allows extra members)
                'application/geo+json': { schema: { allOf: [{ $ref: `${RECORDS_SCHEMAS}/recordCollectionGeoJSON.yaml` }, { $ref: '#/components/schemas/searchMembers' }] } },
                'text/html': {},
              },
            },
            ...errors,
          },
        },
      },
      [`${ITEMS_PATH}/{recordId}`]: {
        get: {
          summary: 'One record',
          operationId: 'getRecord',
          description: 'The GeoJSON record carries the rich view of its ISO document: `externalIds`, `formats` (with `iso:version`), '
            + '`publicationDate`, links `rel=license` and `rel=related`, and `iso:` properties (purpose, lineage, conformity, quality, '
            + 'resolution, reference systems, resource dates, maintenance, identifiers, constraints, associations, operatesOn, translations).',
          parameters: [
            param('recordId', 'Record identifier (as in CSW).', { type: 'string' }, 'path', true), FR,
            param('lang', 'Language of the HTML page: id (default) or en; the page shows the record\'s translation into it when there is one. No effect on JSON.', { type: 'string', enum: ['id', 'en'], default: 'id' }),
          ],
          responses: {
            200: ok('The record', { 'application/geo+json': `${RECORDS_SCHEMAS}/recordGeoJSON.yaml`, 'text/html': '', 'application/xml': '' }),
            ...errors,
          },
        },
      },
    },
    components: {
      schemas: {
        exception: { type: 'object', required: ['code'], properties: { code: { type: 'string' }, description: { type: 'string' } } },
        // non-standard members of an items page (docs/search.md: free text, facets)
        searchMembers: {
          type: 'object',
          properties: {
            typoTolerant: {
              type: 'boolean', enum: [true],
              description: 'Present (true) when nothing matched the words of q: the features are the typo-tolerant matches (similar spellings in titles and keywords).',
            },
            rankWindow: {
              type: 'integer',
              description: 'Present when q matched more records than this number and the order is relevance: only this many matches (the first the text index yields) were ranked, the others follow them; the order is approximate. Narrow the search or sort for an exact order.',
            },
            suggestion: { type: 'string', description: 'The q text with its spelling corrected ("maksud Anda"), when nothing or almost nothing matched.' },
            facets: {
              type: 'object',
              description: 'With facets=true: the most frequent values of each facet over all matches.',
              additionalProperties: { type: 'array', items: { $ref: '#/components/schemas/facetValue' } },
            },
          },
        },
        facetValue: {
          type: 'object',
          required: ['value', 'count'],
          properties: {
            value: { type: 'string' },
            count: { type: 'integer', minimum: 0 },
            approximate: {
              type: 'boolean', enum: [true],
              description: `Present (true) when the count is estimated from a sample of the matches (more than ${FACET_EXACT_ROWS} matched); shown as "sekitar".`,
            },
          },
        },
      },
    },
  };
}
