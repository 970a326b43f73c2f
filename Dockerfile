# One image for every process of a server-mode deployment; docker-compose.yml picks the command:
#   API:    node --max-old-space-size=384 dist/services/api/main.js
#   worker: node dist/services/worker/main.js
#   CLI:    node dist/services/api/cli/main.js <command>   (migrations: node dist/libs/db/migrate.cli.js)
# Two stages: the build stage has every dependency and compiles TypeScript (`npm run build`:
# tsc, then scripts/copy-build-assets.ts puts the SQL migrations, XSD schemas and stylesheets
# next to the compiled code); the runtime stage has production dependencies and dist/ only, and
# runs plain `node` — no TypeScript compiler or loader at start.
#
# `npm install`, not `npm ci`: npm ci refuses this lockfile on the project's machines (it wants
# lock entries for other platforms' optional binaries, see .ci/run); npm install installs the
# same locked versions.

# --- build ------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS build
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY libs ./libs
COPY services ./services
COPY scripts ./scripts
COPY xslt ./xslt
# the official XSDs of the document XSD check (libs/import/xsd); copy-build-assets puts them into dist/
COPY schemas ./schemas
# the workbench SPA (web/), built by Vite into web/dist; copy-build-assets puts it into dist/
COPY web ./web
# Compile every render stylesheet now (SaxonJS SEF, cached in dist/xslt/compiled) and render a
# test record through each with the compiled code: a stylesheet that does not compile fails the
# build, not the first request, and containers start without compiling.
RUN npm run web:build
RUN npm run build \
 && node -e "require('./dist/libs/render').createRenderer().then((r) => { console.log('stylesheets ok', r.startup.compiled.length, 'compiled'); }, (err) => { console.error(err); process.exit(1); })"

# --- runtime ----------------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
# MALLOC_ARENA_MAX: see docs/architecture.md, Embedded mode under bulk work (glibc's per-thread malloc arenas cost the
# embedded process ~200 MB of RSS at its peak; the API's threads allocate little through malloc)
ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# dependencies first: this layer is rebuilt only when the lockfile changes
COPY package.json package-lock.json .npmrc ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The SEF cache stays writable for the node user, or the renderer would fall back to a
# temporary folder and compile again at every start.
RUN mkdir -p /app/data \
 && chown -R node:node /app/dist/xslt/compiled /app/data

USER node
# API port; the worker serves /metrics and /healthz on WORKER_METRICS_PORT when set
EXPOSE 8080
# the heap cap keeps each API replica near 400 MB RSS (services/api/node-flags.ts says why)
CMD ["node", "--max-old-space-size=384", "dist/services/api/main.js"]
