import { type AnyColumn, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { products } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { mediaColumns } from '../media/index.ts';

// The products' stock column, as the inventory module reads and writes it: the catalog owns `products`; the stock
// ledger and the rules of a change are the inventory's.

/** A product as a sale takes it: locked until the transaction ends. */
export interface SaleProduct {
  id: number;
  slug: string;
  name: string;
  priceCents: number;
  stock: number;
  isActive: boolean;
  thumbKey: string | null;
  /** Sold in options (decision 018): its option types and the texts a shopper may write. */
  options: { name: string; values: string[] }[];
  personalisation: { key: string; label: string; max_length: number; price_cents: number; required: boolean }[];
}

/** A one-row query that a stock change runs in its own statement (the ledger's note for its trigger). */
export type StockChangeCompanion = SQL;

/** What a product's stock must be, as a column of a statement over `products` (`productId`: its id). */
export type ExpectedStock = (scope: TenantScope, productId: AnyColumn) => SQL<number>;

/**
 * Locks the products' rows (in id order, so that two orders of the same products never deadlock) and reads them:
 * nobody else can change their stock or price until this transaction ends.
 */
export async function lockSaleProducts(scope: TenantScope, ids: number[]): Promise<SaleProduct[]> {
  if (ids.length === 0) return [];
  const image = mediaColumns.files(scope);
  return scope.db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      priceCents: products.priceCents,
      stock: products.stock,
      isActive: products.isActive,
      thumbKey: image.thumbKey,
      options: products.options,
      personalisation: products.personalisation,
    })
    .from(products)
    .leftJoin(image, eq(image.id, products.mainImageId))
    .where(scope.where(products, inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('update', { of: products });
}

/**
 * Adds the signed quantities to the products' stock in one statement; products that no longer exist are skipped.
 * `companion` runs in the same statement (a common table expression the update reads, so that it runs before the
 * rows change); the stock check constraint refuses stock below 0. The ids of the products changed.
 */
export async function addToStock(
  scope: TenantScope,
  changes: { productId: number; quantity: number }[],
  companion: StockChangeCompanion,
): Promise<number[]> {
  if (changes.length === 0) return [];
  const ids = changes.map((change) => change.productId);
  const quantities = changes.map((change) => change.quantity);
  const changed = await scope.rows<{ id: number }>(sql`
    with movement as (${companion})
    update ${products}
       set stock = ${products.stock} + change.quantity, updated_at = now()
      from (select unnest(${sql.param(ids)}::integer[]) as id, unnest(${sql.param(quantities)}::integer[]) as quantity) change,
           movement
     where ${scope.where(products, sql`${products.id} = change.id`)}
    returning ${products.id} as id`);
  return changed.map((row) => Number(row.id));
}

/** A product's stock; null when the shop has no such product. */
export async function findStock(scope: TenantScope, productId: number): Promise<number | null> {
  const [row] = await scope.db
    .select({ stock: products.stock })
    .from(products)
    .where(scope.where(products, eq(products.id, productId)))
    .limit(1);
  return row?.stock ?? null;
}

/** The shop's products whose stock is not what `expected` says. */
export async function findStockOtherThan(
  scope: TenantScope,
  expected: ExpectedStock,
): Promise<{ productId: number; stock: number; expected: number }[]> {
  const column = expected(scope, products.id);
  const rows = await scope.db
    .select({ productId: products.id, stock: products.stock, expected: column })
    .from(products)
    .where(scope.where(products, sql`${products.stock} <> ${column}`));
  return rows.map((row) => ({ ...row, expected: Number(row.expected) }));
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
