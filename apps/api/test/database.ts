import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate, migrationsDir } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each test database copies (`template-database.ts`): a PGlite dump's file, or a name. */
    migratedTemplate: string | undefined;
  }
}

/** Which engine this test run uses: the `api-postgres` project sets TEST_DB_ENGINE=postgres. */
export const testEngine: 'pglite' | 'postgres' = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  /** postgres:// URL of the fresh database (PostgreSQL only), for a second app instance on the same data. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on TEST_DATABASE_URL's server; a copy of the run's
 * migrated template when there is one (migrating takes seconds, a copy a fraction of one), migrated again (nothing to
 * do) so that the copy is checked against the migrations as any database is.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const testDb = await createEmptyTestDatabase(inject('migratedTemplate'));
  await migrate(testDb.database);
  return testDb;
}

/** A fresh database without any migration (for tests of a migration on the data before it), or a template's copy. */
export async function createEmptyTestDatabase(template?: string, givenName?: string): Promise<TestDatabase> {
  if (testEngine === 'pglite') {
    const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
    const database = await openDatabase(loadDataDir ? { loadDataDir } : {});
    return { database, drop: () => database.close().catch(() => undefined) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = givenName ?? `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A migrated database that server and platform-command processes open as well (their DATA_DIR `dataDir`, or `url`):
 * on PGlite the folder `<dataDir>/pglite`, filled with a copy of the run's migrated template (migrating a new folder
 * takes seconds of a process's start; the first start on a new folder has a test of its own, in
 * `security/production-defaults.test.ts`), migrated again as any start does; on PostgreSQL, a fresh test database. A
 * PGlite folder has one owner at a time: `drop` closes the test's handle (and leaves the folder) before a process
 * takes it. `engine`: the run's, unless a test's processes always use one.
 */
export async function createFolderTestDatabase(dataDir: string, engine = testEngine): Promise<TestDatabase> {
  if (engine === 'postgres') return createTestDatabase();
  const template = inject('migratedTemplate');
  const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
  const database = await openDatabase({
    dataDir: path.join(dataDir, 'pglite'),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  await migrate(database);
  return { database, drop: () => database.close().catch(() => undefined) };
}

/**
 * A database to seed once and copy many times: a migrated one (on PGlite, in `folder`: a copy is made of its dump),
 * and, once its handle is closed, what `createEmptyTestDatabase` copies (a dump's file, or the database's name; the
 * run's global teardown drops such databases on PostgreSQL, named after the run's template).
 */
export async function createDemoSource(
  folder: string,
): Promise<{ database: TestDatabase; template: () => Promise<string> }> {
  const migrated = inject('migratedTemplate');
  if (testEngine === 'pglite') {
    const dataDir = path.join(folder, 'pglite');
    const loadDataDir = migrated ? new Blob([fs.readFileSync(migrated)]) : undefined;
    const database = await openDatabase({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
    await migrate(database);
    return {
      database: { database, drop: async () => undefined },
      template: async () => {
        // NOTE: dumped by a PGlite of the folder alone, once the application's handle (which holds its lock) closed.
        const client = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin } });
        const dump = await client.dumpDataDir('none');
        await client.close();
        const file = path.join(folder, 'demo.tar');
        fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
        return file;
      },
    };
  }
  const name = `${migrated ?? 't_template'}_demo_${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = await createEmptyTestDatabase(migrated, name);
  await migrate(database.database);
  return { database: { ...database, drop: async () => undefined }, template: async () => name };
}

/**
 * A fresh database migrated up to (not including) `migration`, as a database made before it has it: a test then
 * fills it with the data of that time and applies the rest with `migrate(database)`.
 */
export async function createTestDatabaseBefore(migration: string): Promise<TestDatabase> {
  const testDb = await createEmptyTestDatabase();
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  try {
    for (const file of fs.readdirSync(migrationsDir()).filter((name) => name < migration)) {
      fs.copyFileSync(path.join(migrationsDir(), file), path.join(before, file));
    }
    await migrate(testDb.database, before);
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
  }
  return testDb;
}
