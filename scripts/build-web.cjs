#!/usr/bin/env node
// `npm install`'s prepare step: builds the workbench SPA (web/) into web/dist with Vite.
// Skipped when web/ is not there yet (a Docker layer that installs dependencies before copying
// the sources builds it later with `npm run web:build`).
const { existsSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
if (!existsSync(path.join(root, 'web', 'index.html'))) {
  console.log('build-web: web/ not present, skipped');
  process.exit(0);
}
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
if (!existsSync(vite)) {
  console.error('build-web: vite is not installed (run npm install without --omit=dev? it is a dependency)');
  process.exit(1);
}
const r = spawnSync(process.execPath, [vite, 'build', '--config', path.join(root, 'web', 'vite.config.mts'), '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
