// What the inventory module needs of the products' stock column, and only that: the catalog owns the table, the
// inventory owns the ledger and every rule of a change (`modules/inventory/stock.service.ts`).
import type { RequestContext, TransactionContext } from '../../../lib/context.ts';
import {
  addToVariantStock,
  type ExpectedVariantStock,
  findProductsWithVariants,
  findSaleVariant,
  findVariantStockOtherThan,
  lockSaleVariants,
  type SaleVariant,
} from './sale-variants.repository.ts';
import {
  addToStock,
  type ExpectedStock,
  findLowStockProducts,
  findProductIdBySlug,
  findStock,
  findStockItems,
  findStockOtherThan,
  type LowStockRow,
  lockSaleProducts,
  type SaleProduct,
  type StockChangeCompanion,
  type StockItem,
} from './stock-levels.repository.ts';

export type { ExpectedStock, ExpectedVariantStock, SaleProduct, SaleVariant, StockChangeCompanion, StockItem };

/**
 * The products and each of their variants as their stock says it (names, slug, stock, lead time, on sale): what a
 * back-in-stock alert is about (issue 49). Products not in the shop are absent.
 */
export async function readStockItems(ctx: RequestContext, productIds: number[]): Promise<StockItem[]> {
  return findStockItems(ctx.scope, productIds);
}

/** The id of the shop's product with this slug (on sale or not); null when there is none. */
export async function findProductIdForSlug(ctx: RequestContext, slug: string): Promise<number | null> {
  return findProductIdBySlug(ctx.scope, slug);
}

/**
 * Locks the products being sold (`productIds`, in that order: ascending, no repeat) until the transaction ends and
 * reads their name, price, stock and picture. Products not in this shop are absent from the answer.
 */
export async function lockProductsBeingSold(tx: TransactionContext, productIds: number[]): Promise<SaleProduct[]> {
  return lockSaleProducts(tx.scope, productIds);
}

/**
 * Locks the variants being sold (`variantIds`: ascending, no repeat; their products locked first) until the
 * transaction ends and reads their SKU, option values, price (the product's when they have none) and stock.
 * Variants not in this shop are absent from the answer.
 */
export async function lockVariantsBeingSold(tx: TransactionContext, variantIds: number[]): Promise<SaleVariant[]> {
  return lockSaleVariants(tx.scope, variantIds);
}

/**
 * The variant of a product a cart line takes: `variantId` when it is one of the product's on sale, else (null) the
 * product's default variant, the first on sale by position. Null when there is no such variant.
 */
export async function findVariantForSale(
  ctx: RequestContext,
  productId: number,
  variantId: number | null,
): Promise<SaleVariant | null> {
  return findSaleVariant(ctx.scope, productId, variantId);
}

/** Which of the products are sold in options: their stock is their variants'. */
export async function findProductsSoldInOptions(ctx: RequestContext, productIds: number[]): Promise<Set<number>> {
  return new Set(await findProductsWithVariants(ctx.scope, productIds));
}

/**
 * Writes the new stock levels: each product's, or its variant's when the change names one (which moves the product's
 * with it), moves by its signed quantity, in one statement per table with `companion` (the ledger's entry). The ids
 * of the products changed (those that still exist).
 */
export async function writeStockLevels(
  ctx: RequestContext,
  input: {
    changes: { productId: number; variantId?: number | undefined; quantity: number }[];
    companion: StockChangeCompanion;
  },
): Promise<number[]> {
  const own = input.changes.filter((change) => change.variantId === undefined);
  const ofVariants = input.changes.flatMap((change) =>
    change.variantId === undefined ? [] : [{ ...change, variantId: change.variantId }],
  );
  const changed = await addToStock(ctx.scope, own, input.companion);
  const changedByVariants = await addToVariantStock(ctx.scope, ofVariants, input.companion);
  return [...new Set([...changed, ...changedByVariants])];
}

/** The shop's variants whose stock is not what `expected` (a column over the variants) says. */
export async function findVariantStockLevelsOtherThan(
  ctx: RequestContext,
  expected: ExpectedVariantStock,
): Promise<{ productId: number; variantId: number; stock: number; expected: number }[]> {
  return findVariantStockOtherThan(ctx.scope, expected);
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

/**
 * Up to `limit` products on sale (or, for a product sold in options, variants on sale) whose stock is at or below the
 * product's low-stock threshold, fewest units first.
 */
export async function findLowStockLevels(ctx: RequestContext, limit: number): Promise<LowStockRow[]> {
  return findLowStockProducts(ctx.scope, limit);
}
