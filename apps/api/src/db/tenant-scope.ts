import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, tenantHandle } from './client.ts';

/** A table owned by a tenant: it has a non-null `tenant_id` leading its keys. */
export type TenantTable = PgTable & { tenantId: PgColumn };

/**
 * The only door to tenant-owned data. Repositories are built from a scope, never from the raw database,
 * so a query cannot be written without the tenant at hand; `where` and `values` put it in every statement.
 * Underneath, every statement runs in a transaction that names the shop (`app.tenant_id`), and row-level security
 * (migration 0050) shows and takes that shop's rows only: a statement that forgot `where` still sees no other shop.
 */
export class TenantScope {
  /** NOTE: inside `transaction`, this is the transaction handle: never reach for an outer one (PGlite has one connection). */
  readonly db: Db;

  constructor(
    db: Db,
    readonly tenantId: number,
  ) {
    this.db = tenantHandle(db, tenantId);
  }

  /** The tenant condition and-ed with the given ones. */
  where(table: TenantTable, ...conditions: (SQL | undefined)[]): SQL {
    return and(eq(table.tenantId, this.tenantId), ...conditions) as SQL;
  }

  /** Insert values with the tenant set. */
  values<T extends object>(row: T): T & { tenantId: number } {
    return { ...row, tenantId: this.tenantId };
  }

  /**
   * Runs a raw statement and returns its rows (the drivers shape results differently). NOTE: raw SQL names the tenant
   * through `where(table, …)` like every other statement, so the table is written by name, not by an alias.
   */
  async rows<T>(query: SQL): Promise<T[]> {
    const result = (await this.db.execute(query)) as unknown as { rows?: T[] } | T[];
    return Array.isArray(result) ? result : (result.rows ?? []);
  }

  /** Runs `fn` in one database transaction, with a scope bound to it. */
  transaction<T>(fn: (scope: TenantScope) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new TenantScope(tx as unknown as Db, this.tenantId)));
  }
}
