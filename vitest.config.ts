import { configDefaults, defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'];
/** Tests of what only a PostgreSQL server has (a connection to lose): the `api-postgres` project alone runs them. */
const postgresOnlyTests = ['apps/api/**/*.postgres.test.ts'];
/** Migrates one database per run, which each test database copies. */
const apiTemplate = 'apps/api/test/template-database.ts';

/** Unit and integration tests; the API's database tests run on PGlite, and on PostgreSQL too with TEST_DATABASE_URL. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: [...configDefaults.exclude, ...postgresOnlyTests],
          environment: 'node',
          env: { TEST_DB_ENGINE: 'pglite' },
          globalSetup: [apiTemplate],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                environment: 'node' as const,
                env: { TEST_DB_ENGINE: 'postgres' },
                globalSetup: [apiTemplate],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
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
        },
      },
    ],
  },
});
