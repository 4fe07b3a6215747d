import { asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { productImages, productVariants } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';

// The writes of a product's options and variants as staff make them (decision 018): its option types and
// personalisation fields, its variants generated, changed and removed (the rest is `variants.repository.ts`'s).

export type VariantRow = typeof productVariants.$inferSelect;
export type NewVariant = Pick<VariantRow, 'productId' | 'sku' | 'optionValues' | 'position'> & { stock: number };
export type VariantChanges = Partial<
  Pick<
    VariantRow,
    | 'sku'
    | 'priceCents'
    | 'priceBeforeDiscountCents'
    | 'weightGrams'
    | 'madeToOrder'
    | 'leadTimeDays'
    | 'imageIds'
    | 'isActive'
    | 'position'
    | 'description'
    | 'attributes'
    | 'imageAltTexts'
    | 'hsCode'
    | 'countryOfOrigin'
    | 'customsDescription'
  >
>;

/** The variants of these products, in position order (then id). */
export async function listVariantsOf(scope: TenantScope, productIds: number[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return scope.db
    .select()
    .from(productVariants)
    .where(scope.where(productVariants, inArray(productVariants.productId, productIds)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/** The products whose variants have these SKUs, by SKU. */
export async function findSkuOwners(scope: TenantScope, skus: string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await scope.db
    .select({ sku: productVariants.sku, productId: productVariants.productId })
    .from(productVariants)
    .where(scope.where(productVariants, inArray(productVariants.sku, skus)));
  return new Map(rows.map((row) => [row.sku, row.productId]));
}

/** Whether the product is sold in options (has variants). */
export async function hasVariants(scope: TenantScope, productId: number): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(scope.where(productVariants, eq(productVariants.productId, productId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Adds variants; one with stock comes in through the ledger's opening entry (the variant's trigger) with `note`,
 * set in the same statement so that it is this insert's.
 */
export async function insertGeneratedVariants(scope: TenantScope, rows: NewVariant[], note: string): Promise<void> {
  for (const row of rows) {
    await scope.rows(sql`
      insert into ${productVariants} (tenant_id, product_id, sku, option_values, stock, position)
      select ${scope.tenantId}, ${row.productId}, ${row.sku}, ${sql.param(row.optionValues)}::text[], ${row.stock},
             ${row.position}
        from (select set_config('app.stock_note', ${note}, true)) note`);
  }
}

/** Removes these variants of the shop (the database refuses one that still holds stock). */
export async function deleteVariants(scope: TenantScope, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await scope.db.delete(productVariants).where(scope.where(productVariants, inArray(productVariants.id, ids)));
}

/** Changes a variant's fields other than its stock, which moves through the ledger only. */
export async function updateVariant(scope: TenantScope, id: number, changes: VariantChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await scope.db
    .update(productVariants)
    .set({ ...changes, updatedAt: new Date() })
    .where(scope.where(productVariants, eq(productVariants.id, id)));
}

/** The SKUs of the shop's variants that are `base` or start with `base-`: those a derived SKU must avoid. */
export async function skusLike(scope: TenantScope, base: string): Promise<Set<string>> {
  const rows = await scope.db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(scope.where(productVariants, or(eq(productVariants.sku, base), like(productVariants.sku, `${base}-%`))));
  return new Set(rows.map((row) => row.sku));
}

/** The SKUs among `skus` that a variant of the shop other than `exceptIds` has. */
export async function skusTaken(scope: TenantScope, skus: string[], exceptIds: number[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const rows = await scope.db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      scope.where(
        productVariants,
        inArray(productVariants.sku, skus),
        exceptIds.length > 0 ? sql`not (${productVariants.id} = any(${sql.param(exceptIds)}::integer[]))` : undefined,
      ),
    );
  return rows.map((row) => row.sku);
}

/** The ids of a product's pictures (`product_images`), those a variant may name. */
export async function productImageIds(scope: TenantScope, productId: number): Promise<Set<number>> {
  const rows = await scope.db
    .select({ id: productImages.id })
    .from(productImages)
    .where(scope.where(productImages, eq(productImages.productId, productId)));
  return new Set(rows.map((row) => row.id));
}
