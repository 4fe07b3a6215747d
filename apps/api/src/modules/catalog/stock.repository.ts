import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { mediaImages, products, stockMovements } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type StockMovementRow = typeof stockMovements.$inferSelect;
export type StockReason = Exclude<StockMovementRow['reason'], 'initial'>;

/** A product as a sale takes it: locked until the transaction ends. */
export interface SaleProduct {
  id: number;
  slug: string;
  name: string;
  priceCents: number;
  stock: number;
  isActive: boolean;
  thumbKey: string | null;
}

/**
 * Locks the products' rows (in id order, so that two orders of the same products never deadlock) and reads them:
 * nobody else can change their stock or price until this transaction ends.
 */
export async function lockSaleProducts(scope: TenantScope, ids: number[]): Promise<SaleProduct[]> {
  if (ids.length === 0) return [];
  return scope.db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      priceCents: products.priceCents,
      stock: products.stock,
      isActive: products.isActive,
      thumbKey: mediaImages.thumbKey,
    })
    .from(products)
    .leftJoin(mediaImages, and(eq(mediaImages.tenantId, products.tenantId), eq(mediaImages.id, products.mainImageId)))
    .where(scope.where(products, inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('update', { of: products });
}

/**
 * Adds the signed quantities to the products' stock in one statement; products that no longer exist are skipped.
 * The same statement names the movement's reason, order and note for the ledger trigger (migration 0008), stamped
 * with the statement's start so that they hold for this statement's changes only. The stock check constraint refuses
 * stock below 0.
 */
export async function applyStockChanges(
  scope: TenantScope,
  changes: { productId: number; quantity: number }[],
  movement: { reason: StockReason; orderId: number | null; note: string },
): Promise<number[]> {
  if (changes.length === 0) return [];
  const ids = changes.map((change) => change.productId);
  const quantities = changes.map((change) => change.quantity);
  const orderId = movement.orderId === null ? '' : String(movement.orderId);
  const changed = await scope.rows<{ id: number }>(sql`
    with movement as (
      select set_config('app.stock_reason', ${movement.reason}, true),
             set_config('app.stock_order', ${orderId}, true),
             set_config('app.stock_note', ${movement.note}, true),
             set_config('app.stock_statement', statement_timestamp()::text, true))
    update ${products}
       set stock = ${products.stock} + change.quantity, updated_at = now()
      from (select unnest(${sql.param(ids)}::integer[]) as id, unnest(${sql.param(quantities)}::integer[]) as quantity) change,
           movement
     where ${scope.where(products, sql`${products.id} = change.id`)}
    returning ${products.id} as id`);
  return changed.map((row) => Number(row.id));
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

/** Products whose stock is not the sum of their movements (none, unless something bypassed the ledger). */
export async function findLedgerMismatches(
  scope: TenantScope,
): Promise<{ productId: number; stock: number; ledger: number }[]> {
  const ledger = scope.db
    .select({
      productId: stockMovements.productId,
      total: sql<number>`sum(${stockMovements.quantity})::integer`.as('total'),
    })
    .from(stockMovements)
    .where(scope.where(stockMovements))
    .groupBy(stockMovements.productId)
    .as('ledger');
  const rows = await scope.db
    .select({ productId: products.id, stock: products.stock, ledger: sql<number>`coalesce(${ledger.total}, 0)` })
    .from(products)
    .leftJoin(ledger, eq(ledger.productId, products.id))
    .where(scope.where(products, sql`${products.stock} <> coalesce(${ledger.total}, 0)`));
  return rows.map((row) => ({ ...row, ledger: Number(row.ledger) }));
}

/** Products on sale at or below their low-stock threshold, fewest units first. */
export async function findLowStockProducts(scope: TenantScope, limit: number) {
  return scope.db
    .select({
      id: products.id,
      name: products.name,
      stock: products.stock,
      lowStockThreshold: products.lowStockThreshold,
    })
    .from(products)
    .where(scope.where(products, eq(products.isActive, true), sql`${products.stock} <= ${products.lowStockThreshold}`))
    .orderBy(asc(products.stock), asc(products.id))
    .limit(limit);
}
