import type { RequestContext, TransactionContext } from '../../lib/context.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import {
  findLowStockLevels,
  findStockLevelsOtherThan,
  lockProductsBeingSold,
  type ProductFormStock,
  type SaleProduct,
  writeStockLevels,
  writeVariantStockLevels,
} from '../catalog/index.ts';
import { ledgerNote, ledgerTotal, listMovements, type StockMovementRow, type StockReason } from './stock.repository.ts';

export type { SaleProduct, StockMovementRow, StockReason };

/** A signed change of one product's stock: negative takes units out, positive puts them back. */
export interface StockChange {
  productId: number;
  quantity: number;
}

/**
 * Locks the products a sale takes (in id order) and reads their name, price, stock and picture; until the
 * transaction ends nobody else changes them. Products not in this shop are absent from the answer.
 */
export async function lockProductsForSale(
  tx: TransactionContext,
  productIds: number[],
): Promise<Map<number, SaleProduct>> {
  const rows = await lockProductsBeingSold(
    tx,
    [...new Set(productIds)].sort((a, b) => a - b),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The one way stock changes: the products' stock moves by the signed quantities and each change is a row of the
 * stock ledger with its reason (order, cancellation, expiry, adjustment) and order. Runs in the caller's transaction
 * (or its own); `stock.changed` is published after the commit.
 */
export async function moveStock(
  ctx: RequestContext,
  input: { changes: StockChange[]; reason: StockReason; orderId?: number; note?: string },
): Promise<void> {
  const changes = input.changes.filter((change) => change.quantity !== 0);
  if (changes.length === 0) return;
  await inTransaction(ctx, async (tx) => {
    // The new levels and their ledger rows in one statement: the catalog's update carries the ledger's note.
    const changed = await writeStockLevels(tx, {
      changes,
      companion: ledgerNote({ reason: input.reason, orderId: input.orderId ?? null, note: input.note ?? '' }),
    });
    if (changed.length > 0)
      tx.emit({ name: 'stock.changed', payload: { tenantId: tx.tenant.id, productIds: changed } });
  });
}

/** A correction of one product's stock (a count, a breakage, a delivery) with its reason; never below 0. */
export async function adjustStock(
  ctx: RequestContext,
  input: { productId: number; quantity: number; note: string },
): Promise<SaleProduct> {
  if (!Number.isInteger(input.quantity) || input.quantity === 0) {
    throw new BadRequestError('An adjustment changes the stock by a whole number other than 0.', 'invalid_adjustment');
  }
  return inTransaction(ctx, async (tx) => {
    const product = (await lockProductsForSale(tx, [input.productId])).get(input.productId);
    if (!product) throw new NotFoundError('Product not found.', 'product_not_found');
    if (product.stock + input.quantity < 0) {
      throw new BadRequestError(`Only ${product.stock} items of ${product.name} are in stock.`, 'insufficient_stock');
    }
    await moveStock(tx, { changes: [input], reason: 'adjustment', note: input.note });
    return { ...product, stock: product.stock + input.quantity };
  });
}

/** The note of a stock count made on the product form. */
export const FORM_COUNT_NOTE = 'Counted on the product form';

/**
 * The stock the product form writes, through the ledger like every other change (the app hands it to the catalog's
 * staff routes, as the inventory builds on the catalog): a new product's opening entry (reason `initial`), and a count
 * set on the form, recorded as an adjustment of the difference.
 */
export const productFormStock: ProductFormStock = {
  async open(tx, input) {
    if (input.quantity === 0) return;
    const changed = await writeStockLevels(tx, {
      changes: [{ productId: input.productId, quantity: input.quantity }],
      companion: ledgerNote({ reason: 'initial', orderId: null, note: 'opening stock' }),
    });
    if (changed.length > 0)
      tx.emit({ name: 'stock.changed', payload: { tenantId: tx.tenant.id, productIds: changed } });
  },
  async count(tx, input) {
    const product = (await lockProductsForSale(tx, [input.productId])).get(input.productId);
    if (!product) throw new NotFoundError('Product not found.', 'product_not_found');
    const change = input.stock - product.stock;
    if (change !== 0) {
      await moveStock(tx, {
        changes: [{ productId: input.productId, quantity: change }],
        reason: 'adjustment',
        note: input.note ?? FORM_COUNT_NOTE,
      });
    }
    return { before: product.stock, after: input.stock };
  },
  async moveVariants(tx, input) {
    const changes = input.changes.filter((change) => change.quantity !== 0);
    if (changes.length === 0) return;
    await writeVariantStockLevels(tx, {
      productId: input.productId,
      changes,
      companion: ledgerNote({ reason: 'adjustment', orderId: null, note: input.note }),
    });
    tx.emit({ name: 'stock.changed', payload: { tenantId: tx.tenant.id, productIds: [input.productId] } });
  },
};

/** A product's stock movements, newest first. */
export async function listStockMovements(
  ctx: RequestContext,
  input: { productId: number; limit?: number },
): Promise<StockMovementRow[]> {
  return listMovements(ctx.scope, input.productId, input.limit ?? 100);
}

/** The ledger check: the shop's products whose stock is not the sum of their movements (empty when all is well). */
export async function findStockLedgerMismatches(
  ctx: RequestContext,
): Promise<{ productId: number; stock: number; ledger: number }[]> {
  const mismatches = await findStockLevelsOtherThan(ctx, ledgerTotal);
  return mismatches.map(({ productId, stock, expected }) => ({ productId, stock, ledger: expected }));
}

/** Products on sale whose stock is at or below their low-stock threshold (the dashboard's list). */
export async function listLowStockProducts(
  ctx: RequestContext,
): Promise<{ id: number; name: string; stock: number; low_stock_threshold: number }[]> {
  const rows = await findLowStockLevels(ctx, 20);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    stock: row.stock,
    low_stock_threshold: row.lowStockThreshold,
  }));
}
