import { configDefaults, defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'];
/** Tests of what only a PostgreSQL server has (a connection to lose): the `api-postgres` project alone runs them. */
const postgresOnlyTests = ['apps/api/**/*.postgres.test.ts'];
/** Migrates one database per run, which each test database copies. */
const apiTemplate = 'apps/api/test/template-database.ts';
/**
 * Tests that share something outside their own database, or load the machine on purpose, run after the others, two
 * files at a time: Redis (each worker has a database of its own, and the event channel is the database's:
 * `test/redis.ts`), tests that start, stop and kill server processes, the demo seed's own (seeding twice at once, on
 * two servers). The tests of the demo's content run with the others: they copy the demo seeded once per process
 * (`buildDemoTestApp`).
 * NOTE: the other files run two at a time too, whichever engine (both engines' projects and the unit tests share the
 * group's two workers): on a 2-core machine a file's PGlite work and another's PostgreSQL server overlap (the orders'
 * 28 files: 122 s one at a time, 84 s two at a time).
 */
const sharedApiTests = [
  'apps/api/src/faults/**/*.test.ts',
  'apps/api/src/**/*.redis.test.ts',
  'apps/api/src/modules/search/search.instances.test.ts',
  'apps/api/src/lib/response-cache.test.ts',
  'apps/api/src/plugins/response-cache.test.ts',
  'apps/api/src/security/shutdown.test.ts',
  'apps/api/src/security/files.test.ts',
  'apps/api/src/security/production-defaults.test.ts',
  'apps/api/src/cli.test.ts',
  'apps/api/src/config.test.ts',
  'apps/api/src/seed/seed.test.ts',
];
/**
 * Shared tests that use no database of the project's engine (Redis, the embedded database's own folders and locks, a
 * server process that always runs on PGlite, the configuration): the same on either engine, they run in the PGlite
 * projects only. A test that opens a test database (`test/database.ts`, `test/app.ts`) does not belong here.
 */
const engineFreeApiTests = [
  'apps/api/src/lib/event-relay.redis.test.ts',
  'apps/api/src/lib/response-cache.test.ts',
  'apps/api/src/security/shutdown.test.ts',
  'apps/api/src/security/files.test.ts',
  'apps/api/src/config.test.ts',
];
/**
 * Tests that want the machine to themselves run alone, one file at a time, between the two groups: the concurrency
 * tests that hold fifty connections (two at once would pass PostgreSQL's hundred), the mail queue's retries, which
 * count on delays of a tenth of a second, and the product import's jobs, whose batches yield to requests.
 */
const aloneApiTests = [
  'apps/api/src/**/*.concurrency.test.ts',
  'apps/api/src/modules/product-csv/product-csv.jobs.test.ts',
  'apps/api/src/modules/mail/mailer.test.ts',
];
const engines = [
  { engine: 'pglite', name: 'api-pglite' },
  ...(process.env.TEST_DATABASE_URL ? [{ engine: 'postgres', name: 'api-postgres' }] : []),
];

/** Unit and integration tests; the API's database tests run on PGlite, and on PostgreSQL too with TEST_DATABASE_URL. */
export default defineConfig({
  test: {
    projects: [
      // The database tests on each engine (PostgreSQL with TEST_DATABASE_URL), two files at a time; then those that
      // want the machine alone, one at a time; then those that share Redis or start processes, two at a time. What only
      // a PostgreSQL server has (a connection to lose) runs on that engine only, what uses neither engine's test
      // database on PGlite only.
      ...engines.flatMap(({ engine, name }) =>
        [
          { include: apiTests, suffix: '', maxWorkers: 2, groupOrder: 0 },
          { include: aloneApiTests, suffix: '-alone', maxWorkers: 1, groupOrder: 1 },
          { include: sharedApiTests, suffix: '-shared', maxWorkers: 2, groupOrder: 2 },
        ].map(({ include, suffix, maxWorkers, groupOrder }) => ({
          test: {
            name: `${name}${suffix}`,
            include,
            exclude: [
              ...configDefaults.exclude,
              ...(engine === 'pglite' ? postgresOnlyTests : engineFreeApiTests),
              ...(include === apiTests ? [...aloneApiTests, ...sharedApiTests] : []),
            ],
            environment: 'node' as const,
            env: { TEST_DB_ENGINE: engine },
            // One worker loads the API once and runs its files one after another: every file builds its own app on its
            // own database and keeps nothing in the modules (no mocks, no module-level state but counters), so
            // loading the whole API again for each file (about 1.7 s each, 280 files per engine) bought nothing.
            isolate: false,
            globalSetup: [apiTemplate],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            maxWorkers,
            sequence: { groupOrder },
          },
        })),
      ),
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/storefront/app/**/*.test.{ts,tsx}',
            'apps/storefront/server/**/*.test.ts',
            'apps/admin/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
