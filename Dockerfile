# One image for every process of a server-mode deployment; docker-compose.yml picks the command:
#   API:    node --import tsx services/api/main.ts
#   worker: node --import tsx services/worker/main.ts
# The sources run through tsx (a runtime dependency), as `npm start` does: no separate build
# step, and the SQL migrations, XSD schemas and stylesheets stay where the code looks for them.
FROM node:20-bookworm-slim

ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app

# dependencies first: this layer is rebuilt only when the lockfile changes
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

COPY tsconfig.json ./
COPY libs ./libs
COPY services ./services
COPY xslt ./xslt
# the workbench SPA (web/), built into web/dist and served by the API at /app/
COPY web ./web
COPY scripts/build-web.cjs ./scripts/build-web.cjs
RUN npm run web:build

# Compile every render stylesheet now (SaxonJS SEF, cached in xslt/compiled) and render a test
# record through each: a stylesheet that does not compile fails the build, not the first
# request, and containers start without compiling. The cache stays writable for the node user,
# or the renderer would fall back to a temporary folder and compile again at every start.
RUN node --import tsx -e "require('./libs/render').createRenderer().then((r) => { console.log('stylesheets ok', r.startup.compiled.length, 'compiled'); }, (err) => { console.error(err); process.exit(1); })" \
 && mkdir -p /app/data \
 && chown -R node:node /app/xslt/compiled /app/data

USER node
# API port; the worker serves /metrics and /healthz on WORKER_METRICS_PORT when set
EXPOSE 8080
# the heap cap keeps each API replica near 400 MB RSS (services/api/node-flags.ts says why)
CMD ["node", "--max-old-space-size=384", "--import", "tsx", "services/api/main.ts"]
