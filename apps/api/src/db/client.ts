import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Logger, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { ensurePrivateDir, lockDirectory } from '../lib/private-files.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * The role the application's statements run as (migration 0050): it owns no table and has no BYPASSRLS, so the
 * tenant policy of every tenant-owned table applies to each of its statements.
 */
export const APPLICATION_ROLE = 'platform_app';

/** Runs raw SQL text (several statements allowed) as the tables' owner; used by migrations and maintenance only. */
export interface RawSql {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  /**
   * The application's handle: it runs as `APPLICATION_ROLE` with no shop set, so tenant-owned tables show it no row
   * and take none. Shop data goes through `TenantScope`, which names the shop in every statement and transaction.
   */
  db: Db;
  raw: RawSql;
  engine: 'pglite' | 'postgres';
  /**
   * The platform door: runs `work` in one transaction as the tables' owner, where row-level security does not apply.
   * Only for work that must look across shops; each use is named in docs/decisions/010-row-level-security.md.
   */
  asPlatform<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** Runs `fn` holding a session-level lock so that only one instance migrates or seeds at a time. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise embedded PGlite. */
  url?: string;
  /** PGlite data directory; `memory://` (or undefined) keeps the database in memory. */
  dataDir?: string;
  /** PGlite: a dump of a data directory (`dumpDataDir`) the database starts from, as a copy. */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * PostgreSQL: the longest a request waits for a connection (a free one of the pool, or a new one to the server)
   * before it fails as `isDatabaseUnavailable`. Default 5 s.
   */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: the longest one statement of the application may run (the server cancels it); the client gives up
   * on an answer a few seconds later (a server that went silent). 0: no limit. Default 30 s. Migrations have none.
   */
  statementTimeoutMs?: number;
}

/** Errors of node-postgres and Node's sockets that mean the server could not be reached or stopped answering. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
];
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that cannot serve now: shutting down or restarting (57P01–57P03), out of connections
 * (53300), a connection failure (class 08), or a statement cancelled by `statement_timeout` (57014).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/**
 * What made the database unavailable, if an error (or any error it wraps: Drizzle's query errors, Node's aggregate
 * connection errors) says it could not be reached or did not answer in time, rather than that a statement was
 * wrong; null otherwise. Such a request may succeed if tried again shortly.
 */
export function databaseUnavailableReason(error: unknown, depth = 0): string | null {
  if (!(error instanceof Error) || depth > 5) return null;
  const { code } = error as { code?: unknown };
  const known =
    typeof code === 'string' &&
    (UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code));
  if (known || UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message))) {
    return typeof code === 'string' ? `${error.message} (${code})` : error.message;
  }
  if (error instanceof AggregateError) {
    for (const each of error.errors) {
      const reason = databaseUnavailableReason(each, depth + 1);
      if (reason) return reason;
    }
  }
  return databaseUnavailableReason(error.cause, depth + 1);
}

/** Whether an error says the database could not be reached or did not answer in time (`databaseUnavailableReason`). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== null;
}

/**
 * Settings of every database session. Catalog search keeps texts whose best-matching words are this alike
 * (`%>` operator, GIN-indexed): 0.45 lets "angkola" find "angkhola"; the default 0.6 does not.
 */
const SESSION_SETTINGS = { 'pg_trgm.word_similarity_threshold': '0.45' };

/** One shop's handles per database, kept for the shops seen lately (building a handle takes a fraction of a millisecond). */
const SHOP_HANDLES = 1_000;

/** The shop handles of each database's handles (the application's and its shops'). */
const shopHandles = new WeakMap<object, (tenantId: number) => Db>();

/**
 * `db` for one shop. For a database's application handle (or another shop's), the handle whose every transaction,
 * and every statement outside one, runs with `app.tenant_id` set to the shop (local to that transaction). NOTE: a
 * transaction handle is returned as it is: a shop's transaction already names its shop, the platform's is the door;
 * a transaction of the application handle names none, and so sees no shop's rows.
 */
