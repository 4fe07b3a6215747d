import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { APPLICATION_ROLE, type Database, type Db, queryLog, SESSION_SETTINGS } from './database.ts';
import * as schema from './schema/index.ts';
import { registerShopHandles, shopSetting, shopText } from './shop-handles.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

// The PostgreSQL driver (node-postgres): a pool per role, the shop set with each transaction's `begin`.

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

/**
 * A pooled connection of one shop, for one transaction: the shop is set together with `begin`. Statements a
 * transaction sends at once (a `Promise.all` of reads) go to the connection one after another, each once the one
 * before has answered: node-postgres queues them itself today but warns that it will refuse to (pg 9).
 */
class ShopClient {
  private begun = false;
  private released = false;
  /** Settles when the last statement sent has answered (whether it failed or not). */
  private previous: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly client: pg.PoolClient,
    private readonly setting: string,
  ) {}

  query(config: pg.QueryConfig | string, values?: unknown[]): Promise<unknown> {
    if (this.begun) {
      const send = () => this.client.query(config, values);
      const answer = this.previous.then(send, send);
      this.previous = answer.catch(() => undefined);
      return answer;
    }
    const text = typeof config === 'string' ? config : config.text;
    // NOTE: Drizzle opens a transaction with `begin` first thing on the client it takes; anything else would run
    // without the shop, so it is refused rather than sent.
    if (!/^begin\b/i.test(text)) throw new Error(`a shop's transaction must begin first, not with: ${text}`);
    this.begun = true;
    const begun = this.client.query(`${text}; select ${this.setting}`).catch((error: unknown) => {
      // NOTE: Drizzle sends `begin` before the try whose `finally` gives the connection back: a `begin` that fails
      // (the connection cut at that moment) would hold it from the pool for good, and the pool's end would wait
      // for it. It goes back here, broken, and Drizzle's own release (if it comes) is then a no-op.
      this.release(error instanceof Error ? error : true);
      throw error;
    });
    this.previous = begun.catch(() => undefined);
    return begun;
  }

  release(destroy?: boolean | Error): void {
    if (this.released) return;
    this.released = true;
    this.client.release(destroy);
  }
}

export async function openPostgres(
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
