import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, tenantHandle } from './client.ts';

/** A table owned by a tenant: it has a non-null `tenant_id` leading its keys. */
export type TenantTable = PgTable & { tenantId: PgColumn };

/** The statements prepared on each shop handle, by name (`TenantScope.prepared`). */
const preparedStatements = new WeakMap<Db, Map<string, unknown>>();

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

  /**
   * The statement `build` makes, prepared as `name`, built once per shop handle: composing a statement with Drizzle
   * costs more than running a small one, and prepared by name PostgreSQL parses and plans it once per connection.
   * Its text must be the same for every shop (the shop's id a parameter, as `where` gives it) and for every call of
   * that name; what varies goes in as placeholders (`sql.placeholder`). Kept for the shops' handles the database
   * keeps; inside a transaction, for that transaction.
   */
  prepared<P>(name: string, build: (scope: TenantScope) => { prepare(name: string): P }): P {
    let statements = preparedStatements.get(this.db);
    if (!statements) {
      statements = new Map();
      preparedStatements.set(this.db, statements);
    }
    let statement = statements.get(name) as P | undefined;
    if (statement === undefined) {
      statement = build(this).prepare(name);
      statements.set(name, statement);
    }
    return statement;
  }

  /** Runs `fn` in one database transaction, with a scope bound to it. */
  transaction<T>(fn: (scope: TenantScope) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new TenantScope(tx as unknown as Db, this.tenantId)));
  }
}
