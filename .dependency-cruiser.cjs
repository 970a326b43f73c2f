/**
 * The layering of docs/architecture.md ("Dependency direction") as rules that `npm test` checks
 * (`npm run lint:layers`, run by test/run.sh after the type-checks), so a wrong import fails the run
 * instead of waiting for a review.
 *
 * Arrows point down only:
 *   services/api, services/worker
 *     → libs/assembly (the composition library both processes share)
 *       → protocol adapters (csw, oarec, oai), processors, ops
 *         → search, response-cache, harvest, render, import, notify, metrics
 *           → jobs
 *             → catalogue (the domain) → errors
 *   libs/db implements the ports and is wired in by the composition roots only.
 *   config, errors, logger import nothing of ours; cache, xml, outbound, objectstore, security
 *   import only config, errors and logger.
 *
 * Type-only imports count (tsPreCompilationDeps): `import type { Database }` in a route is the same
 * wrong arrow as a value import, it only disappears from the emitted JavaScript.
 *
 * test/, bench/ and scripts/ are not checked: tests reach into every room on purpose, benchmarks and
 * scripts are tools. Product code importing them is forbidden (rule not-to-tools).
 *
 * NO KNOWN VIOLATIONS. While the code did not follow the picture (routes, processors, the CLI and the
 * batch importer used libs/db, the search core compiled SQL), a baseline file listed the debt; the
 * restructuring of issue 23 emptied it and it was removed (see git history). Every rule holds, so
 * `npm run lint:layers` (part of `npm test`) fails on any wrong arrow. A change that needs one is in
 * the wrong room: move the code, do not add an exception.
 */

// ---- The rooms, as path patterns (adjust here when a folder moves) --------------------------------

/** Files that assemble a process: the only code outside libs/db allowed to import it. */
const COMPOSITION_ROOTS = [
  '^libs/assembly/',
  '^services/api/main\\.ts$',
  '^services/api/runtime\\.ts$',
  '^services/worker/main\\.ts$',
  '^services/worker/start-worker\\.ts$',
  // the CLI's wiring: opens the database and hands it to the command runner
  '^services/api/cli/main\\.ts$',
  '^services/api/cli/run-cli\\.ts$',
];

/** The HTTP edge: parsing, one use-case call, the response. */
const HTTP_EDGE = ['^services/api/routes/', '^services/api/http/', '^services/api/presenters/', '\\.routes\\.ts$'];

const PROTOCOL_ADAPTERS = '^libs/(csw|oarec|oai)/';

/**
 * SQL compilation: filter tree / sort / paging → SQL text and parameters. It belongs to libs/db
 * (the search core hands the database port a query value, never SQL). Listed by path so the rule
 * follows the files: the first entry is where it lives today, the second where it is moving.
 */
const SQL_COMPILATION = [
  '^libs/search/filter/(compile-sql|compile-spatial|sql-params|like-pattern)\\.ts$',
  '^libs/db/search-sql/',
];

/**
 * Port and type files: the only files of an upper library libs/db may import, since it implements
 * their ports. Port files are spelled `<topic>.ports.ts` (search.ports.ts, oai.ports.ts,
 * harvest.ports.ts, records.ports.ts, public-pages.ports.ts ...), type files `<topic>.types.ts`.
 */
const PORT_FILES = '\\.(ports|types)\\.ts$';

/**
 * The ladder of libraries, top to bottom. A library may import its own layer and any layer below it,
 * never one above. (catalogue, the support libraries and the foundation have stricter allow-lists,
 * libs/db its own rules, below.)
 */
const LAYERS = [
  // services/ sit on top; libs-not-to-services keeps every library below them
  { name: 'composition', path: '^libs/assembly/' },
  { name: 'entry', path: '^libs/(csw|oarec|oai|processors|ops)/' },
  // response-cache: the protocol-neutral public response cache and its generation (moving out of libs/search)
  { name: 'application', path: '^libs/(search|response-cache|harvest|render|import|notify|metrics)/' },
  { name: 'jobs', path: '^libs/jobs/' },
];

