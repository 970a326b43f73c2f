import { E, idParam, json, ref } from './openapi-parts';

/** The record's ISO document versions and the workbench's XML view (issue 19; libs/catalogue/record-xml-edits.ts). */
const issue = {
  type: 'object', required: ['level', 'message'],
  properties: { level: { enum: ['error', 'warning'] }, path: { type: 'string' }, message: { type: 'string' } },
} as const;

export const XML_VIEW_SCHEMAS = {
  DocumentXsdReport: {
    type: 'object',
    required: ['source', 'xsd', 'valid', 'findings'],
    description: 'Hasil validasi XSD resmi (schemas/xsd) atas dokumen; pesan dari libxml2 (bahasa Inggris)',
    properties: {
      source: { const: 'xsd' },
      xsd: { type: 'string', description: 'Skema masuk yang dipakai, jalur di bawah schemas/xsd' },
      valid: { type: 'boolean' },
      findings: { type: 'array', items: { type: 'object', properties: { line: { type: ['integer', 'null'] }, message: { type: 'string' } } } },
    },
  },
  XmlCheckResult: {
    type: 'object',
    required: ['passed', 'schema', 'validation', 'xsd', 'diff', 'changes'],
    properties: {
      passed: { type: 'boolean', description: 'Lolos XSD dan tanpa galat aturan katalog: "Simpan" akan menerimanya' },
      schema: { enum: ['iso19139', 'iso19115-2', 'iso19115-3-2018', 'iso19115-3-2016'] },
      validation: { type: 'array', items: issue },
      xsd: ref('DocumentXsdReport'),
      diff: { type: 'string', description: 'Diff baris (unified) terhadap dokumen tersimpan; kosong bila sama' },
      changes: { type: 'array', items: { type: 'object' }, description: 'Perubahan isian JSON yang diturunkan dari dokumen' },
    },
  },
} as const;

const xmlBody = { required: true, content: { 'application/xml': { schema: { type: 'string' } } } };
const seqParam = { name: 'seq', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

export const XML_VIEW_PATHS = {
  '/api/metadata/{id}/documents': {
    parameters: [idParam],
    get: {
      tags: ['metadata'], summary: 'Semua versi dokumen ISO rekaman (terbaru dahulu, tanpa XML), dengan laporan pemeriksaan dan XSD',
      responses: { 200: json({ type: 'array', items: { type: 'object' } }), 401: E[401], 404: E[404] },
    },
  },
  '/api/metadata/{id}/documents/{seq}': {
    parameters: [idParam, seqParam],
    get: {
      tags: ['metadata'], summary: 'Satu versi dokumen ISO, apa adanya',
      responses: { 200: { description: 'Dokumen', content: { 'application/xml': { schema: { type: 'string' } } } }, 400: E[400], 401: E[401], 404: E[404] },
    },
  },
  '/api/metadata/{id}/documents/{seq}/diff': {
    parameters: [idParam, seqParam, { name: 'against', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } }],
    get: {
      tags: ['metadata'], summary: 'Perubahan XML: diff baris (unified) dokumen versi `seq` terhadap versi `against`',
      responses: {
        200: json({ type: 'object', properties: { seq: { type: 'integer' }, against: { type: 'integer' }, diff: { type: 'string' } } }),
        400: E[400], 401: E[401], 404: E[404],
      },
    },
  },
  '/api/metadata/{id}/document/check': {
    parameters: [idParam],
    post: {
      tags: ['metadata'], summary: 'Periksa dokumen XML suntingan: XSD resmi, aturan katalog, diff baris dan perubahan isian (tidak menyimpan)',
      description: 'Hak yang sama dengan menyunting isi rekaman. Dokumen dibaca tanpa DTD dan tanpa ekspansi entitas.',
      requestBody: xmlBody,
      responses: { 200: json(ref('XmlCheckResult')), 400: E[400], 401: E[401], 403: E[403], 404: E[404], 409: E[409], 415: E[415], 422: E[422] },
    },
  },
  '/api/metadata/{id}/document': {
    parameters: [idParam],
    put: {
      tags: ['metadata'], summary: 'Simpan dokumen XML suntingan sebagai versi dokumen baru (JSON diturunkan ulang oleh pemetaan impor)',
      description: 'Hanya bila lolos pemeriksaan; bila tidak: 422 dengan `validation`, `xsd` dan `errors`. Pengenal berkas tidak boleh berubah. '
        + 'Dokumen yang sama dengan yang tersimpan tidak membuat versi baru.',
      parameters: [{ name: 'If-Match', in: 'header', schema: { type: 'string' } }],
      requestBody: xmlBody,
      responses: { 200: json(ref('MetadataRecord')), 400: E[400], 401: E[401], 403: E[403], 404: E[404], 409: E[409], 412: E[412], 415: E[415], 422: E[422] },
    },
  },
} as const;
