import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { stockMovements } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type StockMovementRow = typeof stockMovements.$inferSelect;
export type StockReason = Exclude<StockMovementRow['reason'], 'initial'>;

/**
 * What the ledger records of a stock change, for the statement that makes it: the movement's reason, order and note
 * for the `products` trigger that writes the ledger row (migration 0008), stamped with the statement's start so that
 * they hold for this statement's changes only (0018). A one-row query: the catalog's stock update runs it.
 */
export function ledgerNote(movement: {
  reason: StockMovementRow['reason'];
  orderId: number | null;
  note: string;
}): SQL {
  const orderId = movement.orderId === null ? '' : String(movement.orderId);
  return sql`select set_config('app.stock_reason', ${movement.reason}, true),
             set_config('app.stock_order', ${orderId}, true),
             set_config('app.stock_note', ${movement.note}, true),
             set_config('app.stock_statement', statement_timestamp()::text, true)`;
}

/** The sum of a product's movements (0 without any), as a column of a statement over products: its stock. */
export function ledgerTotal(scope: TenantScope, productId: AnyColumn): SQL<number> {
  return sql<number>`(select coalesce(sum(${stockMovements.quantity}), 0)::integer from ${stockMovements}
     where ${scope.where(stockMovements, eq(stockMovements.productId, productId))})`;
}

/** The sum of a variant's movements (0 without any), as a column of a statement over variants: its stock. */
export function ledgerVariantTotal(scope: TenantScope, variantId: AnyColumn): SQL<number> {
  return sql<number>`(select coalesce(sum(${stockMovements.quantity}), 0)::integer from ${stockMovements}
     where ${scope.where(stockMovements, eq(stockMovements.variantId, variantId))})`;
}

/** A product's movements, newest first. */
export async function listMovements(scope: TenantScope, productId: number, limit: number): Promise<StockMovementRow[]> {
  return scope.db
    .select()
    .from(stockMovements)
    .where(scope.where(stockMovements, eq(stockMovements.productId, productId)))
    .orderBy(sql`${stockMovements.id} desc`)
    .limit(limit);
}

/** Why units of an order come back to stock: a refund's return, a cancellation, an expiry. */
export const RETURN_REASONS = ['return', 'cancellation', 'expiry'] as const;

/**
 * An order's units per product and variant as the ledger holds them: taken by the order (`sold`, its `order` rows)
 * and put back for it since (`returned`, its return, cancellation and expiry rows).
 */
export async function orderStockBalance(
  scope: TenantScope,
  orderId: number,
): Promise<{ productId: number; variantId: number | null; sold: number; returned: number }[]> {
  const rows = await scope.db
    .select({
      productId: stockMovements.productId,
      variantId: stockMovements.variantId,
      sold: sql<number>`coalesce(-sum(${stockMovements.quantity}) filter (where ${stockMovements.reason} = 'order'), 0)::integer`,
      returned: sql<number>`coalesce(sum(${stockMovements.quantity}) filter (where ${stockMovements.reason} in ('return', 'cancellation', 'expiry')), 0)::integer`,
    })
    .from(stockMovements)
    .where(scope.where(stockMovements, eq(stockMovements.orderId, orderId)))
    .groupBy(stockMovements.productId, stockMovements.variantId);
  return rows.map((row) => ({ ...row, sold: Number(row.sold), returned: Number(row.returned) }));
}

/**
 * Holds the order's stock returns until the transaction ends: two transactions putting units of one order back
 * (a refund completing, a cancellation) read and write its balance one after the other.
 */
export async function lockOrderStockReturns(scope: TenantScope, orderId: number): Promise<void> {
  await scope.db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`order-stock:${scope.tenantId}:${orderId}`}, 0))`,
  );
}