export function tenantHandle(db: Db, tenantId: number): Db {
  const forShop = shopHandles.get(db);
  return forShop ? forShop(tenantId) : db;
}

/** The shop's id as the setting's text, checked, as it goes into the SQL text; '' for none. */
function shopText(tenantId: number | null): string {
  if (tenantId !== null && !Number.isSafeInteger(tenantId)) throw new Error(`not a tenant id: ${tenantId}`);
  return tenantId === null ? '' : String(tenantId);
}

/** Names the shop (or none) for the rest of the transaction, or (`session`) of the connection's session. */
function shopSetting(tenantId: number | null, scope: 'transaction' | 'session' = 'transaction'): string {
  return `set_config('app.tenant_id', '${shopText(tenantId)}', ${scope === 'transaction'})`;
}

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

/** Registers the shop handles of `db`, made by `make` and kept for the shops seen lately. */
function registerShopHandles(db: Db, make: (tenantId: number) => Db): void {
  const handles = new LRUCache<number, Db>({ max: SHOP_HANDLES });
  const forShop = (tenantId: number): Db => {
    let handle = handles.get(tenantId);
    if (!handle) {
      handle = make(tenantId);
      shopHandles.set(handle, forShop);
      handles.set(tenantId, handle);
    }
    return handle;
  };
  shopHandles.set(db, forShop);
}

/** Opens PostgreSQL through node-postgres when a URL is given, else embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    return openPostgres(options.url, {
      poolSize: options.poolSize ?? 10,
      connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
      statementTimeoutMs: options.statementTimeoutMs ?? 30_000,
    });
  }
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  let release: () => void = () => undefined;
  if (!inMemory) {
    ensurePrivateDir(path.dirname(path.resolve(dataDir)));
    release = lockDirectory(dataDir);
  }
  const client = await PGlite.create(inMemory ? undefined : dataDir, {
    extensions: { pg_trgm, btree_gin },
    ...(loadDataDir ? { loadDataDir } : {}),
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

/**
 * The shop (its id as text, '' for none) each application connection names in its session, for the statements it
 * runs outside a transaction; a connection not in the map names none.
 */
const sessionShops = new WeakMap<pg.PoolClient, string>();

/**
 * One shop's connections (or, for `null`, the application's with no shop), handed to Drizzle as its pool (its name
 * says "Pool", which is how Drizzle knows to take a client for each transaction). A statement outside a transaction
 * runs on a connection whose session names the shop: one round trip when the connection named it already, as it does
 * while one shop is served, two when it must switch. Every transaction begins with the shop set for the transaction,
 * in the same round trip as its `begin`, whatever the session names.
 */
class ShopPool {
  private readonly shop: string;
  private readonly setting: string;
  private readonly sessionSetting: string;

  constructor(
    private readonly pool: pg.Pool,
    tenantId: number | null,
  ) {
    this.shop = shopText(tenantId);
    this.setting = shopSetting(tenantId);
    this.sessionSetting = `select ${shopSetting(tenantId, 'session')}`;
  }

  async connect(): Promise<ShopClient> {
    return new ShopClient(await this.pool.connect(), this.setting);
  }

