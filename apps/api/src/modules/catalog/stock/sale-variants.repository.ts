import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { productImages, products, productVariants } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import type { StockChangeCompanion } from './stock-levels.repository.ts';

// The variants' side of a sale (decision 018): what the cart shows of a line's variant, the variants an order takes
// (locked), and their stock column as the inventory module writes it. The catalog owns `product_variants`.

/** A variant as a sale takes it: its price is the product's when it has none of its own. */
export interface SaleVariant {
  id: number;
  productId: number;
  sku: string;
  optionValues: string[];
  priceCents: number;
  stock: number;
  /** Made to order (migration 0095): its own lead time when marked, else its product's; null when neither is. */
  leadTimeDays: number | null;
  isActive: boolean;
}

/** The columns of a sale's variant, over `product_variants` joined to its product. */
function saleVariantColumns() {
  return {
    id: productVariants.id,
    productId: productVariants.productId,
    sku: productVariants.sku,
    optionValues: productVariants.optionValues,
    priceCents: sql<number>`coalesce(${productVariants.priceCents}, ${products.priceCents})`.mapWith(Number),
    stock: productVariants.stock,
    leadTimeDays: sql<number | null>`case when ${productVariants.madeToOrder} then ${productVariants.leadTimeDays}
      when ${products.madeToOrder} then ${products.leadTimeDays} end`,
    isActive: productVariants.isActive,
  };
}

/**
 * Locks the variants' rows (in id order, after their products: every sale locks the products first) and reads them;
 * nobody else can change their stock or price until the transaction ends.
 */
export async function lockSaleVariants(scope: TenantScope, ids: number[]): Promise<SaleVariant[]> {
  if (ids.length === 0) return [];
  return scope.db
    .select(saleVariantColumns())
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.tenantId, productVariants.tenantId), eq(products.id, productVariants.productId)),
    )
    .where(scope.where(productVariants, inArray(productVariants.id, ids)))
    .orderBy(asc(productVariants.id))
    .for('update', { of: productVariants });
}

/**
 * The variant of a product a cart line takes: the one named when it is one of the product's on sale, else (none
 * named) the default variant, the first on sale by position, then id. Null when there is no such variant.
 */
export async function findSaleVariant(
  scope: TenantScope,
  productId: number,
  variantId: number | null,
): Promise<SaleVariant | null> {
  const [row] = await scope.db
    .select(saleVariantColumns())
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.tenantId, productVariants.tenantId), eq(products.id, productVariants.productId)),
    )
    .where(
      scope.where(
        productVariants,
        eq(productVariants.productId, productId),
        eq(productVariants.isActive, true),
        variantId === null ? undefined : eq(productVariants.id, variantId),
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .limit(1);
  return row ?? null;
}

/** Which of the products are sold in options (have variants at all, on sale or not). */
export async function findProductsWithVariants(scope: TenantScope, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const rows = await scope.db
    .selectDistinct({ productId: productVariants.productId })
    .from(productVariants)
    .where(scope.where(productVariants, inArray(productVariants.productId, productIds)));
  return rows.map((row) => row.productId);
}

/**
 * Adds the signed quantities to the variants' stock in one statement with `companion` (the ledger's note): the
 * variants' trigger writes each ledger row with its variant and moves its product's stock with it (migration 0075).
 * A variant not of the product named is skipped. The ids of the products whose variants changed.
 */
export async function addToVariantStock(
  scope: TenantScope,
  changes: { productId: number; variantId: number; quantity: number }[],
  companion: StockChangeCompanion,
): Promise<number[]> {
  if (changes.length === 0) return [];
  const ids = changes.map((change) => change.variantId);
  const productIds = changes.map((change) => change.productId);
  const quantities = changes.map((change) => change.quantity);
  const changed = await scope.rows<{ product_id: number }>(sql`
    with movement as (${companion})
    update ${productVariants}
       set stock = ${productVariants.stock} + change.quantity, updated_at = now()
      from (select unnest(${sql.param(ids)}::integer[]) as id, unnest(${sql.param(productIds)}::integer[]) as product_id,
                   unnest(${sql.param(quantities)}::integer[]) as quantity) change,
           movement
     where ${scope.where(productVariants, sql`${productVariants.id} = change.id and ${productVariants.productId} = change.product_id`)}
    returning ${productVariants.productId} as product_id`);
  return [...new Set(changed.map((row) => Number(row.product_id)))];
}

/** What a variant's stock must be, as a column of a statement over `product_variants` (`variantId`: its id). */
export type ExpectedVariantStock = (scope: TenantScope, variantId: AnyColumn) => SQL<number>;

/** The shop's variants whose stock is not what `expected` says. */
export async function findVariantStockOtherThan(
  scope: TenantScope,
  expected: ExpectedVariantStock,
): Promise<{ productId: number; variantId: number; stock: number; expected: number }[]> {
  const column = expected(scope, productVariants.id);
  const rows = await scope.db
    .select({
      productId: productVariants.productId,
      variantId: productVariants.id,
      stock: productVariants.stock,
      expected: column,
    })
    .from(productVariants)
    .where(scope.where(productVariants, sql`${productVariants.stock} <> ${column}`));
  return rows.map((row) => ({ ...row, expected: Number(row.expected) }));
}

/**
 * The variants as the cart shows its lines, one row each with its product's option names and personalisation: a
 * subquery to join on a line's variant. `pictureImageId` and `pictureAlt`: the variant's own first picture (the stored
 * picture's id) and its alt text (the variant's own for it, else the picture's); null without one (issue 45).
 */
export const variantColumns = {
  forCart: (scope: TenantScope) => {
    const picture = sql`${productImages.productId} = ${productVariants.productId} and ${productImages.id} = ${productVariants.imageIds}[1]`;
    return scope.db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        optionValues: productVariants.optionValues,
        priceCents: sql<number>`coalesce(${productVariants.priceCents}, ${products.priceCents})`
          .mapWith(Number)
          .as('variant_price_cents'),
        stock: sql<number>`${productVariants.stock}`.mapWith(Number).as('variant_stock'),
        leadTimeDays: sql<number | null>`case when ${productVariants.madeToOrder} then ${productVariants.leadTimeDays}
          when ${products.madeToOrder} then ${products.leadTimeDays} end`.as('variant_lead_time_days'),
        isActive: sql<boolean>`${productVariants.isActive}`.as('variant_is_active'),
        pictureImageId: sql<number | null>`(select ${productImages.imageId} from ${productImages}
            where ${scope.where(productImages, picture)})`.as('variant_picture_image_id'),
        pictureAlt: sql<string | null>`(select coalesce(
              (select own ->> 'alt_text' from jsonb_array_elements(${productVariants.imageAltTexts}) own
                where (own ->> 'image_id')::integer = ${productImages.id}),
              ${productImages.altText})
            from ${productImages} where ${scope.where(productImages, picture)})`.as('variant_picture_alt'),
      })
      .from(productVariants)
      .innerJoin(
        products,
        and(eq(products.tenantId, productVariants.tenantId), eq(products.id, productVariants.productId)),
      )
      .where(scope.where(productVariants))
      .as('catalog_variants');
  },
};