/** Rooms whose own allow-list rule already forbids libs/db (so a wrong import is reported once). */
const OWN_ALLOW_LISTS = ['^web/', '^libs/(catalogue|config|errors|logger|cache|xml|outbound|objectstore|security)/'];

/** Every library folder this file places somewhere; a new one must be given a room above first. */
const PLACED_LIBRARIES = [
  '^libs/(assembly|csw|oarec|oai|processors|ops|search|response-cache|harvest|render|import|notify|metrics|jobs)/',
  '^libs/(db|catalogue|config|errors|logger|cache|xml|outbound|objectstore|security)/',
];

// ---- Rules -----------------------------------------------------------------------------------------

const ladderRules = LAYERS.slice(1).map((layer, i) => ({
  name: `${layer.name}-not-upward`,
  comment:
    `${layer.path} sits below the ${LAYERS.slice(0, i + 1).map((l) => l.name).join(' and ')} layer: ` +
    'arrows point down only (docs/architecture.md). If a change needs an upward arrow, the code is in the wrong room.',
  severity: 'error',
  from: { path: layer.path },
  to: { path: LAYERS.slice(0, i + 1).map((l) => l.path) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle makes two rooms one: neither can be understood, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'routes-not-to-db',
      comment:
        'Routes (and the HTTP helpers and presenters) parse, call one use case and answer; repositories are ' +
        "wired into the use cases' ports by the composition root, never reached from a route (issue 23 point 1).",
      severity: 'error',
      from: { path: HTTP_EDGE },
      to: { path: '^libs/db/' },
    },
    {
      name: 'protocols-not-to-db',
      comment: 'CSW, OGC API - Records and OAI-PMH reach the database only through the ports of the search core and their own store ports.',
      severity: 'error',
      from: { path: PROTOCOL_ADAPTERS },
      to: { path: '^libs/db/' },
    },
    {
      name: 'protocols-not-to-sql-compilation',
      comment:
        'A protocol turns its filter language into the filter tree and hands it to the search core; ' +
        'turning the tree into SQL is the database adapter\'s job (issue 23 point 3).',
      severity: 'error',
      from: { path: PROTOCOL_ADAPTERS },
      to: { path: SQL_COMPILATION, pathNot: '^libs/db/' /* already protocols-not-to-db */ },
    },
    {
      name: 'sql-compilation-only-in-db',
      comment:
        'The search core hands the database port a query value, never SQL text: only libs/db compiles SQL ' +
        '(protocols are covered by protocols-not-to-sql-compilation).',
      severity: 'error',
      from: { pathNot: ['^libs/db/', PROTOCOL_ADAPTERS, ...SQL_COMPILATION] },
      to: { path: SQL_COMPILATION, pathNot: '^libs/db/' /* outside libs/db: db-only-from-composition-roots */ },
    },
    {
      name: 'db-only-from-composition-roots',
      comment:
        'libs/db implements ports and is wired in by the runtime: only the composition roots (runtime, ' +
        'libs/assembly, the worker start, the CLI wiring) import it. Everyone else receives ports. ' +
        '(Routes, protocols, the web and the libraries with an allow-list have their own rules.)',
      severity: 'error',
      from: { pathNot: ['^libs/db/', ...COMPOSITION_ROOTS, ...HTTP_EDGE, PROTOCOL_ADAPTERS, ...OWN_ALLOW_LISTS] },
      to: { path: '^libs/db/' },
    },
    {
      name: 'db-reaches-up-only-to-ports',
      comment:
        'libs/db implements the ports of the libraries above it, so from them it imports only their port and ' +
        'type files, never their logic (which would make the adapter depend on what it serves). The domain and ' +
        'the search core are open to it: their ports speak in their values (records, the filter tree, the ' +
        'queryables, the sort order), which is what libs/db compiles into SQL.',
      severity: 'error',
      from: { path: '^libs/db/' },
      to: {
        path: '^libs/',
        pathNot: [
          '^libs/(db|catalogue|search|config|errors|logger|cache|xml|outbound|objectstore|security)/',
          `^libs/[^/]+/.*${PORT_FILES}`,
        ],
      },
    },
    {
      name: 'domain-only-to-errors',
      comment: 'libs/catalogue is the domain: record model, workflow, visibility, use cases with ports. No Express, SQL, Redis or XML; it imports libs/errors and nothing else of ours.',
      severity: 'error',
      from: { path: '^libs/catalogue/' },
      to: { path: '^libs/', pathNot: '^libs/(catalogue|errors)/' },
    },
    {
      name: 'foundation-imports-nothing-of-ours',
      comment: 'config, errors and logger are imported by everyone, so they import nothing of ours (else every room depends on everything).',
      severity: 'error',
      from: { path: '^libs/(config|errors|logger)/' },
      to: { path: '^libs/', pathNot: '^libs/$1/' },
    },
    {
      name: 'support-only-to-foundation',
      comment: 'cache, xml, outbound, objectstore and security are technical tools under every room (the domain excepted); they know no records, jobs or protocols.',
      severity: 'error',
      from: { path: '^libs/(cache|xml|outbound|objectstore|security)/' },
      to: { path: '^libs/', pathNot: '^libs/($1|config|errors|logger)/' },
    },
    ...ladderRules,
    {
      name: 'protocols-not-each-other',
      comment: 'The three protocol adapters are alternatives over the same search core; what two of them share belongs in the core.',
      severity: 'error',
      from: { path: '^libs/(csw|oarec|oai)/' },
      to: { path: '^libs/(csw|oarec|oai)/', pathNot: '^libs/$1/' },
    },
    {
      name: 'protocol-request-not-to-handlers-or-responses',
      comment:
        'The three protocol adapters share one shape: request/ turns the wire request into a request value, ' +
        'handlers/ answer it, responses/ write the answer; the <protocol>-service.ts entry parses, dispatches ' +
        'and writes. Parsing knows nothing of answering or writing (what both sides need, such as the ' +
        "protocol's errors, paths or namespaces, sits at the library's top).",
      severity: 'error',
      from: { path: '^libs/(csw|oarec|oai)/request/' },
      to: { path: ['^libs/$1/handlers/', '^libs/$1/responses/'] },
    },
    {
      name: 'protocol-responses-not-to-handlers',
      comment: 'A writer writes the value a handler hands it; it never calls back into the handlers (arrows: handlers → responses).',
      severity: 'error',
      from: { path: '^libs/(csw|oarec|oai)/responses/' },
      to: { path: '^libs/$1/handlers/' },
    },
    {
      name: 'services-not-each-other',
      comment: 'A service never imports another service: what the API and the worker share lives in libs/ (libs/assembly for wiring).',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'libs-not-to-services',
      comment: 'Libraries are used by the services, never the other way round.',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^services/' },
    },
    {
      name: 'web-only-to-domain',
      comment:
        'The workbench talks to the server only over the REST API; it may share the pure domain code of ' +
        'libs/catalogue (types, completeness, record diff) and nothing else of the server.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(libs|services)/', pathNot: '^libs/catalogue/' },
    },
    {
      name: 'server-not-to-web',
      comment: 'The server serves the built workbench (web/dist) as files; it never imports its source.',
      severity: 'error',
      from: { path: '^(libs|services)/' },
      to: { path: '^web/' },
    },
    {
      name: 'every-library-has-a-room',
      comment:
        'A library folder no rule places (LAYERS, the allow-lists, libs/db) would be free to import any of ours: ' +
        'add it to PLACED_LIBRARIES and to its layer in .dependency-cruiser.cjs.',
      severity: 'error',
      from: { path: '^libs/[^/]+/', pathNot: PLACED_LIBRARIES },
      to: { path: '^(libs|services|web)/' },
    },
    {
      name: 'not-to-tools',
      comment: 'Product code never imports tests, benchmarks or scripts (they are not shipped; a benchmark switch belongs in the benchmark).',
      severity: 'error',
      from: { path: '^(libs|services|web)/' },
      to: { path: '^(test|bench|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^(test|bench|scripts|dist|data)/', '^web/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    reporterOptions: {
      text: { highlightFocused: true },
    },
    cache: false,
  },
};
