import { METADATA_SCHEMA } from '../../../libs/catalogue/metadata.schema';
import { REFERENCE_LIST_NAMES } from '../../../libs/catalogue/reference-lists';
import { RECORD_STATUSES, ROLES } from '../../../libs/catalogue/record.types';
import { HISTORY_ACTIONS } from '../../../libs/catalogue/records.ports';
import { EXPORT_FORMATS } from '../../../libs/render/formats';
import { E, idParam, json, problem, ref } from './openapi-parts';
import { REVIEW_PATHS, REVIEW_SCHEMAS } from './review-paths';
import { COPY_PATHS, COPY_SCHEMAS } from './copy-paths';
import { XML_VIEW_PATHS, XML_VIEW_SCHEMAS } from './xml-view-paths';
import { SUGGESTION_PATHS, SUGGESTION_SCHEMAS } from './suggestion-paths';

/**
 * The OpenAPI 3.1 description of the REST API. OpenAPI 3.1 uses JSON Schema 2020-12, so the
 * metadata document schema is embedded as it is — one source for validation and docs.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { $schema, $id, ...metadataDocSchema } = METADATA_SCHEMA as Record<string, unknown>;

export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'geokatalog REST API',
    version: '1.0.0',
    description: 'Katalog metadata geospasial: rekaman metadata ISO 19115, alur review, ekspor XML, daftar referensi. '
      + 'Autentikasi dengan cookie sesi `geokatalog.sid` dari `POST /api/auth/login`. Galat: RFC 9457 `application/problem+json`. '
      + 'Endpoint publik OGC CSW 2.0.2 ada di `/metadata/csw` (lihat GetCapabilities); OAI-PMH 2.0 di `/oai`.',
  },
  servers: [{ url: '/' }],
  components: {
    securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'geokatalog.sid' } },
    schemas: {
      Problem: {
        type: 'object',
        properties: {
          type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' }, instance: { type: 'string' },
          errors: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                path: { type: 'string' }, message: { type: 'string' },
                code: { type: 'string', description: '`incomplete`: temuan kelengkapan pengajuan (pesan per `path` dapat diterjemahkan klien)' },
              },
            },
          },
        },
        required: ['type', 'title', 'status'],
      },
      MetadataDoc: metadataDocSchema,
      MetadataRecord: {
        allOf: [ref('MetadataDoc'), {
          type: 'object',
          properties: {
            id: { type: 'string' }, status: { enum: RECORD_STATUSES }, organisationId: { type: 'string' }, ownerId: { type: 'string' },
            reviewerId: { type: ['string', 'null'] }, version: { type: 'integer' }, createdAt: { type: 'string', format: 'date-time' },
            updatedAt: { type: 'string', format: 'date-time' }, publishedAt: { type: ['string', 'null'], format: 'date-time' },
            harvest: {
              type: 'object', description: 'Asal rekaman panen (hanya rekaman panen; hanya di GET satu rekaman)',
              properties: {
                source: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, url: { type: 'string' }, protocol: { type: 'string' } } },
                sourceIdentifier: { type: 'string' }, run: { type: 'string' }, fetchedAt: { type: 'string', format: 'date-time' }, withdrawnAt: { type: ['string', 'null'] },
              },
            },
            allowedTransitions: {
              type: 'array', readOnly: true,
              description: 'Perubahan status yang boleh diminta pemanggil (dari tabel alur kerja); jangan dikirim kembali',
              items: {
                type: 'object',
                properties: { to: { enum: RECORD_STATUSES }, requiresNote: { type: 'boolean' }, mayNameReviewer: { type: 'boolean' }, checksCompleteness: { type: 'boolean' } },
              },
            },
            permissions: {
              type: 'object', readOnly: true,
              description: 'Apakah pemanggil boleh mengubah isi / menghapus rekaman, membuat revisi rekaman terbit, mengoreksinya langsung (ADMIN), '
                + 'membuat salinannya, atau menandainya sebagai templat organisasi (ADMIN organisasinya)',
              properties: {
                edit: { type: 'boolean' }, delete: { type: 'boolean' }, startRevision: { type: 'boolean' }, correct: { type: 'boolean' },
                copy: { type: 'boolean' }, markTemplate: { type: 'boolean' },
              },
            },
            revisionOf: {
              type: 'string', readOnly: true,
              description: 'Hanya pada revisi (salinan kerja): id rekaman terbit yang direvisi. Revisi memakai fileIdentifier rekaman itu dan tidak pernah publik sendiri',
            },
            openRevision: {
              type: ['object', 'null'], readOnly: true,
              description: 'Hanya di GET rekaman PUBLISHED/PRIVATE: revisinya yang sedang berjalan, bila pemanggil boleh melihatnya',
              properties: { id: { type: 'string' }, status: { enum: RECORD_STATUSES }, ownerId: { type: 'string' }, version: { type: 'integer' }, updatedAt: { type: 'string', format: 'date-time' } },
            },
            importWarnings: { type: 'array', items: { type: 'string' }, readOnly: true, description: 'Hanya pada 201 impor XML: nilai yang dinormalkan atau dibuang' },
          },
        }],
      },
      HistoryEntry: {
        type: 'object',
        properties: {
          at: { type: 'string', format: 'date-time' }, actorId: { type: ['string', 'null'] }, actorUsername: { type: ['string', 'null'] },
          from: { enum: [...RECORD_STATUSES, null] }, to: { enum: RECORD_STATUSES }, note: { type: ['string', 'null'] },
          action: {
            enum: [...HISTORY_ACTIONS, null],
            description: 'Tindakan bernama: revisi dimulai / diterbitkan, koreksi langsung ADMIN, penarikan (PUBLISHED → PRIVATE); null untuk perubahan status biasa',
          },
        },
      },
      DirectCorrection: {
        type: 'object', additionalProperties: false, required: ['reason', 'patch'],
        properties: {
          reason: { type: 'string', minLength: 1, maxLength: 2000, description: 'Alasan koreksi (masuk riwayat)' },
          patch: { ...ref('MetadataDoc'), description: 'JSON merge patch dokumen' },
        },
      },
      FieldChange: {
        type: 'object', required: ['path'],
        properties: { path: { type: 'string', description: 'JSON Pointer' }, before: {}, after: {} },
      },
      ReviewerCandidate: {
        type: 'object',
        properties: { id: { type: 'string' }, username: { type: 'string' }, fullName: { type: ['string', 'null'] }, organisationId: { type: 'string' }, organisationName: { type: 'string' } },
      },
      StatusChange: {
        type: 'object', additionalProperties: false, required: ['status'],
        properties: { status: { enum: RECORD_STATUSES }, statusNote: { type: 'string' }, reviewerId: { type: 'string' } },
      },
      User: {
        type: 'object',
        properties: {
          id: { type: 'string' }, username: { type: 'string' }, role: { enum: ROLES }, organisationId: { type: 'string' }, active: { type: 'boolean' },
          fullName: { type: ['string', 'null'] }, email: { type: ['string', 'null'] }, phone: { type: ['string', 'null'] },
          serviceAdmin: { type: 'boolean', readOnly: true, description: 'administrator layanan (hanya diatur lewat CLI)' },
        },
      },
      ReferenceItem: { type: 'object', properties: { kode: { type: 'string' }, label: { type: 'string' } }, required: ['kode', 'label'] },
      HarvestSource: {
        type: 'object',
        properties: {
          id: { type: 'string' }, name: { type: 'string' }, url: { type: 'string', format: 'uri' }, protocol: { enum: ['csw', 'oarec', 'oai-pmh'] },
          constraint: { type: ['string', 'null'], description: 'CSW: ogc:Filter XML atau teks CQL; OARec: `q=…`, `filter=…` (CQL2) atau teks q; OAI-PMH: setSpec' },
          recordForm: { enum: ['iso19139', 'iso19115-3'] }, pageSize: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
          schedule: { type: ['string', 'null'], description: 'cron lima bagian (UTC); null = manual' },
          organisationId: { type: 'string' }, mode: { enum: ['review', 'publish'] }, ownerId: { type: 'string' },
          hasCredentials: { type: 'boolean', description: 'kredensial tidak pernah dikembalikan' },
          createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' },
        },
      },
      HarvestSourceInput: {
        type: 'object', additionalProperties: false,
        properties: {
          name: { type: 'string' }, url: { type: 'string' }, protocol: { enum: ['csw', 'oarec', 'oai-pmh'] }, constraint: { type: ['string', 'null'] },
          recordForm: { enum: ['iso19139', 'iso19115-3'] }, pageSize: { type: 'integer', minimum: 1, maximum: 500 }, schedule: { type: ['string', 'null'] },
          organisationId: { type: 'string', description: 'bawaan: organisasi ADMIN' }, mode: { enum: ['review', 'publish'] },
          credentials: { oneOf: [{ type: 'null' }, { type: 'object', additionalProperties: false, required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string' } } }] },
        },
      },
      HarvestRun: {
        type: 'object',
        properties: {
          id: { type: 'string' }, sourceId: { type: 'string' }, status: { enum: ['queued', 'running', 'succeeded', 'failed', 'skipped'] },
          trigger: { enum: ['manual', 'schedule', 'cli'] }, incremental: { type: 'boolean' },
          queuedAt: { type: 'string' }, startedAt: { type: ['string', 'null'] }, finishedAt: { type: ['string', 'null'] },
          report: {
            type: ['object', 'null'],
            properties: {
              counts: { type: 'object', properties: Object.fromEntries(['listed', 'added', 'updated', 'unchanged', 'withdrawn', 'skipped', 'failed'].map((k) => [k, { type: 'integer' }])) },
              failures: { type: 'array', items: { type: 'object', properties: { identifier: { type: ['string', 'null'] }, reason: { type: 'string' } } } },
              skippedRecords: { type: 'array', items: { type: 'object' } },
              errors: { type: 'array', items: { type: 'string' } }, withdrawalSkipped: { type: 'string' },
              recordForm: { type: 'string' }, incremental: { type: 'boolean' }, matched: { type: ['integer', 'null'] },
              pages: { type: 'integer' }, bytes: { type: 'integer' }, durationMs: { type: 'integer' },
            },
          },
        },
      },
      LintasOrgCheck: { type: 'object', properties: { draft: { type: 'integer' }, pending: { type: 'integer' }, total: { type: 'integer' } } },
      ...REVIEW_SCHEMAS,
      ...COPY_SCHEMAS,
      ...XML_VIEW_SCHEMAS,
      ...SUGGESTION_SCHEMAS,
    },
  },
  security: [{ session: [] }],
  paths: {
    '/api/auth/login': {
      post: {
        tags: ['auth'], summary: 'Masuk', security: [],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string' } } } } } },
        responses: { 200: json(ref('User')), 400: E[400], 401: E[401], 415: E[415], 429: E[429] },
      },
    },
    '/api/auth/logout': { post: { tags: ['auth'], summary: 'Keluar', responses: { 204: { description: 'Sesi diakhiri' } } } },
    '/api/auth/password': {
      post: {
        tags: ['auth'], summary: 'Ganti kata sandi sendiri; semua sesi lain pengguna ini berakhir',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', additionalProperties: false, required: ['currentPassword', 'newPassword'], properties: { currentPassword: { type: 'string' }, newPassword: { type: 'string', minLength: 8, maxLength: 1024 } } } } } },
        responses: { 204: { description: 'Diganti; sesi ini diperbarui, sesi lain diakhiri' }, 400: E[400], 401: E[401], 403: problem('Kata sandi saat ini salah'), 415: E[415], 422: E[422], 429: E[429] },
      },
    },
    '/api/auth/me': {
      get: { tags: ['auth'], summary: 'Pengguna saat ini', responses: { 200: json(ref('User')), 401: E[401] } },
      patch: {
        tags: ['auth'], summary: 'Akun saya: ubah nama, surel dan nomor telepon sendiri (nomor WhatsApp notifikasi); null mengosongkan',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', additionalProperties: false, properties: { fullName: { type: ['string', 'null'], maxLength: 200 }, email: { type: ['string', 'null'], format: 'email' }, phone: { type: ['string', 'null'] } } } } } },
        responses: { 200: json(ref('User')), 400: E[400], 401: E[401], 415: E[415], 422: E[422] },
      },
    },
    '/api/metadata': {
      get: {
        tags: ['metadata'], summary: 'Daftar rekaman yang boleh dilihat pemanggil',
        parameters: [
          { name: 'status', in: 'query', schema: { enum: RECORD_STATUSES } },
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
          { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
          { name: 'q', in: 'query', schema: { type: 'string' }, description: 'teks bebas atas judul, abstrak, kata kunci' },
        ],
        responses: {
          200: json({ type: 'object', properties: { items: { type: 'array', items: ref('MetadataRecord') }, page: { type: 'integer' }, pageSize: { type: 'integer' }, total: { type: 'integer' } } }),
          400: E[400], 401: E[401],
        },
      },
      post: {
        tags: ['metadata'], summary: 'Buat rekaman (DRAFT) dari JSON, atau impor dokumen ISO 19139 / 19115-3 / csw:Record (PRODUSEN dan ADMIN; QCQE 403)',
        requestBody: { required: true, content: { 'application/json': { schema: ref('MetadataDoc') }, 'application/xml': { schema: { type: 'string' } } } },
        responses: { 201: json(ref('MetadataRecord'), 'Dibuat; header Location dan ETag'), 400: E[400], 401: E[401], 403: E[403], 409: E[409], 413: E[413], 415: E[415], 422: E[422] },
      },
    },
    '/api/metadata/{id}': {
      parameters: [idParam],
      get: { tags: ['metadata'], summary: 'Satu rekaman (ETag = versi)', responses: { 200: json(ref('MetadataRecord')), 401: E[401], 404: E[404] } },
      patch: {
        tags: ['metadata'],
        summary: 'Ubah isi (JSON merge patch) atau ubah status `{status, statusNote?, reviewerId?}`',
        description: 'Isi rekaman PUBLISHED tidak diubah di sini (409): buat revisi (`POST …/revisions`) atau, bagi ADMIN, koreksi langsung (`POST …/corrections`). '
          + 'REVIEW → PUBLISHED pada revisi menerbitkannya: jawabannya rekaman terbit (id rekaman asli) dengan isi revisi, dan revisinya dihapus. '
          + 'PUBLISHED → PRIVATE (penarikan) wajib `statusNote`.',
        parameters: [{ name: 'If-Match', in: 'header', schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/merge-patch+json': { schema: { oneOf: [ref('MetadataDoc'), ref('StatusChange')] } }, 'application/json': { schema: { oneOf: [ref('MetadataDoc'), ref('StatusChange')] } } } },
        responses: { 200: json(ref('MetadataRecord')), 400: E[400], 401: E[401], 403: E[403], 404: E[404], 409: E[409], 412: E[412], 415: E[415], 422: E[422] },
      },
      delete: { tags: ['metadata'], summary: 'Hapus rekaman DRAFT', responses: { 204: { description: 'Dihapus' }, 401: E[401], 403: E[403], 404: E[404], 409: E[409] } },
    },
    '/api/metadata/{id}/history': {
      parameters: [idParam],
      get: { tags: ['metadata'], summary: 'Riwayat perubahan status', responses: { 200: json({ type: 'array', items: ref('HistoryEntry') }), 401: E[401], 404: E[404] } },
    },
    '/api/metadata/{id}/revisions': {
      parameters: [idParam],
      post: {
        tags: ['metadata'],
        summary: 'Buat revisi rekaman PUBLISHED (PRODUSEN atau ADMIN organisasinya): salinan kerja DRAFT milik pemanggil',
        description: 'Revisi melalui alur review yang sama (DRAFT → QCQE_PROCESS → REVIEW → PUBLISHED, atau REJECTED). CSW, OGC API – Records, OAI-PMH '
          + 'dan halaman publik tetap menyajikan versi terbit sampai revisi diterbitkan. Satu revisi terbuka per rekaman: 409 bila sudah ada (`revisionId` bila boleh dilihat).',
        parameters: [{ name: 'If-Match', in: 'header', schema: { type: 'string' } }],
        responses: { 201: json(ref('MetadataRecord'), 'Revisi dibuat (Location: rekaman revisi)'), 401: E[401], 403: E[403], 404: E[404], 409: E[409], 412: E[412] },
      },
    },
    '/api/metadata/{id}/corrections': {
      parameters: [idParam],
      post: {
        tags: ['metadata'],
        summary: 'Koreksi langsung rekaman PUBLISHED oleh ADMIN organisasinya, dengan alasan (tercatat di riwayat sebagai `direct-correction`)',
        parameters: [{ name: 'If-Match', in: 'header', schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: ref('DirectCorrection') } } },
        responses: { 200: json(ref('MetadataRecord')), 400: E[400], 401: E[401], 403: E[403], 404: E[404], 409: E[409], 412: E[412], 415: E[415], 422: E[422] },
      },
    },
    '/api/metadata/{id}/changes': {
      parameters: [idParam],
      get: {
        tags: ['metadata'], summary: 'Perubahan per isian sejak terakhir terbit (snapshot saat publikasi)',
        responses: {
          200: json({
            type: 'object',
            properties: {
              since: { type: ['object', 'null'], properties: { version: { type: 'integer' }, publishedAt: { type: 'string', format: 'date-time' } } },
              changes: { type: 'array', items: ref('FieldChange') },
            },
          }),
          401: E[401], 404: E[404],
        },
      },
    },
    '/api/metadata/{id}/reviewer-candidates': {
      parameters: [idParam],
      get: {
        tags: ['metadata'], summary: 'QCQE aktif yang dapat dipilih sebagai reviewer (organisasi rekaman; lintas organisasi bila diizinkan)',
        responses: {
          200: json({ type: 'object', properties: { allowLintasOrg: { type: 'boolean' }, items: { type: 'array', items: ref('ReviewerCandidate') } } }),
          401: E[401], 404: E[404],
        },
      },
    },
    '/app/config.json': {
      get: { tags: ['workbench'], security: [], summary: 'Pengaturan waktu-jalan workbench (URL ubin peta opsional)', responses: { 200: json({ type: 'object', properties: { mapTileUrl: { type: ['string', 'null'] } } }) } },
    },
    '/api/metadata/{id}/export/xml': {
      parameters: [idParam, { name: 'format', in: 'query', schema: { enum: EXPORT_FORMATS, default: 'gmd' } }],
      get: { tags: ['metadata'], summary: 'Ekspor XML ISO (semua status, bagi yang boleh membaca)', responses: { 200: { description: 'Dokumen XML', content: { 'application/xml': {} } }, 400: E[400], 401: E[401], 404: E[404] } },
    },
    '/api/metadata/{id}/thumbnail': {
      parameters: [idParam],
      get: {
        tags: ['metadata'], summary: 'Gambar pratinjau (publik bila rekaman PUBLISHED)', security: [],
        responses: { 200: { description: 'PNG, JPEG atau WebP', content: { 'image/png': {}, 'image/jpeg': {}, 'image/webp': {} } }, 304: { description: 'Tidak berubah' }, 404: E[404] },
      },
      put: {
        tags: ['metadata'], summary: 'Unggah gambar pratinjau (≤ 2 MB; jenis diperiksa dari isinya)',
        requestBody: { required: true, content: { 'image/png': {}, 'image/jpeg': {}, 'image/webp': {} } },
        responses: { 200: json(ref('MetadataRecord')), 401: E[401], 403: E[403], 404: E[404], 412: E[412], 413: E[413], 415: E[415], 422: E[422] },
      },
    },
    '/api/referensi/{jenis}': {
      parameters: [{ name: 'jenis', in: 'path', required: true, schema: { enum: REFERENCE_LIST_NAMES } }],
      get: { tags: ['referensi'], summary: 'Daftar kode referensi (publik)', security: [], responses: { 200: json({ type: 'array', items: ref('ReferenceItem') }), 304: { description: 'Tidak berubah' }, 404: E[404] } },
    },
    '/api/schema/metadata': { get: { tags: ['referensi'], summary: 'JSON Schema rekaman metadata', security: [], responses: { 200: { description: 'JSON Schema 2020-12' } } } },
    '/api/admin/users': {
      get: { tags: ['admin'], summary: 'Pengguna organisasi pemanggil', responses: { 200: json({ type: 'array', items: ref('User') }), 401: E[401], 403: E[403] } },
      post: { tags: ['admin'], summary: 'Buat pengguna', responses: { 201: json(ref('User')), 401: E[401], 403: E[403], 409: E[409], 422: E[422] } },
    },
    '/api/admin/users/{id}': {
      parameters: [idParam],
      patch: { tags: ['admin'], summary: 'Ubah peran, status aktif, atau setel ulang kata sandi (mengakhiri semua sesi pengguna itu); akun administrator layanan hanya oleh administrator layanan', responses: { 200: json(ref('User')), 401: E[401], 403: E[403], 404: E[404], 409: E[409], 422: E[422] } },
    },
    '/api/admin/organisasi/lintas-org-check': {
      get: { tags: ['admin'], summary: 'Hitungan reviewer lintas organisasi yang aktif', responses: { 200: json(ref('LintasOrgCheck')), 401: E[401], 403: E[403] } },
    },
    '/api/admin/organisasi': {
      patch: {
        tags: ['admin'], summary: 'Ubah allowLintasOrgReviewer (409 bila masih ada penugasan, kecuali ?force=true)',
        parameters: [{ name: 'force', in: 'query', schema: { type: 'boolean' } }],
        responses: { 200: { description: 'Organisasi' }, 401: E[401], 403: E[403], 409: E[409], 422: E[422] },
      },
    },
    '/api/admin/organisasi/status': {
      get: {
        tags: ['admin'], summary: 'Status komponen bersama (SMTP, WhatsApp, object store, CSW) — administrator layanan',
        responses: {
          200: json({
            type: 'object',
            properties: {
              smtp: { type: 'object', properties: { connected: { type: 'boolean' }, detail: { type: 'string' } } },
              wa: { type: 'object', properties: { connected: { type: 'boolean' }, detail: { type: 'string' } } },
              objectstore: { type: 'object', properties: { connected: { type: 'boolean' }, detail: { type: 'string' } } },
              csw: { type: 'object', properties: { provider: { type: 'string' }, healthy: { type: 'boolean' } } },
            },
          }),
          401: E[401], 403: E[403],
        },
      },
    },
    '/api/admin/csw/settings': {
      get: { tags: ['admin'], summary: 'Identitas layanan CSW (GetCapabilities) — administrator layanan', responses: { 200: { description: 'Sepuluh kolom identitas' }, 401: E[401], 403: E[403] } },
      put: {
        tags: ['admin'], summary: 'Ubah identitas layanan CSW (penyedia bawaan: langsung berlaku) — administrator layanan',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', additionalProperties: false, properties: Object.fromEntries(['title', 'providerName', 'abstract', 'individualName', 'positionName', 'voice', 'electronicMailAddress', 'hoursOfService', 'contactInstructions', 'role'].map((f) => [f, { type: 'string' }])) } } },
        },
        responses: { 200: { description: 'Identitas tersimpan' }, 401: E[401], 403: E[403], 422: E[422] },
      },
    },
    '/api/admin/harvest-sources': {
      get: { tags: ['harvest'], summary: 'Sumber panen organisasi ADMIN', responses: { 200: json({ type: 'array', items: ref('HarvestSource') }), 401: E[401], 403: E[403] } },
      post: {
        tags: ['harvest'], summary: 'Tambah sumber panen (CSW, OARec, OAI-PMH)',
        requestBody: { required: true, content: { 'application/json': { schema: ref('HarvestSourceInput') } } },
        responses: { 201: json(ref('HarvestSource'), 'Dibuat; header Location'), 400: E[400], 401: E[401], 403: E[403], 409: E[409], 415: E[415], 422: E[422] },
      },
    },
    '/api/admin/harvest-sources/{id}': {
      parameters: [idParam],
      get: { tags: ['harvest'], summary: 'Satu sumber panen', responses: { 200: json(ref('HarvestSource')), 401: E[401], 403: E[403], 404: E[404] } },
      patch: {
        tags: ['harvest'], summary: 'Ubah sumber panen (properti yang dikirim saja; `credentials: null` menghapus kredensial)',
        requestBody: { required: true, content: { 'application/json': { schema: ref('HarvestSourceInput') } } },
        responses: { 200: json(ref('HarvestSource')), 400: E[400], 401: E[401], 403: E[403], 404: E[404], 409: E[409], 422: E[422] },
      },
      delete: { tags: ['harvest'], summary: 'Hapus sumber (rekaman panennya tetap, menjadi rekaman lokal)', responses: { 204: { description: 'Dihapus' }, 401: E[401], 403: E[403], 404: E[404], 409: E[409] } },
    },
    '/api/admin/harvest-sources/{id}/run': {
      parameters: [idParam],
      post: {
        tags: ['harvest'], summary: 'Jalankan panen sekarang (run penuh, atau `{"incremental": true}`)',
        requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', additionalProperties: false, properties: { incremental: { type: 'boolean' } } } } } },
        responses: { 202: json(ref('HarvestRun'), 'Run diantrekan; header Location'), 400: E[400], 401: E[401], 403: E[403], 404: E[404], 409: problem('Sumber sudah punya run yang menunggu atau berjalan (`run`)') },
      },
    },
    '/api/admin/harvest-sources/{id}/runs': {
      parameters: [idParam],
      get: { tags: ['harvest'], summary: 'Run terakhir (maks. 50), terbaru dulu; laporan diringkas', responses: { 200: json({ type: 'array', items: ref('HarvestRun') }), 401: E[401], 403: E[403], 404: E[404] } },
    },
    '/api/admin/harvest-sources/{id}/runs/{runId}': {
      parameters: [idParam, { name: 'runId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { tags: ['harvest'], summary: 'Satu run dengan laporan lengkapnya', responses: { 200: json(ref('HarvestRun')), 401: E[401], 403: E[403], 404: E[404] } },
    },
    '/api/admin/queues': {
      get: {
        tags: ['admin'], summary: 'Keadaan antrean job (menunggu, berjalan, tertunda, gagal) dan job yang gagal permanen — administrator layanan; mode tertanam: antrean dalam proses',
        responses: {
          200: json({
            type: 'object',
            properties: {
              runner: { enum: ['inline', 'bullmq'] },
              dashboardUrl: { type: ['string', 'null'], description: 'bull-board (mode server); null pada mode tertanam' },
              queues: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, waiting: { type: 'integer' }, active: { type: 'integer' }, delayed: { type: 'integer' }, failed: { type: 'integer' } } } },
              failed: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, queue: { type: ['string', 'null'] }, attemptsMade: { type: 'integer' }, reason: { type: 'string' }, unrecoverable: { type: 'boolean' }, failedAt: { type: 'string', format: 'date-time' } } } },
            },
          }),
          401: E[401], 403: E[403],
        },
      },
    },
    '/api/admin/queues/failed/{id}/retry': {
      parameters: [idParam],
      post: { tags: ['admin'], summary: 'Jalankan ulang job yang gagal (bukan yang gagal permanen) — administrator layanan', responses: { 202: { description: 'Job diantrekan lagi' }, 401: E[401], 403: E[403], 404: E[404], 409: problem('Job gagal permanen; tidak diulang') } },
    },
    '/api/metadata/{id}/detach-harvest': {
      parameters: [idParam],
      post: { tags: ['harvest'], summary: 'Lepaskan rekaman panen dari sumbernya (ADMIN organisasi rekaman); setelah itu isinya dapat disunting', responses: { 200: json(ref('MetadataRecord')), 401: E[401], 403: E[403], 404: E[404], 409: E[409] } },
    },
    '/metadata/csw': {
      get: { tags: ['csw'], security: [], summary: 'OGC CSW 2.0.2 (KVP): GetCapabilities, GetRecords, GetRecordById, DescribeRecord, GetDomain', responses: { 200: { description: 'XML CSW atau ows:ExceptionReport', content: { 'application/xml': {} } } } },
      post: { tags: ['csw'], security: [], summary: 'OGC CSW 2.0.2 (XML POST)', requestBody: { content: { 'application/xml': { schema: { type: 'string' } } } }, responses: { 200: { description: 'XML CSW atau ows:ExceptionReport', content: { 'application/xml': {} } } } },
    },
    '/oai': {
      get: {
        tags: ['oai-pmh'], security: [],
        summary: 'OAI-PMH 2.0: Identify, ListMetadataFormats, ListSets, ListIdentifiers, ListRecords, GetRecord (perubahan dan penarikan rekaman terbit)',
        parameters: ['verb', 'identifier', 'metadataPrefix', 'from', 'until', 'set', 'resumptionToken'].map((name) => ({
          name, in: 'query', required: name === 'verb', schema: name === 'verb'
            ? { type: 'string', enum: ['Identify', 'ListMetadataFormats', 'ListSets', 'ListIdentifiers', 'ListRecords', 'GetRecord'] }
            : name === 'metadataPrefix' ? { type: 'string', enum: ['oai_dc', 'iso19139', 'iso19115-3'] } : { type: 'string' },
        })),
        responses: {
          200: { description: 'Dokumen OAI-PMH; galat protokol sebagai elemen <error code="…"> (badArgument, badVerb, badResumptionToken, cannotDisseminateFormat, idDoesNotExist, noRecordsMatch)', content: { 'text/xml': {} } },
          503: { description: 'Basis data tidak tersedia; ulangi setelah Retry-After' },
        },
      },
      post: {
        tags: ['oai-pmh'], security: [], summary: 'OAI-PMH 2.0 dengan argumen dalam isi application/x-www-form-urlencoded',
        requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', additionalProperties: { type: 'string' } } } } },
        responses: { 200: { description: 'Dokumen OAI-PMH', content: { 'text/xml': {} } }, 503: { description: 'Basis data tidak tersedia' } },
      },
    },
    '/healthz': { get: { tags: ['ops'], security: [], summary: 'Proses hidup', responses: { 200: { description: 'ok' } } } },
    '/readyz': { get: { tags: ['ops'], security: [], summary: 'Siap melayani (basis data, Redis)', responses: { 200: { description: 'siap' }, 503: { description: 'belum siap' } } } },
    ...REVIEW_PATHS,
    ...COPY_PATHS,
    ...XML_VIEW_PATHS,
    ...SUGGESTION_PATHS,
  },
} as const;
