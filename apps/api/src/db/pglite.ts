import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { ensurePrivateDir, lockDirectory } from '../lib/private-files.ts';
import { APPLICATION_ROLE, type Database, type Db, queryLog, SESSION_SETTINGS } from './database.ts';
import * as schema from './schema/index.ts';
import { registerShopHandles, shopSetting } from './shop-handles.ts';

// The embedded driver (PGlite, one connection): the default where no PostgreSQL URL is given.

/** PGlite: the session of the application's role with the shop (or none), as one `select` list. */
function applicationSettings(tenantId: number | null): string {
  return `set_config('role', '${APPLICATION_ROLE}', false), ${shopSetting(tenantId, 'session')}`;
}

/** PGlite: the owner's session: its own role, no shop. */
const OWNER_SETTINGS = `set_config('role', 'none', false), ${shopSetting(null, 'session')}`;

/**
 * PGlite's one connection, used in turn: `as(settings, work)` waits for the uses before it, switches the session to
 * `settings` if it names another (a `select` list of `set_config` calls), then runs `work`. NOTE: a use must not
 * wait for another use from inside its `work` (it would wait for itself), as with PGlite's own transactions.
 */
function pgliteSession(client: PGlite) {
  let current: string | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const run = async <T>(settings: string, work: () => Promise<T>): Promise<T> => {
    if (current !== settings) {
      current = null;
      await client.exec(`select ${settings}`);
      current = settings;
    }
    return work();
  };
  return {
    as<T>(settings: string, work: () => Promise<T>): Promise<T> {
      const result = queue.then(() => run(settings, work));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  let release: () => void = () => undefined;
  if (!inMemory) {
    ensurePrivateDir(path.dirname(path.resolve(dataDir)));
    release = lockDirectory(dataDir);
  }
  const client = await PGlite.create(inMemory ? undefined : dataDir, {
    extensions: { pg_trgm, btree_gin },
  }).catch((error: unknown) => {
    release();
    throw error;
  });
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
    await client.query('select set_config($1, $2, false)', [name, value]);
  }
  // NOTE: PGlite has one connection, shared by the owner (migrations, maintenance such as VACUUM, the platform door)
  // and the application. The connection's session names who runs (the owner, or the application's role and its
  // shop, if any), and is switched only when the next statement needs another: a statement outside a transaction is
  // one round trip when the session already names its shop, as it does while one shop is served. Every use of the
  // connection runs in turn (`exclusive`), so that no other statement comes between the switch and its statement.
  const session = pgliteSession(client);
  const logger = queryLog();
  const applicationClient = (settings: string) => {
    // Drizzle calls these two.
    const facade = {
      query: (text: string, params?: unknown[], options?: object) =>
        session.as(settings, () => client.query(text, params, options)),
      transaction: <T>(work: (tx: Transaction) => Promise<T>) => session.as(settings, () => client.transaction(work)),
    };
    return drizzlePglite({ client: facade as unknown as PGlite, schema, logger }) as unknown as Db;
  };
  const db = applicationClient(applicationSettings(null));
  registerShopHandles(db, (tenantId) => applicationClient(applicationSettings(tenantId)));
  const owner = drizzlePglite({
    client: {
      query: (text: string, params?: unknown[], options?: object) =>
        session.as(OWNER_SETTINGS, () => client.query(text, params, options)),
      transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
        session.as(OWNER_SETTINGS, () => client.transaction(work)),
    } as unknown as PGlite,
    schema,
    logger,
  }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    raw: {
      exec: async (text) => {
        await session.as(OWNER_SETTINGS, () => client.exec(text));
      },
      query: async <T>(text: string, params?: unknown[]) =>
        (await session.as(OWNER_SETTINGS, () => client.query<T>(text, params))).rows,
    },
    asPlatform: (work) => owner.transaction((tx) => work(tx as unknown as Db)),
    // NOTE: PGlite has one connection and one process: there is nobody to lock against.
    withLock: (_key, fn) => fn(),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
