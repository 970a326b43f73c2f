/** Building blocks of the OpenAPI document, shared by its parts (openapi-document.ts, review-paths.ts). */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: ref('Problem') } } });
export const json = (schema: object, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
export const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
export const E = {
  400: problem('Permintaan tidak valid'),
  401: problem('Belum masuk'),
  403: problem('Akses ditolak'),
  404: problem('Tidak ditemukan (juga untuk rekaman yang tidak boleh dilihat)'),
  409: problem('Konflik'),
  412: problem('If-Match tidak cocok dengan versi rekaman'),
  413: problem('Isi melebihi 1 MB'),
  415: problem('Jenis konten tidak didukung'),
  422: problem('Data tidak valid: `errors: [{path, message}]`'),
  429: problem('Terlalu banyak percobaan'),
};

