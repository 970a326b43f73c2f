import type { Express } from 'express';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { createApp } from '../../services/api/app';
import { completeDoc, createFixtureUser, seedRecord } from '../helpers/fixtures';
import { call, problemOf, serveTestApp, show, type ServedTestApp } from './reliability-support';

/**
 * "Every /api route without a session → 401." The routes are read from the Express router
 * stack of the real `createApp(...)`, so a route added later is covered without touching this
 * file. Session fixation, logout invalidation and login rate limiting are covered in
 * test/integration/auth.test.ts; the role × organisation matrix in
 * test/integration/access-matrix.test.ts.
 */

interface RouteEntry {
  method: string;
  path: string;
}

interface LayerLike {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
  rawPath?: unknown;
}

/** Every (method, path) reachable through the app's routers, mount paths joined. */
export function listRoutes(app: Express): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (stack: LayerLike[], prefix: string): void => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          if (typeof p !== 'string') continue; // regex routes: none under /api today
          for (const m of Object.keys(layer.route.methods)) out.push({ method: m === '_all' ? 'GET' : m.toUpperCase(), path: prefix + p });
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: LayerLike[] } }).router.stack, '');
  return out;
}

/** Public by design (the list), plus the two that are public for a reason of their own. */
const PUBLIC: { test: (r: RouteEntry) => boolean; why: string }[] = [
  { test: (r) => r.path.startsWith('/api/referensi'), why: 'daftar referensi' },
  { test: (r) => r.path.startsWith('/api/schema/'), why: 'JSON Schema metadata' },
  { test: (r) => r.path === '/api/openapi.json', why: 'OpenAPI' },
  { test: (r) => r.path.startsWith('/api/docs'), why: 'halaman dokumentasi' },
  { test: (r) => r.path === '/api/auth/login', why: 'login' },
  // answers 204 without a session on purpose (idempotent, touches nothing): auth.test.ts
  { test: (r) => r.method === 'POST' && r.path === '/api/auth/logout', why: 'logout idempoten' },
  // a PUBLISHED record's browse graphic is public (issue 5); checked separately below
  { test: (r) => r.method === 'GET' && /^\/api\/metadata\/:id\/thumbnail$/.test(r.path), why: 'gambar pratinjau rekaman terbit' },
];

const concrete = (path: string): string => path.replace(/:(\w+)/g, 'tidak-ada').replace(/\*\w*/g, 'x');

describe('every /api route without a session', () => {
  let s: ServedTestApp;
  let routes: RouteEntry[];
  let draftId: string;

  beforeAll(async () => {
    s = await serveTestApp();
    routes = listRoutes(createApp(s.runtime.deps)).filter((r) => r.path.startsWith('/api/'));
    const org = await createOrganisation(s.runtime.db, { name: 'Organisasi Uji Akses' });
    const owner = await createFixtureUser(s.runtime.db, 'akses-produsen', 'PRODUSEN', org.id);
    draftId = (await seedRecord(s.runtime.db, { owner, status: 'DRAFT', doc: completeDoc() })).id;
  });

  afterAll(async () => {
    await s?.close();
  });

  it('finds the routes from the router stack (the known ones among them)', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(expect.arrayContaining([
      'GET /api/metadata/', 'POST /api/metadata/', 'GET /api/metadata/:id', 'PATCH /api/metadata/:id', 'DELETE /api/metadata/:id',
      'GET /api/metadata/:id/history', 'GET /api/auth/me', 'GET /api/admin/users/', 'POST /api/auth/login',
    ]));
    expect(routes.length).toBeGreaterThan(20);
  });

  it('answers 401 problem on every protected route, with any id, body or method', async () => {
    const protectedRoutes = routes.filter((r) => !PUBLIC.some((p) => p.test(r)));
    const wrong: string[] = [];
    for (const r of protectedRoutes) {
      for (const path of new Set([concrete(r.path), r.path.replace(/:(\w+)/g, encodeURIComponent(draftId))])) {
        const hasBody = ['POST', 'PUT', 'PATCH'].includes(r.method);
        const res = await call(s.base, path, { method: r.method, ...(hasBody ? { body: '{}', contentType: 'application/json' } : {}) });
        const p = problemOf(res);
        if (res.status !== 401 || p?.type !== 'urn:geokatalog:problem:unauthenticated') wrong.push(show(`${r.method} ${path}`, res));
      }
    }
    expect(wrong).toEqual([]);
    expect(protectedRoutes.length).toBeGreaterThan(15);
  });

  it('the public exceptions really are the only ones, and a draft\'s thumbnail stays hidden', async () => {
    const publicOnes = routes.filter((r) => PUBLIC.some((p) => p.test(r))).map((r) => `${r.method} ${r.path}`);
    // every public route is one the list names; nothing else slipped in
    for (const name of publicOnes) expect(name).toMatch(/^(GET|POST) \/api\/(referensi|schema\/|openapi\.json|docs|auth\/login|auth\/logout|metadata\/:id\/thumbnail)/);
    const thumb = await call(s.base, `/api/metadata/${encodeURIComponent(draftId)}/thumbnail`);
    expect([401, 404]).toContain(thumb.status);
  });
});
