// The import graph's rules, checked by `npm run check:structure` (scripts/check-structure.mjs) in `npm test`.
// Layers of the API, bottom first: `config.ts`, `lib/` and `db/` (the foundation); `plugins/` (HTTP concerns);
// `modules/` (features, which use each other only through their index.ts: test/boundaries.test.ts); and the
// composition (`app.ts`, `runtime.ts`, `server.ts`, `cli.ts`, `index.ts`, `seed/`). An import goes down, never up.
const API = '^apps/api/src/';
const COMPOSITION = `${API}(seed/|(app|runtime|server|cli|index)\\.ts$)`;

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
