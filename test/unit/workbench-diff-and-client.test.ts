import { diffDocuments } from '../../libs/catalogue/record-diff';
import { ApiError, createApiClient, pointerToFieldName } from '../../web/src/api/api-client';
import { translate } from '../../web/src/i18n/translate';
import { ID_MESSAGES } from '../../web/src/i18n/messages.id';
import { EN_MESSAGES } from '../../web/src/i18n/messages.en';

describe('record diff (what changed since the last publication)', () => {
  it('reports changed, added and removed fields by JSON Pointer', () => {
    const before = { title: 'A', keywords: [{ type: 'theme', values: ['x'] }], extent: { bbox: { west: 1, east: 2, south: 0, north: 1 } }, lineage: 'old' };
    const after = { title: 'B', keywords: [{ type: 'theme', values: ['x', 'y'] }], extent: { bbox: { west: 1, east: 3, south: 0, north: 1 } }, purpose: 'p' };
    expect(diffDocuments(before, after)).toEqual([
      { path: '/extent/bbox/east', before: 2, after: 3 },
      { path: '/keywords/0/values/1', after: 'y' },
      { path: '/lineage', before: 'old' },
      { path: '/purpose', after: 'p' },
      { path: '/title', before: 'A', after: 'B' },
    ]);
  });

  it('is empty for equal documents and escapes pointer characters', () => {
    expect(diffDocuments({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(diffDocuments({}, { 'a/b': 1 })).toEqual([{ path: '/a~1b', after: 1 }]);
  });
});

describe('workbench API client', () => {
  const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers } });

  it('sends JSON with If-Match and returns the body and the ETag', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const api = createApiClient(async (url, init) => { calls.push({ url, init }); return respond(200, { id: 'r1' }, { etag: '"3"' }); });
    const r = await api.request<{ id: string }>('/api/metadata/r1', { method: 'PATCH', body: { title: 'x' }, ifMatch: '"2"', query: { a: 1, b: undefined } });
    expect(r).toEqual({ status: 200, body: { id: 'r1' }, etag: '"3"' });
    expect(calls[0]!.url).toBe('/api/metadata/r1?a=1');
    expect(calls[0]!.init?.headers).toMatchObject({ 'If-Match': '"2"', 'Content-Type': 'application/json' });
    expect(calls[0]!.init?.body).toBe('{"title":"x"}');
  });

  it('turns problem+json into an ApiError with field errors, Retry-After, and a 401 hook', async () => {
    let unauth = 0;
    const api = createApiClient(async (url) => (url.includes('me')
      ? respond(401, { title: 'Unauthorized', status: 401 })
      : respond(429, { title: 'Too Many Requests', detail: 'Coba lagi', errors: [{ path: '/title', message: 'x' }] }, { 'retry-after': '42' })));
    api.onUnauthenticated = () => { unauth += 1; };
    const err = await api.request('/api/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, detail: 'Coba lagi', retryAfter: 42, errors: [{ path: '/title', message: 'x' }] });
    await expect(api.request('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(unauth).toBe(1);
  });

  it('maps JSON Pointers onto form field names', () => {
    expect(pointerToFieldName('/extent/bbox/west')).toBe('extent.bbox.west');
    expect(pointerToFieldName('/contacts/0/email')).toBe('contacts.0.email');
  });
});

describe('workbench message catalogues', () => {
  it('has an English text for every Indonesian key and fills placeholders', () => {
    expect(Object.keys(EN_MESSAGES).sort()).toEqual(Object.keys(ID_MESSAGES).sort());
    expect(translate('id', 'login.rateLimited', { seconds: 30 })).toBe('Terlalu banyak percobaan gagal. Coba lagi dalam 30 detik.');
    expect(translate('en', 'list.total', { n: 3 })).toBe('3 records found');
  });
});
