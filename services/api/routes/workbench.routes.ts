import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../app-deps';
import { AppError } from '../../../libs/errors';

/** Where `vite build` (npm install's `prepare` step, or `npm run web:build`) writes the workbench. */
export const WORKBENCH_DIST = path.resolve(__dirname, '../../../web/dist');
export const WORKBENCH_PATH = '/app';

/**
 * Security headers of the workbench pages. Scripts only from this origin (the Vite build has no
 * inline script); styles may be inline because Mantine and Leaflet set element styles; images
 * also from the optional tile server.
 */
export function workbenchSecurityHeaders(mapTileUrl: string | undefined): RequestHandler {
  const tileOrigin = mapTileUrl ? ` ${new URL(mapTileUrl.replace(/\{[a-z]\}/g, '0')).origin}` : '';
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tileOrigin}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return (_req, res, next) => {
    res.set({
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
    });
    next();
  };
}

/**
 * `/app/`: the workbench SPA's built assets, with the SPA fallback (any `/app/...` path without
 * a file extension answers index.html, so shared links and reloads work), and
 * `/app/config.json`, the run-time settings the browser cannot know (the optional tile server).
 */
export function workbenchRoutes(deps: AppDeps, distDir = WORKBENCH_DIST): Router {
  const r = Router();
  r.use(workbenchSecurityHeaders(deps.config.mapTileUrl));
  r.get('/config.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json({ mapTileUrl: deps.config.mapTileUrl ?? null });
  });
  const built = (): boolean => existsSync(path.join(distDir, 'index.html'));
  // hashed file names under assets/ never change content: cache them for a year
  r.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: true }));
  r.use(express.static(distDir, { index: false, maxAge: 0 }));
  r.get(/^\/(?:[^.]*)$/, (_req, res) => {
    if (!built()) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Aplikasi workbench belum dibangun: jalankan `npm run web:build` (atau `npm install`).');
    }
    res.set('Cache-Control', 'no-cache').sendFile(path.join(distDir, 'index.html'));
  });
  return r;
}
