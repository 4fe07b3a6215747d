import { and, asc, eq, sql } from 'drizzle-orm';
import { productRedirects, products, productVariants } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';

// A product's options (decision 018): its option types and personalisation on the product's row, its variants (one
// per combination sold) and the old addresses of products merged into it. The variants' stock triggers write the
// ledger (migration 0075): an inserted variant's stock is its opening entry.

export type ProductVariantRow = typeof productVariants.$inferSelect;

export interface ProductOptionsValue {
  options: { name: string; values: string[] }[];
  personalisation: { key: string; label: string; max_length: number; price_cents: number; required: boolean }[];
}

/** A variant to insert: `optionValues` in the order of the product's option types; a null price is the product's. */
export interface NewVariantRow {
  sku: string;
  optionValues: string[];
  priceCents: number | null;
  priceBeforeDiscountCents: number | null;
  stock: number;
  weightGrams: number | null;
  imageIds: number[];
  isActive: boolean;
  position: number;
  description: string | null;
  attributes: { key: string; value: string }[];
  imageAltTexts: { image_id: number; alt_text: string }[];
}

/** A product's row as its options change: locked until the transaction ends (null when the shop has none). */
export async function lockProductForOptions(
  scope: TenantScope,
  productId: number,
): Promise<{ id: number; slug: string; stock: number; priceCents: number; variantCount: number } | null> {
  const [row] = await scope.db
    .select({ id: products.id, slug: products.slug, stock: products.stock, priceCents: products.priceCents })
    .from(products)
    .where(scope.where(products, eq(products.id, productId)))
    .for('update');
  if (!row) return null;
  const [count] = await scope.db
    .select({ count: sql<number>`count(*)::int` })
    .from(productVariants)
    .where(scope.where(productVariants, eq(productVariants.productId, productId)));
  return { ...row, variantCount: Number(count?.count ?? 0) };
}

/** A product's prices, which are its default variant's (decisions 018, 020). */
export type ProductPrices = Pick<typeof products.$inferSelect, 'priceCents' | 'priceBeforeDiscountCents'>;

/** A product as its variants change: its row locked until the transaction ends (null when the shop has none). */
export async function lockProductPrices(
  scope: TenantScope,
  productId: number,
): Promise<
  (ProductPrices & Pick<typeof products.$inferSelect, 'slug' | 'stock' | 'options' | 'personalisation'>) | null
> {
  const [row] = await scope.db
    .select({
      slug: products.slug,
      stock: products.stock,
      options: products.options,
      personalisation: products.personalisation,
      priceCents: products.priceCents,
      priceBeforeDiscountCents: products.priceBeforeDiscountCents,
    })
    .from(products)
    .where(scope.where(products, eq(products.id, productId)))
    .for('update');
  return row ?? null;
}

/** Sets a product's prices to its default variant's. */
export async function updateProductPrices(
  scope: TenantScope,
  productId: number,
  changes: Partial<ProductPrices>,
): Promise<void> {
  await scope.db
    .update(products)
    .set({ ...changes, updatedAt: new Date() })
    .where(scope.where(products, eq(products.id, productId)));
}

/** Writes a product's option types and personalisation fields (and its price, the default variant's, when given). */
export async function writeProductOptions(
  scope: TenantScope,
  productId: number,
  value: ProductOptionsValue & { priceCents?: number; priceBeforeDiscountCents?: number | null },
): Promise<void> {
  await scope.db
    .update(products)
    .set({ ...value, updatedAt: new Date() })
    .where(scope.where(products, eq(products.id, productId)));
}

/** Inserts a product's variants (their stock is each one's opening entry in the ledger); their rows, in input order. */
export async function insertVariants(
  scope: TenantScope,
  productId: number,
  rows: NewVariantRow[],
): Promise<ProductVariantRow[]> {
  const inserted: ProductVariantRow[] = [];
  // One at a time: the ids come back in input order.
  for (const row of rows) {
    const [variant] = await scope.db
      .insert(productVariants)
      .values(scope.values({ ...row, productId }))
      .returning();
    if (!variant) throw new Error('variant insert returned nothing');
    inserted.push(variant);
  }
  return inserted;
}

/** A product's variants (on sale or not), by position then id. */
export async function listVariants(scope: TenantScope, productId: number): Promise<ProductVariantRow[]> {
  return scope.db
    .select()
    .from(productVariants)
    .where(scope.where(productVariants, eq(productVariants.productId, productId)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/** Which SKUs of `skus` another variant of the shop already has. */
export async function takenSkus(scope: TenantScope, skus: string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const rows = await scope.db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(scope.where(productVariants, sql`${productVariants.sku} = any(${sql.param(skus)}::text[])`));
  return rows.map((row) => row.sku);
}

/** Records an old address leading to a product (and one of its variants); a second record of it replaces the first. */
export async function upsertRedirect(
  scope: TenantScope,
  value: { oldSlug: string; productId: number; variantId: number | null },
): Promise<void> {
  await scope.db
    .insert(productRedirects)
    .values(scope.values(value))
    .onConflictDoUpdate({
      target: [productRedirects.tenantId, productRedirects.oldSlug],
      set: { productId: value.productId, variantId: value.variantId },
    });
}

/**
 * Where an old address leads: the active product's slug and the variant (null: the product itself, or a variant no
 * longer on sale). Null when the slug is no old address or its product is not on sale.
 */
export async function findRedirect(
  scope: TenantScope,
  oldSlug: string,
): Promise<{ slug: string; variantId: number | null } | null> {
  const [row] = await scope.db
    .select({
      slug: products.slug,
      variantId: sql<number | null>`(select ${productVariants.id} from ${productVariants}
         where ${scope.where(
           productVariants,
           eq(productVariants.id, productRedirects.variantId),
           eq(productVariants.productId, products.id),
           eq(productVariants.isActive, true),
         )})`,
    })
    .from(productRedirects)
    .innerJoin(
      products,
      and(eq(products.tenantId, productRedirects.tenantId), eq(products.id, productRedirects.productId)),
    )
    .where(scope.where(productRedirects, eq(productRedirects.oldSlug, oldSlug), eq(products.isActive, true)))
    .limit(1);
  return row ? { slug: row.slug, variantId: row.variantId === null ? null : Number(row.variantId) } : null;
}
