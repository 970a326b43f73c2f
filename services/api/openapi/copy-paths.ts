import { RECORD_STATUSES } from '../../../libs/catalogue/record.types';
import { E, idParam, json, ref } from './openapi-parts';

/** Copies of records and the organisation's templates (issue 20, §5; libs/catalogue/record-copies.ts). */
export const COPY_SCHEMAS = {
  TemplateSummary: {
    type: 'object',
    required: ['id', 'title', 'status', 'updatedAt', 'markedAt'],
    properties: {
      id: { type: 'string' },
      fileIdentifier: { type: ['string', 'null'] },
      title: { type: 'string' },
      status: { enum: RECORD_STATUSES },
      updatedAt: { type: 'string', format: 'date-time' },
      markedAt: { type: 'string', format: 'date-time', description: 'Kapan rekaman ditandai sebagai templat' },
    },
  },
} as const;

const templateMark = (summary: string) => ({
  tags: ['metadata'], summary,
  description: 'Hanya ADMIN organisasi pemilik rekaman (403 untuk yang lain, 404 bila rekaman tidak boleh dilihat, 409 untuk revisi yang sedang berjalan). '
    + 'Tanda templat tidak mengubah status atau versi rekaman. Jawaban: tampilan rekaman lengkap dengan `template`.',
  responses: { 200: json({ allOf: [ref('MetadataRecord'), { type: 'object', properties: { template: { type: 'boolean' } } }] }), 401: E[401], 403: E[403], 404: E[404], 409: E[409] },
});

export const COPY_PATHS = {
  '/api/metadata/templates': {
    get: {
      tags: ['metadata'],
      summary: 'Templat organisasi pemanggil (titik awal rekaman baru), urut judul',
      responses: { 200: json({ type: 'object', properties: { items: { type: 'array', items: ref('TemplateSummary') } } }), 401: E[401] },
    },
  },
  '/api/metadata/{id}/copy': {
    parameters: [idParam],
    post: {
      tags: ['metadata'],
      summary: 'Buat rekaman baru sebagai salinan (PRODUSEN atau ADMIN): dari rekaman yang boleh dilihat pemanggil, atau dari templat organisasinya',
      description: 'Salinan adalah DRAFT baru di organisasi pemanggil, milik pemanggil, dengan kunci dan pengenal publik (fileIdentifier) baru, '
        + 'judul "Salinan: …" dan riwayat yang dimulai dari pembuatannya. Dokumen ISO sumber (impor atau panen) dibawa utuh dengan pengenal '
        + 'metadata dan judul yang baru di dalamnya; gambar pratinjau yang diunggah ikut disalin. Tanpa isi permintaan (atau `{}`).',
      responses: { 201: json(ref('MetadataRecord'), 'Salinan dibuat (Location: rekaman baru)'), 401: E[401], 403: E[403], 404: E[404], 409: E[409], 415: E[415] },
    },
  },
  '/api/metadata/{id}/template': {
    parameters: [idParam],
    put: templateMark('Tandai rekaman sebagai templat organisasi (ADMIN organisasinya)'),
    delete: templateMark('Hapus tanda templat rekaman (ADMIN organisasinya)'),
  },
} as const;
