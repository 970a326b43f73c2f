#!/usr/bin/env bash
# `npm test`: make sure the real servers run, type-check everything, then run every jest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-services.sh
npx tsc --noEmit -p tsconfig.json
npx tsc --noEmit -p web/tsconfig.json
# the workbench browser tests need the built SPA (npm install builds it; this covers a stale checkout)
[ -f web/dist/index.html ] || npm run web:build
# PGlite (embedded mode) loads its WebAssembly build through a dynamic import(), which jest
# only allows with the VM modules flag.
NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules" npx jest "$@"
