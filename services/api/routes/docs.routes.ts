import path from 'node:path';
import express, { Router } from 'express';
import { METADATA_SCHEMA } from '../../../libs/catalogue/metadata.schema';
import type { AppDeps } from '../app-deps';
import { OPENAPI_DOCUMENT } from '../openapi/openapi-document';
import { staticJson } from './static-json';

// swagger-ui-dist ships the assets; the page is ours and loads them from this server, so the
// docs work offline and on a closed network.
const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const DOCS_PAGE = `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8"><title>geokatalog — dokumentasi API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger', withCredentials: true });`;

/** GET /api/openapi.json, /api/docs, /api/schema/metadata — public documentation. */
export function docsRoutes(_deps: AppDeps): Router {
  const r = Router();
  r.get('/api/openapi.json', staticJson(OPENAPI_DOCUMENT));
  r.get('/api/schema/metadata', staticJson(METADATA_SCHEMA, 'application/schema+json'));
  r.get('/api/docs', (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  r.get('/api/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(DOCS_INIT);
  });
  r.use('/api/docs/assets', express.static(SWAGGER_DIR, { index: false, maxAge: '1d' }));
  return r;
}
