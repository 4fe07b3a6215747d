// What the inventory module needs of the products' stock column, and only that: the catalog owns the table, the
// inventory owns the ledger and every rule of a change (`modules/inventory/stock.service.ts`).
import type { RequestContext, TransactionContext } from '../../lib/context.ts';
import {
  addToStock,
  type ExpectedStock,
  findLowStockProducts,
  findStock,
  findStockOtherThan,
  lockSaleProducts,
  type SaleProduct,
  type StockChangeCompanion,
} from './stock-levels.repository.ts';
import { addToVariantStock } from './variants-admin.repository.ts';

export type { ExpectedStock, SaleProduct, StockChangeCompanion };

/**
 * Locks the products being sold (`productIds`, in that order: ascending, no repeat) until the transaction ends and
 * reads their name, price, stock and picture. Products not in this shop are absent from the answer.
 */
export async function lockProductsBeingSold(tx: TransactionContext, productIds: number[]): Promise<SaleProduct[]> {
  return lockSaleProducts(tx.scope, productIds);
}

/**
 * Writes the products' new stock levels: each moves by its signed quantity, in one statement with `companion` (the
 * ledger's entry). The ids of the products changed (those that still exist).
 */
export async function writeStockLevels(
  ctx: RequestContext,
  input: { changes: { productId: number; quantity: number }[]; companion: StockChangeCompanion },
): Promise<number[]> {
  return addToStock(ctx.scope, input.changes, input.companion);
}

/** A product's stock; null when the shop has no such product. */
export async function readStockLevel(ctx: RequestContext, productId: number): Promise<number | null> {
  return findStock(ctx.scope, productId);
}

/** The shop's products whose stock is not what `expected` (a column over the products) says. */
export async function findStockLevelsOtherThan(
  ctx: RequestContext,
  expected: ExpectedStock,
): Promise<{ productId: number; stock: number; expected: number }[]> {
  return findStockOtherThan(ctx.scope, expected);
}

/** Up to `limit` products on sale whose stock is at or below their low-stock threshold, fewest units first. */
export async function findLowStockLevels(
  ctx: RequestContext,
  limit: number,
): Promise<{ id: number; name: string; stock: number; lowStockThreshold: number }[]> {
  return findLowStockProducts(ctx.scope, limit);
}

/**
 * Writes a product's variants' new stock levels: each moves by its signed quantity, in one statement with `companion`
 * (the ledger's entry; the variant's trigger moves the product's stock with it). The ids of the variants changed.
 */
export async function writeVariantStockLevels(
  ctx: RequestContext,
  input: { productId: number; changes: { variantId: number; quantity: number }[]; companion: StockChangeCompanion },
): Promise<number[]> {
  return addToVariantStock(ctx.scope, input.productId, input.changes, input.companion);
}
