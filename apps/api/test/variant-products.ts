import { eq } from 'drizzle-orm';
import { products, productVariants } from '../src/db/schema/index.ts';
import type { ProductRow } from '../src/modules/catalog/catalog.repository.ts';
import type { Tenant } from '../src/modules/tenants/tenants.service.ts';
import type { TestApp } from './app.ts';
import { createProduct } from './builders.ts';

/** A variant as a test asks for it: its option values in the order of the product's types. */
export interface TestVariant {
  values: string[];
  sku?: string;
  priceCents?: number | null;
  stock?: number;
  isActive?: boolean;
  position?: number;
}

export interface TestPersonalisation {
  key: string;
  label: string;
  max_length: number;
  price_cents: number;
  required: boolean;
}

let skuCounter = 0;

/**
 * A product sold in options (decision 018), written straight into the database as the catalog would: its option
 * types, its personalisation fields and one variant row per combination given (each variant's stock opens its ledger
 * through the variants' trigger, and adds to the product's).
 */
export async function createVariantProduct(
  t: TestApp,
  tenant: Tenant,
  input: {
    name?: string;
    priceCents?: number;
    options: { name: string; values: string[] }[];
    variants: TestVariant[];
    personalisation?: TestPersonalisation[];
  },
): Promise<{ product: ProductRow; variants: { id: number; sku: string; stock: number }[] }> {
  const product = await createProduct(t, tenant, {
    ...(input.name ? { name: input.name } : {}),
    priceCents: input.priceCents ?? 1000,
    stock: 0,
  });
  const scope = t.scope(tenant);
  await scope.db
    .update(products)
    .set({ options: input.options, personalisation: input.personalisation ?? [] })
    .where(scope.where(products, eq(products.id, product.id)));
  const variants = [];
  for (const [index, variant] of input.variants.entries()) {
    skuCounter += 1;
    const [row] = await scope.db
      .insert(productVariants)
      .values(
        scope.values({
          productId: product.id,
          sku: variant.sku ?? `SKU-${skuCounter}`,
          optionValues: variant.values,
          priceCents: variant.priceCents ?? null,
          stock: variant.stock ?? 5,
          isActive: variant.isActive ?? true,
          position: variant.position ?? index,
        }),
      )
      .returning({ id: productVariants.id, sku: productVariants.sku, stock: productVariants.stock });
    if (!row) throw new Error('variant insert returned nothing');
    variants.push(row);
  }
  await t.app.deps.cache.invalidate(tenant.token);
  return { product, variants };
}

/** A variant's stock and its product's, as the database holds them now. */
export async function stockOf(t: TestApp, variantId: number): Promise<{ variant: number; product: number }> {
  const [row] = await t.testDb.database.raw.query<{ variant: number; product: number }>(
    `select v.stock as variant, p.stock as product
       from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
      where v.id = $1`,
    [variantId],
  );
  if (!row) throw new Error(`no variant ${variantId}`);
  return { variant: Number(row.variant), product: Number(row.product) };
}
