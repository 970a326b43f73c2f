import { RECORD_STATUSES } from '../../../libs/catalogue/record.types';
import { COMMENT_BODY_MAX_LENGTH } from '../../../libs/catalogue/record-comments';
import { E, idParam, json, ref } from './openapi-parts';

/** The reviewer's view (issue 20): comments on records by field, and the "waiting for me" dashboard. */
export const REVIEW_SCHEMAS = {
  RecordComment: {
    type: 'object',
    required: ['id', 'recordId', 'field', 'body', 'recordVersion', 'createdAt', 'resolvedAt'],
    properties: {
      id: { type: 'string' },
      recordId: { type: 'string' },
      field: { type: ['string', 'null'], description: 'Nama isian formulir (`title`, `contacts`, `extent.bbox`); null = seluruh rekaman' },
      body: { type: 'string' },
      authorId: { type: ['string', 'null'] },
      authorName: { type: ['string', 'null'] },
      recordVersion: { type: 'integer', description: 'Versi rekaman saat komentar ditulis' },
      createdAt: { type: 'string', format: 'date-time' },
      resolvedAt: { type: ['string', 'null'], format: 'date-time' },
      resolvedById: { type: ['string', 'null'] },
    },
  },
  NewRecordComment: {
    type: 'object',
    required: ['body'],
    additionalProperties: false,
    properties: {
      body: { type: 'string', minLength: 1, maxLength: COMMENT_BODY_MAX_LENGTH },
      field: { type: ['string', 'null'], pattern: '^[A-Za-z][A-Za-z0-9]*(\\.[A-Za-z][A-Za-z0-9]*){0,3}$' },
    },
  },
  WaitingRecord: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      title: { type: 'string' },
      status: { enum: RECORD_STATUSES },
      organisationId: { type: 'string' },
      ownerId: { type: 'string' },
      reviewerId: { type: ['string', 'null'] },
      updatedAt: { type: 'string', format: 'date-time' },
      since: { type: 'string', format: 'date-time', description: 'Sejak kapan rekaman berada di statusnya sekarang' },
      rejection: {
        type: ['object', 'null'],
        description: 'Alasan penolakan terakhir selama rekaman masih Ditolak atau kembali Draf setelahnya',
        properties: { note: { type: ['string', 'null'] }, at: { type: 'string', format: 'date-time' }, by: { type: ['string', 'null'] } },
      },
      openComments: { type: 'integer' },
    },
  },
} as const;

export const REVIEW_PATHS = {
  '/api/metadata/{id}/comments': {
    parameters: [idParam],
    get: {
      tags: ['metadata'], summary: 'Komentar reviewer pada rekaman (bagi yang boleh membaca rekaman)',
      responses: { 200: json({ type: 'object', properties: { items: { type: 'array', items: ref('RecordComment') } } }), 401: E[401], 404: E[404] },
    },
    post: {
      tags: ['metadata'], summary: 'Tulis komentar pada satu isian atau seluruh rekaman (QCQE reviewer rekaman atau ADMIN organisasinya)',
      requestBody: { required: true, content: { 'application/json': { schema: ref('NewRecordComment') } } },
      responses: { 201: json(ref('RecordComment'), 'Dibuat; header Location'), 401: E[401], 403: E[403], 404: E[404], 415: E[415], 422: E[422] },
    },
  },
  '/api/metadata/{id}/comments/{commentId}/resolve': {
    parameters: [idParam, { name: 'commentId', in: 'path', required: true, schema: { type: 'string' } }],
    post: {
      tags: ['metadata'], summary: 'Tandai komentar selesai (pembuat rekaman atau ADMIN organisasinya; mengulang tidak mengubah apa pun)',
      responses: { 200: json(ref('RecordComment')), 401: E[401], 403: E[403], 404: E[404] },
    },
  },
  '/api/dashboard': {
    get: {
      tags: ['metadata'], summary: 'Yang menunggu saya: diperbaiki, direview, diterbitkan (terlama dulu), dan rekaman saya per status',
      responses: {
        200: json({
          type: 'object',
          properties: {
            toFix: { type: 'array', items: ref('WaitingRecord') },
            toReview: { type: 'array', items: ref('WaitingRecord') },
            toPublish: { type: 'array', items: ref('WaitingRecord') },
            mine: {
              type: 'array',
              items: { type: 'object', properties: { status: { enum: RECORD_STATUSES }, total: { type: 'integer' }, items: { type: 'array', items: ref('WaitingRecord') } } },
            },
          },
        }),
        401: E[401],
      },
    },
  },
} as const;
