// The rules of the house (DESIGN.md, "Layout"), checked in `npm test` by `npm run depcruise`.
// Packages are layers and depend only downward: schemas <- domain <- eventstore <- projections <- ingest <- apps.

/** What each package may not import: every package above it, and the apps, benchmarks and tests. */
const LAYERS = ['schemas', 'domain', 'eventstore', 'projections', 'ingest'];
const ABOVE_ALL = ['apps', 'benchmarks', 'tests'];

const upward = LAYERS.map((layer, i) => ({
  name: `no-upward-from-${layer}`,
  comment: `${layer} depends only on the layers below it`,
  severity: 'error',
  from: { path: `^${layer}/` },
  to: { path: `^(${[...LAYERS.slice(i + 1), ...ABOVE_ALL].join('|')})/` },
}));

/** A route file of the API: a context's `routes.ts`, or a `*-routes.ts` beside it. */
const API_ROUTE_FILE = '^apps/api/src.*[/-]routes[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'domain-without-io',
      comment: 'the domain is pure: deciders and calculations, no I/O',
      severity: 'error',
      from: { path: '^domain/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-app-imports-another-app',
      comment:
        "each app ships alone (the API does not ship the simulator); apps/demo is what puts the service and the simulator together, and tests may use another app's fixtures",
      severity: 'error',
      from: { path: '^apps/([^/]+)/src/', pathNot: '^apps/demo/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-imports-no-server-code',
      comment: 'the browser gets schemas and pure domain helpers, never the log, the read models or ingest',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^(eventstore|projections|ingest)/' },
    },
    {
      name: 'web-fetches-one-language',
      comment:
        "the browser fetches its user's catalogue alone, on demand: no language comes with the app's code",
      severity: 'error',
      from: { path: '^apps/web/', pathNot: '[.]test[.]tsx?$' },
      to: {
        path: '^schemas/src/messages/(en|fr|id|zh-CN)[.]ts$',
        dynamic: false,
      },
    },
    {
      name: 'web-gets-no-server-catalogue',
      comment: 'every language at once is for the server, which answers each caller in theirs',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^schemas/src/messages/all[.]ts$' },
    },
    {
      name: 'no-route-file-imports-a-route-file',
      comment: 'a route file only registers routes; what two route files share is a use case of its own file',
      severity: 'error',
      from: { path: API_ROUTE_FILE },
      to: { path: API_ROUTE_FILE },
    },
    {
      name: 'context-through-its-index',
      comment: "a context uses another context only through that context's index.ts",
      severity: 'error',
      from: { path: '^(schemas|domain|projections|apps/api)/(src|test)/([^/]+)/' },
      to: {
        path: '^$1/src/[^/]+/',
        // The API's auth and ingest folders are the plumbing every context's routes stand on, not contexts.
        pathNot: ['^$1/src/$3/', '^$1/src/[^/]+/index[.]ts$', '^apps/api/src/(auth|ingest)/'],
      },
    },
    {
      name: 'feature-through-its-index',
      comment:
        "the shell and the shared pieces use a feature through its index.ts; only the router reads a feature's routes.ts (its lazily loaded pages)",
      severity: 'error',
      from: {
        path: '^apps/web/src/',
        pathNot: ['^apps/web/src/features/', '^apps/web/src/(router[.]tsx|router/pages[.]tsx)$'],
      },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: '^apps/web/src/features/[^/]+/index[.]ts$' },
    },
    {
      name: 'router-through-index-or-routes',
      comment:
        "the router reaches a feature's pages through its routes.ts, and anything else through its index.ts",
      severity: 'error',
      from: { path: '^apps/web/src/(router[.]tsx|router/pages[.]tsx)$' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: '^apps/web/src/features/[^/]+/(index|routes)[.]ts$',
      },
    },
    {
      name: 'feature-to-feature-through-its-index',
      comment: "a feature uses another feature only through that feature's index.ts",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'shared-web-code-imports-no-feature',
      comment:
        'the shared pieces (components, hooks, lib, api, store) serve every feature and know none of them',
      severity: 'error',
      from: { path: '^apps/web/src/(components|hooks|lib|api|store|i18n)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'no-circular',
      comment: 'a cycle makes the order modules load in decide what works',
      severity: 'error',
      from: { path: '^(schemas|domain|eventstore|projections|ingest|apps)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
