import { SUGGEST_LIMIT_DEFAULT, SUGGEST_LIMIT_MAX, SUGGEST_Q_MAX } from '../../../libs/catalogue/keyword-suggestions';
import { DIRECTORY_LIMIT_MAX } from '../../../libs/catalogue/contact-directory';
import { E, json, ref } from './openapi-parts';

/** What makes producers faster (issue 20 §5): keyword suggestions per thesaurus and the contact directory. */
const nullableText = { type: ['string', 'null'] };
const contactFields = {
  role: { type: 'string', description: 'Kode PERAN_KONTAK (peran bawaan saat dipilih)' },
  organisationName: { type: 'string' },
  individualName: { type: 'string' },
  positionName: { type: 'string' },
  email: { type: 'string', format: 'email' },
  phone: { type: 'string' },
  address: { type: 'string' },
  onlineResource: { type: 'string', format: 'uri' },
};

export const SUGGESTION_SCHEMAS = {
  KeywordSuggestion: {
    type: 'object',
    required: ['keyword', 'thesaurus', 'thesaurusAnchor', 'anchor', 'uses'],
    properties: {
      keyword: { type: 'string' },
      thesaurus: { ...nullableText, description: 'Judul tesaurus; null = kata kunci tanpa tesaurus' },
      thesaurusAnchor: { ...nullableText, description: 'URI tesaurus (gmx:Anchor judulnya), bila diketahui' },
      anchor: { ...nullableText, description: 'URI kata kunci (gmx:Anchor xlink:href), bila ada rekaman yang memuatnya' },
      uses: { type: 'integer', description: 'Jumlah rekaman (yang boleh dibaca pemanggil) yang memakainya' },
    },
  },
  ThesaurusSummary: {
    type: 'object',
    required: ['title', 'anchor', 'records', 'keywords'],
    properties: {
      title: { ...nullableText, description: 'null = kata kunci tanpa tesaurus' },
      anchor: nullableText,
      records: { type: 'integer' },
      keywords: { type: 'integer' },
    },
  },
  DirectoryContact: {
    type: 'object',
    required: ['id', 'organisationName', 'updatedAt'],
    properties: { id: { type: 'string' }, ...contactFields, updatedAt: { type: 'string', format: 'date-time' } },
  },
  DirectoryContactInput: {
    type: 'object',
    additionalProperties: false,
    description: 'Minimal salah satu dari organisationName, individualName atau email',
    properties: contactFields,
  },
} as const;

const contactId = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[1-9][0-9]*$' } };

export const SUGGESTION_PATHS = {
  '/api/keywords/thesauri': {
    get: {
      tags: ['keywords'], summary: 'Tesaurus yang sudah dipakai rekaman yang boleh dibaca pemanggil, dengan jumlah rekaman dan kata kunci',
      responses: { 200: json({ type: 'object', properties: { items: { type: 'array', items: ref('ThesaurusSummary') } } }), 401: E[401] },
    },
  },
  '/api/keywords/suggest': {
    get: {
      tags: ['keywords'],
      summary: 'Saran kata kunci saat mengetik: awal kata kunci atau awal salah satu katanya, tanpa membedakan huruf besar dan aksen; '
        + 'yang cocok di awal dulu, lalu menurut jumlah pemakaian. Dari rekaman yang boleh dibaca pemanggil.',
      parameters: [
        { name: 'q', in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: SUGGEST_Q_MAX } },
        { name: 'thesaurus', in: 'query', schema: { type: 'string' }, description: 'Judul tesaurus; kosong = kata kunci tanpa tesaurus; tidak diberikan = semua' },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: SUGGEST_LIMIT_MAX, default: SUGGEST_LIMIT_DEFAULT } },
      ],
      responses: { 200: json({ type: 'object', properties: { items: { type: 'array', items: ref('KeywordSuggestion') } } }), 400: E[400], 401: E[401] },
    },
  },
  '/api/contacts': {
    get: {
      tags: ['contacts'], summary: 'Direktori kontak organisasi pemanggil (semua anggota organisasi)',
      parameters: [
        { name: 'q', in: 'query', schema: { type: 'string', maxLength: 200 }, description: 'Cari di nama, organisasi, jabatan, surel, telepon' },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: DIRECTORY_LIMIT_MAX, default: 50 } },
        { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
      ],
      responses: {
        200: json({ type: 'object', properties: { items: { type: 'array', items: ref('DirectoryContact') }, total: { type: 'integer' }, limit: { type: 'integer' }, offset: { type: 'integer' } } }),
        400: E[400], 401: E[401],
      },
    },
    post: {
      tags: ['contacts'], summary: 'Tambah entri direktori (ADMIN organisasi)',
      requestBody: { required: true, content: { 'application/json': { schema: ref('DirectoryContactInput') } } },
      responses: { 201: json(ref('DirectoryContact'), 'Dibuat; header Location'), 401: E[401], 403: E[403], 415: E[415], 422: E[422] },
    },
  },
  '/api/contacts/{id}': {
    parameters: [contactId],
    get: { tags: ['contacts'], summary: 'Satu entri direktori', responses: { 200: json(ref('DirectoryContact')), 401: E[401], 404: E[404] } },
    put: {
      tags: ['contacts'], summary: 'Ubah entri direktori (ADMIN organisasi); rekaman yang sudah ada tidak berubah',
      requestBody: { required: true, content: { 'application/json': { schema: ref('DirectoryContactInput') } } },
      responses: { 200: json(ref('DirectoryContact')), 401: E[401], 403: E[403], 404: E[404], 415: E[415], 422: E[422] },
    },
    delete: {
      tags: ['contacts'], summary: 'Hapus entri direktori (ADMIN organisasi); rekaman yang masih memakai kontak itu tidak memunculkannya kembali',
      responses: { 204: { description: 'Dihapus' }, 401: E[401], 403: E[403], 404: E[404] },
    },
  },
  '/api/contacts/{id}/merge': {
    parameters: [contactId],
    post: {
      tags: ['contacts'], summary: 'Gabungkan entri ini ke entri lain (ADMIN organisasi): entri ini dihapus, kuncinya pindah ke entri tujuan',
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['into'], additionalProperties: false, properties: { into: { type: 'string' } } } } } },
      responses: { 200: json(ref('DirectoryContact'), 'Entri tujuan'), 401: E[401], 403: E[403], 404: E[404], 409: E[409], 422: E[422] },
    },
  },
} as const;
