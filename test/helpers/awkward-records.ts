import type { MetadataRecord } from '../../libs/catalogue/record.types';

/**
 * Records whose text fields end in awkward strings: XML specials, text that looks like
 * references, carriage returns, tabs, C1 controls, U+2028, astral characters. Renders
 * written by different means (a builder, SaxonJS's serializer, a tree copy) must agree on
 * all of them byte for byte; the render equivalence tests run their comparisons on these.
 */
const AWKWARD = [
  'a & b', '<x>', '"q" \'s\'', 'r\rn\nt\t', '&amp; &#65; &#x41; &lt;', ']]>', 'ñ 日本 🌏 \u2028 \u0085 \u00a0',
  '  lead trail  ', '&foo;', 'a\r\nb', '>', '',
];

export function awkwardRecord(base: MetadataRecord, k: number): MetadataRecord {
  const s = (v: string | undefined, j: number): string => (v ?? '') + AWKWARD[(k + j) % AWKWARD.length];
  const r = structuredClone(base);
  return {
    ...r,
    id: `${base.id}-awkward-${k}`,
    title: s(r.title, 0),
    abstract: s(r.abstract, 1),
    ...(r.purpose ? { purpose: s(r.purpose, 2) } : {}),
    lineage: s(r.lineage, 3),
    keywords: r.keywords?.map((kw, j) => ({ ...kw, ...(kw.thesaurus ? { thesaurus: s(kw.thesaurus, j + 4) } : {}), values: kw.values.map((v, q) => s(v, j + q + 5)) })),
    contacts: r.contacts?.map((c, j) => ({ ...c, organisationName: s(c.organisationName, j + 6), ...(c.individualName ? { individualName: s(c.individualName, j + 7) } : {}) })),
    distributions: r.distributions?.map((d, j) => ({ ...d, url: s(d.url, j + 8), ...(d.name ? { name: s(d.name, j + 9) } : {}), description: s(d.description, j + 10) })),
    formats: r.formats?.map((f, j) => s(f, j + 11)),
    ...(k % 3 === 0 ? { serviceType: s('WMS', 3) } : {}),
    ...(r.constraints ? { constraints: { ...r.constraints, useLimitation: s(r.constraints.useLimitation, 2), license: s(r.constraints.license, 5) } } : {}),
    spatialCoverage: [s('Area', k)],
    relations: [s('rel', k + 1)],
    sources: [s('src', k + 2)],
  };
}