  async query(config: pg.QueryConfig | string, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      if ((sessionShops.get(client) ?? '') !== this.shop) {
        sessionShops.delete(client);
        await client.query(this.sessionSetting);
        sessionShops.set(client, this.shop);
      }
      return await client.query(config, values);
    } catch (error) {
      // NOTE: a statement that fails outside a transaction leaves the connection as it was; one whose server or link
      // failed (or whose answer never came) is not given to anyone again.
      if (isDatabaseUnavailable(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

/** A pooled connection of one shop, for one transaction: the shop is set together with `begin`. */
class ShopClient {
  private begun = false;
  private released = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly setting: string,
  ) {}

  query(config: pg.QueryConfig | string, values?: unknown[]): Promise<unknown> {
    if (this.begun) return this.client.query(config, values);
    const text = typeof config === 'string' ? config : config.text;
    // NOTE: Drizzle opens a transaction with `begin` first thing on the client it takes; anything else would run
    // without the shop, so it is refused rather than sent.
    if (!/^begin\b/i.test(text)) throw new Error(`a shop's transaction must begin first, not with: ${text}`);
    this.begun = true;
    return this.client.query(`${text}; select ${this.setting}`).catch((error: unknown) => {
      // NOTE: Drizzle sends `begin` before the try whose `finally` gives the connection back: a `begin` that fails
      // (the connection cut at that moment) would hold it from the pool for good, and the pool's end would wait
      // for it. It goes back here, broken, and Drizzle's own release (if it comes) is then a no-op.
      this.release(error instanceof Error ? error : true);
      throw error;
    });
  }

  release(destroy?: boolean | Error): void {
    if (this.released) return;
    this.released = true;
    this.client.release(destroy);
  }
}

async function openPostgres(
  url: string,
  limits: { poolSize: number; connectTimeoutMs: number; statementTimeoutMs: number },
): Promise<Database> {
  const settings = Object.entries(SESSION_SETTINGS).map(([name, value]) => `-c ${name}=${value}`);
  // NOTE: a server that is down or silent must fail a request within a bounded time (503, `isDatabaseUnavailable`)
  // rather than hold it: waiting for a connection is bounded, and keep-alive notices a peer gone without a word.
  const reach = { connectionTimeoutMillis: limits.connectTimeoutMs, keepAlive: true };
  // The owner's connections: migrations, maintenance and locks. Few, and closed when idle.
  const owner = new pg.Pool({
    connectionString: url,
    max: 4,
    idleTimeoutMillis: 5_000,
    options: settings.join(' '),
    ...reach,
  });
  // The application's connections run as its role from their start (a connection fails if the role is missing).
  const statementTimeout = limits.statementTimeoutMs > 0 ? [`-c statement_timeout=${limits.statementTimeoutMs}`] : [];
  const pool = new pg.Pool({
    connectionString: url,
    max: limits.poolSize,
    options: [...settings, ...statementTimeout, `-c role=${APPLICATION_ROLE}`].join(' '),
    ...reach,
    // The server cancels a statement past its limit; the client stops waiting a little later (a silent server).
    ...(limits.statementTimeoutMs > 0 ? { query_timeout: limits.statementTimeoutMs + 5_000 } : {}),
  });
  // An idle connection the server ends (restart, failover, a dropped test database) is discarded by the pool and
  // replaced on next use; without a listener its 'error' event would crash the process.
  for (const each of [owner, pool]) {
    each.on('error', (error) => console.warn(`database: idle connection closed by the server (${error.message})`));
    // NOTE: a connection lost while a request holds it (between two statements of a transaction) fails that
    // request's statements, and its client emits 'error' as well, which, unheard, would end the process.
    each.on('connect', (client) => client.on('error', () => undefined));
  }
  // Fail at start, not at the first request, when the server cannot be reached.
  await owner.query('select 1');
  const logger = queryLog();
  const handle = (tenantId: number | null) =>
    drizzlePg({ client: new ShopPool(pool, tenantId) as unknown as pg.Pool, schema, logger }) as unknown as Db;
  const db = handle(null);
  registerShopHandles(db, handle);
  return {
    db,
    engine: 'postgres',
    raw: {
      exec: async (text) => {
        await owner.query(text);
      },
      query: async <T>(text: string, params?: unknown[]) => (await owner.query(text, params)).rows as T[],
    },
    // The application's connection leaves its role for this transaction only: back to the user it logged in as.
    asPlatform: (work) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local role none`);
        return work(tx as unknown as Db);
      }),
    withLock: async (key, fn) => {
      const client = await owner.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), owner.end()]);
    },
  };
}

/**
 * The query logger of a database, shared by all its handles (the application's, each shop's, their transactions'),
 * so that one place sees every statement Drizzle sends (the test query counter replaces `logQuery`).
 */
function queryLog(): Logger {
  return { logQuery: () => undefined };
}
