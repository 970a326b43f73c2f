#!/usr/bin/env node
// `npm install`'s prepare step: everything a first `npm start` would otherwise do itself, once.
//   1. the workbench SPA (web/) → web/dist (Vite); the public pages' script and stylesheet minified
//      (scripts/build-page-assets.cjs)
//   2. the render stylesheets compiled to SaxonJS SEF and checked on a test record, and the
//      migrated PGlite template built (scripts/prepare-runtime.ts)
// Skipped when the sources are not there yet (a Docker layer that installs dependencies before
// copying the sources builds what it needs later).
const { existsSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

let status = run([path.join(__dirname, 'build-web.cjs')]);
if (status === 0) status = run([path.join(__dirname, 'build-page-assets.cjs')]);
if (status === 0 && existsSync(path.join(root, 'libs', 'render', 'renderer.ts'))) {
  status = run(['--import', 'tsx', path.join(__dirname, 'prepare-runtime.ts')]);
}
process.exit(status);
