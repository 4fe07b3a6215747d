import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate, migrationsDir } from '../src/db/migrate.ts';
import { adminQuery } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each test database copies (`template-database.ts`): a PGlite folder, or a name. */
    migratedTemplate: string | undefined;
    /** The run's folder of scratch folders (`scratchFolder`), removed when the run ends. */
    scratchFolder: string;
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

/** A new empty folder in the run's scratch folder (removed when the run ends, if `remove` was not called before). */
export function scratchFolder(prefix: string): { folder: string; remove(): void } {
  const folder = fs.mkdtempSync(path.join(inject('scratchFolder'), prefix));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/**
 * A fresh, migrated database: PGlite in a folder of its own, or a new database on TEST_DATABASE_URL's server; a copy of
 * the run's migrated template (migrating takes seconds, a copy a fraction of one), migrated again (nothing to do) so
 * that the copy is checked against the migrations as any database is.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const testDb = await createEmptyTestDatabase(inject('migratedTemplate'));
  await migrate(testDb.database);
  return testDb;
}

/**
 * A fresh database without any migration (for tests of a migration on the data before it: PGlite in memory), or a
 * template's copy (PGlite: a copy of its folder, opened where it lies).
 */
export async function createEmptyTestDatabase(template?: string): Promise<TestDatabase> {
  if (testEngine === 'pglite') {
    if (!template) {
      const database = await openDatabase({});
      return { database, drop: () => database.close().catch(() => undefined) };
    }
    const scratch = scratchFolder('pglite-test-');
    const database = await openPgliteCopy(template, path.join(scratch.folder, 'pglite'));
    return {
      database,
      drop: async () => {
        await database.close().catch(() => undefined);
        scratch.remove();
      },
    };
  }
  const serverUrl = postgresServer();
  return openPostgresTestDatabase(
    serverUrl,
    await (template ? takeCopy(serverUrl, template) : createDatabase(serverUrl)),
  );
}

/** PGlite in `dataDir`, which is first made a copy of the closed data folder `template` if one is given. */
function openPgliteCopy(template: string | undefined, dataDir: string): Promise<Database> {
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  return openDatabase({ dataDir });
}

function postgresServer(): string {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  return serverUrl;
}

/** The database `name` on the server, as a test database: `drop` removes it. */
async function openPostgresTestDatabase(serverUrl: string, name: string): Promise<TestDatabase> {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close().catch(() => undefined);
      // Not waited for (the server takes a few tenths of a second to remove it); the run's global teardown drops what
      // is left of the run's databases (named after its template).
      void adminQuery(serverUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
    },
  };
}

/** A new database on the server, named after the run's template; a template's copy if given. Its name. */
async function createDatabase(serverUrl: string, template?: string, givenName?: string): Promise<string> {
  const name = givenName ?? `${inject('migratedTemplate') ?? 't'}_t_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return name;
}

/**
 * PostgreSQL: the next copy of each template this process copies, made while the file that took the last one runs (a
 * copy waits about half a second on the server's disk, which a file need not wait for).
 */
const nextCopies = new Map<string, Promise<string>>();

function takeCopy(serverUrl: string, template: string): Promise<string> {
  const copy = nextCopies.get(template) ?? createDatabase(serverUrl, template);
  const next = createDatabase(serverUrl, template);
  next.catch(() => undefined); // the file that takes it sees the failure
  nextCopies.set(template, next);
  return copy;
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
  const database = await openPgliteCopy(inject('migratedTemplate'), path.join(dataDir, 'pglite'));
  await migrate(database);
  return { database, drop: () => database.close().catch(() => undefined) };
}

/**
 * A database to seed once and copy many times: a migrated one (on PGlite, in `folder`), and, once its handle is
 * closed, what `createEmptyTestDatabase` copies (the PGlite folder, or the database's name; the run's global teardown
 * drops such databases on PostgreSQL, named after the run's template).
 */
export async function createDemoSource(
  folder: string,
): Promise<{ database: TestDatabase; template: () => Promise<string> }> {
  const migrated = inject('migratedTemplate');
  if (testEngine === 'pglite') {
    const dataDir = path.join(folder, 'pglite');
    const database = await openPgliteCopy(migrated, dataDir);
    await migrate(database);
    return { database: { database, drop: async () => undefined }, template: async () => dataDir };
  }
  const serverUrl = postgresServer();
  const name = `${migrated ?? 't_template'}_demo_${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = await openPostgresTestDatabase(serverUrl, await createDatabase(serverUrl, migrated, name));
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
