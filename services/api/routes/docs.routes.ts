import path from 'node:path';
import { Router } from 'express';
import { METADATA_SCHEMA } from '../../../libs/catalogue/metadata.schema';
import type { AppDeps } from '../app-deps';
import { OPENAPI_DOCUMENT } from '../openapi/openapi-document';
import { staticJson } from './static-json';
import { workbenchSecurityHeaders } from './workbench.routes';

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

// validatorUrl null: Swagger UI would otherwise load a badge from validator.swagger.io
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger', withCredentials: true, validatorUrl: null });`;

/**
 * The only files of swagger-ui-dist the page uses. The package also ships its stock index.html
 * (which loads the petstore example from petstore.swagger.io), an OAuth redirect page and other
 * bundles: none of them may be served from our origin.
 */
const DOCS_ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js']);

/** GET /api/openapi.json, /api/docs, /api/schema/metadata — public documentation. */
export function docsRoutes(_deps: AppDeps): Router {
  const r = Router();
  // the workbench's policy (own scripts only, inline styles for Swagger UI's React, not framed)
  const security = workbenchSecurityHeaders(undefined);
  r.use('/api/docs', security);
  r.get('/api/openapi.json', staticJson(OPENAPI_DOCUMENT));
  r.get('/api/schema/metadata', staticJson(METADATA_SCHEMA, 'application/schema+json'));
  r.get('/api/docs', (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  r.get('/api/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(DOCS_INIT);
  });
  r.get('/api/docs/assets/:file', (req, res, next) => {
    const file = req.params.file as string;
    if (!DOCS_ASSETS.has(file)) return next(); // → the 404 problem document
    res.set({ 'Cache-Control': 'public, max-age=86400' });
    res.sendFile(path.join(SWAGGER_DIR, file));
  });
  return r;
}
