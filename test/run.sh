#!/usr/bin/env bash
# `npm test`: make sure the real servers run, type-check everything, check the layering, then run every jest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-services.sh
# Both type-checks at once, each remembering what it checked last time (.cache/tsc, git-ignored):
# a run after a small change re-checks only the files it touched and what depends on them; a
# fresh clone checks everything, as before. `wait` on each pid makes either failure fail the run.
mkdir -p .cache/tsc
npx tsc --noEmit --incremental --tsBuildInfoFile .cache/tsc/api.tsbuildinfo -p tsconfig.json & api=$!
npx tsc --noEmit --incremental --tsBuildInfoFile .cache/tsc/web.tsbuildinfo -p web/tsconfig.json & web=$!
wait "$api"
wait "$web"
# The layering of docs/architecture.md (.dependency-cruiser.cjs): a wrong import fails the run here.
npm run -s lint:layers
# the workbench browser tests need the built SPA (npm install builds it; this covers a stale checkout)
[ -f web/dist/index.html ] || npm run web:build
# PGlite (embedded mode) loads its WebAssembly build through a dynamic import(), which jest
# only allows with the VM modules flag.
NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules" npx jest "$@"
