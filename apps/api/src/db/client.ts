import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ensurePrivateDir, lockDirectory } from '../lib/private-files.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs raw SQL text (several statements allowed); used by migrations and maintenance only. */
export interface RawSql {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  db: Db;
  raw: RawSql;
  engine: 'pglite' | 'postgres';
  /** Runs `fn` holding a session-level lock so that only one instance migrates or seeds at a time. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise embedded PGlite. */
  url?: string;
  /** PGlite data directory; `memory://` (or undefined) keeps the database in memory. */
  dataDir?: string;
  poolSize?: number;
}

/**
 * Settings of every database session. Catalog search keeps texts whose best-matching words are this alike
 * (`%>` operator, GIN-indexed): 0.45 lets "angkola" find "angkhola"; the default 0.6 does not.
 */
const SESSION_SETTINGS = { 'pg_trgm.word_similarity_threshold': '0.45' };

/** Opens PostgreSQL through node-postgres when a URL is given, else embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  let release: () => void = () => undefined;
  if (!inMemory) {
    ensurePrivateDir(path.dirname(path.resolve(dataDir)));
    release = lockDirectory(dataDir);
  }
  const client = await PGlite.create(inMemory ? undefined : dataDir, { extensions: { pg_trgm, btree_gin } }).catch(
    (error: unknown) => {
      release();
      throw error;
    },
  );
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
    await client.query('select set_config($1, $2, false)', [name, value]);
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    raw: {
      exec: async (sql) => {
        await client.exec(sql);
      },
      query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    },
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

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
  });
  // An idle connection the server ends (restart, failover, a dropped test database) is discarded by the pool and
  // replaced on next use; without a listener its 'error' event would crash the process.
  pool.on('error', (error) => console.warn(`database: idle connection closed by the server (${error.message})`));
  // Fail at start, not at the first request, when the server cannot be reached.
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    raw: {
      exec: async (sql) => {
        await pool.query(sql);
      },
      query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    },
    withLock: async (key, fn) => {
      const client = await pool.connect();
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
    close: () => pool.end(),
  };
}
