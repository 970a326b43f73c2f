#!/usr/bin/env node
// The public pages' own script and stylesheet, minified with esbuild into
// libs/oarec/html/assets/build/ (git-ignored): run by `npm install`'s prepare step and by
// `npm run build` (before copy-build-assets puts every non-TypeScript file of libs/ into dist/).
// libs/oarec/html/static-assets.ts serves these files; Leaflet is served as its own minified
// build (leaflet/dist/leaflet.js). Skipped when the sources are not there yet (a Docker layer
// that installs dependencies before copying the sources runs it again with `npm run build`).
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const src = path.join(root, 'libs', 'oarec', 'html', 'assets');
if (!existsSync(path.join(src, 'pages.js'))) {
  console.log('build-page-assets: libs/oarec/html/assets not present, skipped');
  process.exit(0);
}
const { transformSync } = require('esbuild');
const out = path.join(src, 'build');
mkdirSync(out, { recursive: true });
for (const [file, loader] of [['pages.js', 'js'], ['site.css', 'css']]) {
  const input = readFileSync(path.join(src, file), 'utf8');
  // es2020: the pages' script is a module (import.meta), run by every browser that runs modules
  const { code } = transformSync(input, { loader, minify: true, target: loader === 'js' ? 'es2020' : undefined, legalComments: 'none' });
  writeFileSync(path.join(out, file), code);
  console.log(`build-page-assets: ${file} ${input.length} → ${code.length} bytes`);
}
