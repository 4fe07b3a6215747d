// The import graph's rules, checked by `npm run check:structure` (scripts/check-structure.mjs) in `npm test`.
// Layers of the API, bottom first: `config.ts`, `lib/` and `db/` (the foundation); `plugins/` (HTTP concerns);
// `modules/` (features, which use each other only through their index.ts: test/boundaries.test.ts); and the
// composition (`app.ts`, `composition.ts`, `runtime.ts`, `server.ts`, `cli.ts`, `index.ts`, `seed/`). An import goes down, never up.
// Layers of the storefront's app, bottom first: `lib/` and `components/` (no feature); `features/<name>/` (each used
// by another only through its index.ts, the features' graph without a cycle); `root.tsx`, `routes/` and the entries.
const API = '^apps/api/src/';
const COMPOSITION = `${API}(seed/|(app|composition|runtime|server|cli|index)\\.ts$)`;
const STOREFRONT = '^apps/storefront/app/';
const FEATURES = `${STOREFRONT}features/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle, type imports included: a file cannot be understood, tested or moved on its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'foundation-stays-below',
      comment: 'config.ts, lib/ and db/ are the bottom layer: they import no plugin, module or composition file.',
      severity: 'error',
      from: { path: `${API}(lib/|db/|config\\.ts$)` },
      to: { path: `${API}(plugins|modules)/|${COMPOSITION}` },
    },
    {
      name: 'plugins-below-modules',
      comment: 'plugins/ hold HTTP concerns every feature uses; what needs a feature lives in that feature.',
      severity: 'error',
      from: { path: `${API}plugins/` },
      to: { path: `${API}modules/|${COMPOSITION}` },
    },
    {
      name: 'modules-below-composition',
      comment: 'A feature does not import the app, the runtime or the seeds that compose it.',
      severity: 'error',
      from: { path: `${API}modules/` },
      to: { path: COMPOSITION },
    },
    {
      name: 'storefront-shared-below-features',
      comment:
        "The storefront's lib/ and components/ are shared by every feature: they import no feature, route or root " +
        '(what needs a feature lives in it, the layout in the shell feature).',
      severity: 'error',
      from: { path: `${STOREFRONT}(lib|components)/` },
      to: { path: `${STOREFRONT}(features|routes)/|${STOREFRONT}(root|routes|entry\\.[a-z]+)\\.tsx?$` },
    },
    {
      name: 'storefront-features-through-index',
      comment:
        "A storefront feature uses another only through that feature's index.ts, its public surface (a stylesheet " +
        "aside: a page links a split part's styles with its first load).",
      severity: 'error',
      from: { path: `${FEATURES}([^/]+)/` },
      to: {
        path: FEATURES,
        pathNot: [`${FEATURES}$1/`, `${FEATURES}[^/]+/index\\.ts$`, '\\.css$'],
      },
    },
    {
      name: 'storefront-features-no-cycle',
      comment:
        'The storefront features form no cycle (each through its index.ts): a feature is understood and moved with the ' +
        'ones below it only.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${FEATURES}[^/]+$` },
      to: { path: `${FEATURES}[^/]+$`, circular: true },
    },
    {
      name: 'places-without-schemas',
      comment:
        "The contracts' places (countries, regions) and the product page's destination select build no schema: every " +
        'schema module imports browser.ts first, and zod with the schemas it builds cost the product page a long task ' +
        'after it became interactive (docs/benchmarks.md).',
      severity: 'error',
      from: { path: '(^packages/contracts/src/places\\.ts$|/features/tax/components/deliver-to-panel\\.tsx$)' },
      to: { path: '^packages/contracts/src/browser\\.ts$', reachable: true },
    },
    {
      name: 'resolvable',
      comment: 'Every relative import names a file that exists (so that no edge of the graph goes unchecked).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: ['^node:', '^virtual:', '/[+]types/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|\\.test\\.tsx?$|^apps/api/test/|/e2e/|\\.react-router/)' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'node', 'default'],
    },
  },
};
