import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

// What the app holds of its database, whichever driver opened it (`pglite.ts`, `postgres.ts`; `client.ts` picks one).

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

/**
 * Settings of every database session. Catalog search keeps texts whose best-matching words are this alike
 * (`%>` operator, GIN-indexed): 0.45 lets "angkola" find "angkhola"; the default 0.6 does not.
 */
export const SESSION_SETTINGS = { 'pg_trgm.word_similarity_threshold': '0.45' };

/**
 * The query logger of a database, shared by all its handles (the application's, each shop's, their transactions'),
 * so that one place sees every statement Drizzle sends (the test query counter replaces `logQuery`).
 */
export function queryLog(): Logger {
  return { logQuery: () => undefined };
}
