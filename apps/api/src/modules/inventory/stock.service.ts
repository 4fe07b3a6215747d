import type { RequestContext, TransactionContext } from '../../lib/context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import {
  findLowStockLevels,
  findProductsSoldInOptions,
  findStockLevelsOtherThan,
  findVariantStockLevelsOtherThan,
  lockProductsBeingSold,
  lockVariantsBeingSold,
  type ProductFormStock,
  type SaleProduct,
  type SaleVariant,
  writeStockLevels,
} from '../catalog/index.ts';
import {
  ledgerNote,
  ledgerTotal,
  ledgerVariantTotal,
  listMovements,
  lockOrderStockReturns,
  orderStockBalance,
  type StockMovementRow,
  type StockReason,
} from './stock.repository.ts';

export type { SaleProduct, SaleVariant, StockMovementRow, StockReason };

/**
 * A signed change of one product's stock: negative takes units out, positive puts them back. For a product sold in
 * options, the change names the variant whose stock moves (the product's is the sum of its variants').
 */
export interface StockChange {
  productId: number;
  variantId?: number | undefined;
  quantity: number;
}

/** Why a change of a product sold in options must name its variant. */
export class VariantRequiredError extends BadRequestError {
  constructor(productId: number) {
    super(`Product ${productId} is sold in options: name the variant whose stock changes.`, 'variant_required');
  }
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
 * Locks the variants a sale takes (in id order; lock their products first, with `lockProductsForSale`) and reads
 * their SKU, option values, price (the product's when they have none) and stock. Variants not in this shop are
 * absent from the answer.
 */
export async function lockVariantsForSale(
  tx: TransactionContext,
  variantIds: number[],
): Promise<Map<number, SaleVariant>> {
  const rows = await lockVariantsBeingSold(
    tx,
    [...new Set(variantIds)].sort((a, b) => a - b),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Refuses a change of a product sold in options that does not name its variant (the database would, less clearly). */
async function checkVariantsNamed(ctx: RequestContext, changes: StockChange[]): Promise<void> {
  const unnamed = changes.filter((change) => change.variantId === undefined).map((change) => change.productId);
  if (unnamed.length === 0) return;
  const soldInOptions = await findProductsSoldInOptions(ctx, unnamed);
  const refused = unnamed.find((productId) => soldInOptions.has(productId));
  if (refused !== undefined) throw new VariantRequiredError(refused);
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
    await checkVariantsNamed(tx, changes);
    // NOTE: a variant's change moves its product's stock too (the trigger's roll-up), so its products are locked
    // first, as checkout locks them: a variant row locked before its product would deadlock with a checkout.
    const ofVariants = changes.filter((change) => change.variantId !== undefined);
    if (ofVariants.length > 0)
      await lockProductsForSale(
        tx,
        ofVariants.map((change) => change.productId),
      );
    // The new levels and their ledger rows in one statement: the catalog's update carries the ledger's note.
    const changed = await writeStockLevels(tx, {
      changes,
      companion: ledgerNote({ reason: input.reason, orderId: input.orderId ?? null, note: input.note ?? '' }),
    });
    if (changed.length > 0)
      tx.emit({ name: 'stock.changed', payload: { tenantId: tx.tenant.id, productIds: changed } });
    const rose = changes.filter((change) => change.quantity > 0 && changed.includes(change.productId));
    if (rose.length > 0) {
      tx.emit({
        name: 'stock.replenished',
        payload: {
          tenantId: tx.tenant.id,
          items: rose.map((change) => ({ productId: change.productId, variantId: change.variantId ?? null })),
        },
      });
    }
  });
}

/** What units of an order may still come back to stock, per product and variant (`orderUnitKey`). */
export interface OrderUnits {
  productId: number;
  variantId?: number | undefined;
  /** Units the order took from stock. */
  sold: number;
  /** Units put back for it since (returns, cancellation, expiry). */
  returned: number;
}

/** The key of a product's (or one of its variants') units in an order. */
export function orderUnitKey(line: { productId: number; variantId?: number | null | undefined }): string {
  return `${line.productId}:${line.variantId ?? ''}`;
}

/** An order's units as the stock ledger holds them: what it took and what came back, per product and variant. */
export async function orderStockUnits(ctx: RequestContext, orderId: number): Promise<Map<string, OrderUnits>> {
  const rows = await orderStockBalance(ctx.scope, orderId);
  return new Map(
    rows.map((row) => {
      const units = {
        productId: row.productId,
        ...(row.variantId === null ? {} : { variantId: row.variantId }),
        sold: row.sold,
        returned: row.returned,
      };
      return [orderUnitKey(units), units];
    }),
  );
}

/**
 * Puts units of an order back in stock (a refund's return, a cancellation, an expiry), never more per product and
 * variant than the order took less what came back before: a line asking more puts back what is left (0 when all
 * came back). Returns the changes made. NOTE: this is the one bound of restock; every return of an order's units
 * goes through it, under the order's return lock.
 */
export async function returnOrderStock(
  ctx: RequestContext,
  input: { orderId: number; changes: StockChange[]; reason: 'return' | 'cancellation' | 'expiry'; note?: string },
): Promise<StockChange[]> {
  if (input.changes.every((change) => change.quantity <= 0)) return [];
  return inTransaction(ctx, async (tx) => {
    await lockOrderStockReturns(tx.scope, input.orderId);
    const units = await orderStockUnits(tx, input.orderId);
    const made: StockChange[] = [];
    for (const change of input.changes) {
      const line = units.get(orderUnitKey(change));
      if (!line || change.quantity <= 0) continue;
      const quantity = Math.min(change.quantity, line.sold - line.returned);
      if (quantity <= 0) continue;
      line.returned += quantity;
      made.push({ productId: change.productId, variantId: change.variantId, quantity });
    }
    await moveStock(tx, {
      changes: made,
      reason: input.reason,
      orderId: input.orderId,
      ...(input.note ? { note: input.note } : {}),
    });
    return made;
  });
}

/**
 * Takes again what came back to stock of a cancelled order being restored (its payment arrived after the
 * cancellation), under the order's return lock: every unit it took and got back, each from its own product or
 * variant, as an `order` movement of the ledger. A product (or variant) without that many left refuses it all (409,
 * naming it). Returns the changes made.
 */
export async function retakeOrderStock(ctx: RequestContext, orderId: number): Promise<StockChange[]> {
  return inTransaction(ctx, async (tx) => {
    await lockOrderStockReturns(tx.scope, orderId);
    const back = [...(await orderStockUnits(tx, orderId)).values()].filter((units) => units.returned > 0);
    if (back.length === 0) return [];
    const products = await lockProductsForSale(
      tx,
      back.map((units) => units.productId),
    );
    const variants = await lockVariantsForSale(
      tx,
      back.flatMap((units) => (units.variantId === undefined ? [] : [units.variantId])),
    );
    for (const units of back) {
      const product = products.get(units.productId);
      const variant = units.variantId === undefined ? undefined : variants.get(units.variantId);
      const left = (variant ?? product)?.stock ?? 0;
      if (left >= units.returned) continue;
      const productName = product?.name ?? `Product ${units.productId}`;
      const name = variant ? `${productName} (${variant.optionValues.join(', ')})` : productName;
      throw new ConflictError(
        `Not enough stock to restore this order: ${name} has ${left} left of the ${units.returned} it needs.`,
        'insufficient_stock',
      );
    }
    const changes = back.map((units) => ({
      productId: units.productId,
      variantId: units.variantId,
      quantity: -units.returned,
    }));
    await moveStock(tx, { changes, reason: 'order', orderId, note: 'order restored' });
    return changes;
  });
}

/**
 * A correction of one product's stock (a count, a breakage, a delivery) with its reason; never below 0. A product
 * sold in options changes the stock of the variant named (`variantId`, one of its own); the answer's stock is then
 * that variant's.
 */
export async function adjustStock(
  ctx: RequestContext,
  input: { productId: number; variantId?: number | undefined; quantity: number; note: string },
): Promise<SaleProduct> {
  if (!Number.isInteger(input.quantity) || input.quantity === 0) {
    throw new BadRequestError('An adjustment changes the stock by a whole number other than 0.', 'invalid_adjustment');
  }
  return inTransaction(ctx, async (tx) => {
    const product = (await lockProductsForSale(tx, [input.productId])).get(input.productId);
    if (!product) throw new NotFoundError('Product not found.', 'product_not_found');
    let stock = product.stock;
    let name = product.name;
    if (input.variantId !== undefined) {
      const variant = (await lockVariantsForSale(tx, [input.variantId])).get(input.variantId);
      if (variant?.productId !== product.id) throw new NotFoundError('Variant not found.', 'variant_not_found');
      stock = variant.stock;
      name = `${product.name} (${variant.sku})`;
    }
    if (stock + input.quantity < 0) {
      throw new BadRequestError(`Only ${stock} items of ${name} are in stock.`, 'insufficient_stock');
    }
    await moveStock(tx, {
      changes: [{ productId: input.productId, variantId: input.variantId, quantity: input.quantity }],
      reason: 'adjustment',
      note: input.note,
    });
    return { ...product, stock: stock + input.quantity };
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
    if (product.stock !== input.stock) await checkVariantsNamed(tx, [{ productId: product.id, quantity: 0 }]);
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
    await moveStock(tx, {
      changes: input.changes.map((change) => ({ productId: input.productId, ...change })),
      reason: 'adjustment',
      note: input.note,
    });
  },
};

/** A product's stock movements, newest first. */
export async function listStockMovements(
  ctx: RequestContext,
  input: { productId: number; limit?: number },
): Promise<StockMovementRow[]> {
  return listMovements(ctx.scope, input.productId, input.limit ?? 100);
}

/**
 * The ledger check: the shop's products whose stock is not the sum of their movements, and the variants whose stock
 * is not the sum of theirs (with `variantId`); empty when all is well.
 */
export async function findStockLedgerMismatches(
  ctx: RequestContext,
): Promise<{ productId: number; variantId?: number; stock: number; ledger: number }[]> {
  const products = await findStockLevelsOtherThan(ctx, ledgerTotal);
  const variants = await findVariantStockLevelsOtherThan(ctx, ledgerVariantTotal);
  return [
    ...products.map(({ productId, stock, expected }) => ({ productId, stock, ledger: expected })),
    ...variants.map(({ productId, variantId, stock, expected }) => ({ productId, variantId, stock, ledger: expected })),
  ];
}

/** What runs low, as the dashboard and the daily e-mail name it: a product, or a product's variant. */
export interface LowStockItem {
  /** The product's id. */
  id: number;
  name: string;
  variant_id: number | null;
  /** The variant's option values ("15 inch / Mirror-polished"); '' for a product bought as it is. */
  variant: string;
  stock: number;
  low_stock_threshold: number;
}

/**
 * Up to `limit` products on sale, or variants of products sold in options, whose stock is at or below the product's
 * low-stock threshold, fewest units first (the dashboard's list, the daily low-stock e-mail).
 */
export async function listLowStockProducts(ctx: RequestContext, limit = 20): Promise<LowStockItem[]> {
  const rows = await findLowStockLevels(ctx, limit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    variant_id: row.variantId,
    variant: (row.optionValues ?? []).join(' / '),
    stock: row.stock,
    low_stock_threshold: row.lowStockThreshold,
  }));
}
