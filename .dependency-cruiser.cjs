// The import graph's rules (`npm run lint:imports`, part of `npm test`). See README "Architecture".
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'Imports flow one way.', from: {}, to: { circular: true } },
    {
      name: 'schemas-import-nothing-of-ours',
      severity: 'error',
      comment: 'worker/schemas is browser-safe and shared with the web app: only zod and other schemas.',
      from: { path: '^worker/schemas/' },
      to: { path: '^(worker|web|scripts|bench|e2e)/', pathNot: '^worker/schemas/' },
    },
    {
      name: 'features-use-each-other-through-services',
      severity: 'error',
      comment: "A feature may use another feature only through that feature's *.service.ts.",
      from: { path: '^worker/features/([^/]+)/' },
      to: {
        path: '^worker/features/([^/]+)/',
        pathNot: ['^worker/features/$1/', '^worker/features/[^/]+/[^/]+\\.service\\.ts$'],
      },
    },
    {
      name: 'web-features-use-each-other-through-queries-and-mutations',
      severity: 'error',
      comment:
        'A web feature may use another only through its *-queries.ts and *-mutations.ts; components are composed in routes (web/routes), or shared from web/components.',
      from: { path: '^web/features/([^/]+)/' },
      to: {
        path: '^web/features/([^/]+)/',
        pathNot: ['^web/features/$1/', '^web/features/[^/]+/[^/]+-(queries|mutations)\\.ts$'],
      },
    },
    {
      name: 'web-lib-and-components-are-below-features',
      severity: 'error',
      comment: 'web/lib and web/components are the layer under the features and the routes.',
      from: { path: '^web/(lib|components)/' },
      to: { path: '^web/(features|routes)/' },
    },
    {
      name: 'production-code-never-imports-tests',
      severity: 'error',
      comment: 'Test scaffolding stays out of what ships.',
      from: { path: '^(worker|web)/', pathNot: ['^worker/test/', '\\.test\\.ts$'] },
      to: {
        path: [
          '^worker/test/',
          '\\.test\\.ts$',
          '^e2e/',
          '^node_modules/(vitest|@vitest|@cloudflare/vitest-pool-workers|@playwright)/',
        ],
      },
    },
    {
      name: 'lib-is-below-features',
      severity: 'error',
      comment: 'worker/lib and worker/db are the layer under the features.',
      from: { path: '^worker/(lib|db)/' },
      to: { path: '^worker/(features|app\\.ts|index\\.ts|scheduled\\.ts)' },
    },
    {
      name: 'web-reaches-worker-only-through-schemas-and-types',
      severity: 'error',
      comment: 'The web app imports the shared schemas, and the API types (type-only) for the typed client.',
      from: { path: '^web/' },
      to: { path: '^worker/', pathNot: ['^worker/schemas/'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^web/routeTree\\.gen\\.ts$', 'worker-configuration\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
}
