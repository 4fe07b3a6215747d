import { type AnyColumn, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { products, productVariants } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import { mediaColumns } from '../../media/index.ts';

// The products' stock column, as the inventory module reads and writes it: the catalog owns `products`; the stock
// ledger and the rules of a change are the inventory's.

/** A product as a sale takes it: locked until the transaction ends. */
export interface SaleProduct {
  id: number;
  slug: string;
  name: string;
  priceCents: number;
  stock: number;
  /** Made to order (migration 0095): its lead time in days, on sale whatever its stock; null when not. */
  leadTimeDays: number | null;
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
      leadTimeDays: sql<number | null>`case when ${products.madeToOrder} then ${products.leadTimeDays} end`,
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

/** A product, or one variant of a product sold in options, at or below the product's low-stock threshold. */
export interface LowStockRow {
  id: number;
  name: string;
  variantId: number | null;
  optionValues: string[] | null;
  stock: number;
  lowStockThreshold: number;
}

/**
 * What runs low among the products on sale, fewest units first: a product bought as it is by its own stock; a
 * product sold in options by each variant on sale (decision 018: the stock is the variant's), against the product's
 * threshold, so a sold-out 15 inch is not hidden by the 12 inches in stock.
 */
export async function findLowStockProducts(scope: TenantScope, limit: number): Promise<LowStockRow[]> {
  const rows = await scope.rows<{
    id: number;
    name: string;
    variant_id: number | null;
    option_values: string[] | null;
    stock: number;
    low_stock_threshold: number;
  }>(sql`
    select ${products.id} as id, ${products.name} as name, null::integer as variant_id, null::text[] as option_values,
           ${products.stock} as stock, ${products.lowStockThreshold} as low_stock_threshold
      from ${products}
     where ${scope.where(products, eq(products.isActive, true), sql`${products.stock} <= ${products.lowStockThreshold}`)}
       and not exists (select 1 from ${productVariants}
                        where ${scope.where(productVariants, eq(productVariants.productId, products.id))})
    union all
    select ${products.id}, ${products.name}, ${productVariants.id}, ${productVariants.optionValues},
           ${productVariants.stock}, ${products.lowStockThreshold}
      from ${productVariants}
      join ${products} on ${products.tenantId} = ${productVariants.tenantId} and ${products.id} = ${productVariants.productId}
     where ${scope.where(
       productVariants,
       eq(productVariants.isActive, true),
       eq(products.isActive, true),
       sql`${productVariants.stock} <= ${products.lowStockThreshold}`,
     )}
     order by stock, id, variant_id nulls first
     limit ${limit}`);
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    variantId: row.variant_id === null ? null : Number(row.variant_id),
    optionValues: row.option_values,
    stock: Number(row.stock),
    lowStockThreshold: Number(row.low_stock_threshold),
  }));
}

/**
 * A product or one of its variants as its stock says it (a back-in-stock alert's subject, issue 49): names, the
 * product's slug, the stock, the lead time when made to order, and whether it is on sale.
 */
export interface StockItem {
  productId: number;
  /** Null for the product itself (for a product sold in options, its stock is every variant's together). */
  variantId: number | null;
  slug: string;
  name: string;
  /** The variant's option values ("15 inch / Mirror-polished"); '' for the product. */
  variant: string;
  stock: number;
  leadTimeDays: number | null;
  isActive: boolean;
  /** The product is sold in options (then its own row's stock is its variants'). */
  soldInOptions: boolean;
}

/** The products' rows and their variants' (`StockItem`), one statement; products not in the shop are absent. */
export async function findStockItems(scope: TenantScope, productIds: number[]): Promise<StockItem[]> {
  if (productIds.length === 0) return [];
  const ids = sql.param([...new Set(productIds)]);
  const rows = await scope.rows<{
    product_id: number;
    variant_id: number | null;
    slug: string;
    name: string;
    variant: string;
    stock: number;
    lead_time_days: number | null;
    is_active: boolean;
    sold_in_options: boolean;
  }>(sql`
    select ${products.id} as product_id, null::integer as variant_id, ${products.slug} as slug, ${products.name} as name,
           '' as variant, ${products.stock} as stock,
           case when ${products.madeToOrder} then ${products.leadTimeDays} end as lead_time_days,
           ${products.isActive} as is_active, jsonb_array_length(${products.options}) > 0 as sold_in_options
      from ${products}
     where ${scope.where(products, sql`${products.id} = any(${ids}::integer[])`)}
    union all
    select ${products.id}, ${productVariants.id}, ${products.slug}, ${products.name},
           array_to_string(${productVariants.optionValues}, ' / '), ${productVariants.stock},
           case when ${productVariants.madeToOrder} then ${productVariants.leadTimeDays}
                when ${products.madeToOrder} then ${products.leadTimeDays} end,
           ${products.isActive} and ${productVariants.isActive}, true
      from ${productVariants}
      join ${products} on ${products.tenantId} = ${productVariants.tenantId} and ${products.id} = ${productVariants.productId}
     where ${scope.where(productVariants, sql`${productVariants.productId} = any(${ids}::integer[])`)}`);
  return rows.map((row) => ({
    productId: Number(row.product_id),
    variantId: row.variant_id === null ? null : Number(row.variant_id),
    slug: row.slug,
    name: row.name,
    variant: row.variant,
    stock: Number(row.stock),
    leadTimeDays: row.lead_time_days === null ? null : Number(row.lead_time_days),
    isActive: row.is_active,
    soldInOptions: row.sold_in_options,
  }));
}

/** A product's id by its slug in the shop (active or not); null when there is none. */
export async function findProductIdBySlug(scope: TenantScope, slug: string): Promise<number | null> {
  const [row] = await scope.db
    .select({ id: products.id })
    .from(products)
    .where(scope.where(products, eq(products.slug, slug)))
    .limit(1);
  return row?.id ?? null;
}
