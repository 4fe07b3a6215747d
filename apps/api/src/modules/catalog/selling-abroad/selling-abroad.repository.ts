import { type AnyColumn, and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { categories, products, productVariants, shippingRestrictions } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import { containsPattern, direction, type Ordering } from '../../../lib/admin-lists.ts';

// Selling abroad (issue 48, decision 029): the destinations the shop closes to some products
// (`shipping_restrictions`), what only adults may buy (products', categories' flags) and what customs papers say of
// a product or variant.

export type ShippingRestrictionRow = typeof shippingRestrictions.$inferSelect;
export type ShippingRestrictionValues = Pick<
  ShippingRestrictionRow,
  'countryCode' | 'region' | 'productIds' | 'categoryIds' | 'message'
>;

/** Whether a restriction's products cover a product (`productId`) of a category (`categoryId`): SQL over the table. */
function covers(productId: AnyColumn | SQL, categoryId: AnyColumn | SQL): SQL {
  return sql`((cardinality(${shippingRestrictions.productIds}) = 0 and cardinality(${shippingRestrictions.categoryIds}) = 0)
    or ${productId} = any(${shippingRestrictions.productIds}) or ${categoryId} = any(${shippingRestrictions.categoryIds}))`;
}

/**
 * What the product page lists of the destinations closed to a product, as SQL in its statement: `[{country, region,
 * message}]` by country, the whole country first.
 */
export function restrictionNotesColumn(scope: TenantScope, productId: AnyColumn, categoryId: AnyColumn): SQL {
  return sql`(
    select coalesce(json_agg(json_build_object('country', ${shippingRestrictions.countryCode},
                                               'region', ${shippingRestrictions.region},
                                               'message', ${shippingRestrictions.message})
                             order by ${shippingRestrictions.countryCode}, ${shippingRestrictions.region} nulls first,
                                      ${shippingRestrictions.id}), '[]'::json)
      from ${shippingRestrictions}
     where ${scope.where(shippingRestrictions, covers(productId, categoryId))})`;
}

/**
 * The products among `productIds` of the shop, each with whether only adults may buy it and the message of the first
 * restriction (by id) closing the destination to it (null: none, or no destination).
 */
export async function findSaleRules(
  scope: TenantScope,
  input: { productIds: number[]; countryCode: string | null; region: string | null },
): Promise<{ productId: number; ageRestricted: boolean; closedMessage: string | null }[]> {
  if (input.productIds.length === 0) return [];
  const closing = input.countryCode
    ? sql<string | null>`(select ${shippingRestrictions.message} from ${shippingRestrictions}
        where ${scope.where(
          shippingRestrictions,
          eq(shippingRestrictions.countryCode, input.countryCode),
          sql`(${shippingRestrictions.region} is null or lower(${shippingRestrictions.region}) = lower(${input.region ?? ''}))`,
          covers(products.id, products.categoryId),
        )}
        order by ${shippingRestrictions.id} limit 1)`
    : sql<string | null>`null::text`;
  return scope.db
    .select({
      productId: products.id,
      ageRestricted: sql<boolean>`${products.ageRestricted} or ${categories.ageRestricted}`,
      closedMessage: closing,
    })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .where(scope.where(products, inArray(products.id, input.productIds)));
}

/** What customs papers say of products and of variants (theirs where they have their own, else null). */
export async function findCustomsRows(
  scope: TenantScope,
  input: { productIds: number[]; variantIds: number[] },
): Promise<{
  products: Pick<
    typeof products.$inferSelect,
    'id' | 'name' | 'hsCode' | 'countryOfOrigin' | 'customsDescription' | 'weightGrams'
  >[];
  variants: Pick<
    typeof productVariants.$inferSelect,
    'id' | 'productId' | 'hsCode' | 'countryOfOrigin' | 'customsDescription' | 'weightGrams'
  >[];
}> {
  const [productRows, variantRows] = await Promise.all([
    input.productIds.length === 0
      ? []
      : scope.db
          .select({
            id: products.id,
            name: products.name,
            hsCode: products.hsCode,
            countryOfOrigin: products.countryOfOrigin,
            customsDescription: products.customsDescription,
            weightGrams: products.weightGrams,
          })
          .from(products)
          .where(scope.where(products, inArray(products.id, input.productIds))),
    input.variantIds.length === 0
      ? []
      : scope.db
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            hsCode: productVariants.hsCode,
            countryOfOrigin: productVariants.countryOfOrigin,
            customsDescription: productVariants.customsDescription,
            weightGrams: productVariants.weightGrams,
          })
          .from(productVariants)
          .where(scope.where(productVariants, inArray(productVariants.id, input.variantIds))),
  ]);
  return { products: productRows, variants: variantRows };
}

/** Which of these ids are the shop's products, and which its categories. */
export async function findKnownIds(
  scope: TenantScope,
  input: { productIds: number[]; categoryIds: number[] },
): Promise<{ productIds: Set<number>; categoryIds: Set<number> }> {
  const [productRows, categoryRows] = await Promise.all([
    input.productIds.length === 0
      ? []
      : scope.db
          .select({ id: products.id })
          .from(products)
          .where(scope.where(products, inArray(products.id, input.productIds))),
    input.categoryIds.length === 0
      ? []
      : scope.db
          .select({ id: categories.id })
          .from(categories)
          .where(scope.where(categories, inArray(categories.id, input.categoryIds))),
  ]);
  return {
    productIds: new Set(productRows.map((row) => row.id)),
    categoryIds: new Set(categoryRows.map((row) => row.id)),
  };
}

export type RestrictionOrdering = Ordering<'id' | 'country' | 'created_at'>;

const ORDER_COLUMNS = {
  id: shippingRestrictions.id,
  country: shippingRestrictions.countryCode,
  created_at: shippingRestrictions.createdAt,
} as const;

/** The shop's restrictions, searched in their message, of one country, in an ordering of the allowlist. */
export async function listRestrictions(
  scope: TenantScope,
  options: {
    search?: string | undefined;
    country?: string | undefined;
    ordering: RestrictionOrdering;
    limit: number;
    offset: number;
  },
): Promise<{ rows: ShippingRestrictionRow[]; count: number }> {
  const where = scope.where(
    shippingRestrictions,
    options.search
      ? or(
          ilike(shippingRestrictions.message, containsPattern(options.search)),
          ilike(shippingRestrictions.region, containsPattern(options.search)),
        )
      : undefined,
    options.country ? eq(shippingRestrictions.countryCode, options.country.toUpperCase()) : undefined,
  );
  const [total] = await scope.db.select({ count: count() }).from(shippingRestrictions).where(where);
  const column = ORDER_COLUMNS[options.ordering.replace(/^-/, '') as keyof typeof ORDER_COLUMNS];
  const rows = await scope.db
    .select()
    .from(shippingRestrictions)
    .where(where)
    .orderBy(direction(options.ordering)(column), desc(shippingRestrictions.id))
    .limit(options.limit)
    .offset(options.offset);
  return { rows, count: total?.count ?? 0 };
}

/** One of the shop's restrictions; locked until the transaction ends when `lock`. */
export async function findRestriction(
  scope: TenantScope,
  id: number,
  lock = false,
): Promise<ShippingRestrictionRow | null> {
  const query = scope.db
    .select()
    .from(shippingRestrictions)
    .where(scope.where(shippingRestrictions, eq(shippingRestrictions.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertRestriction(
  scope: TenantScope,
  values: ShippingRestrictionValues,
): Promise<ShippingRestrictionRow> {
  const [row] = await scope.db.insert(shippingRestrictions).values(scope.values(values)).returning();
  if (!row) throw new Error('shipping restriction insert returned nothing');
  return row;
}

export async function updateRestriction(
  scope: TenantScope,
  id: number,
  values: Partial<ShippingRestrictionValues>,
): Promise<ShippingRestrictionRow | null> {
  const [row] = await scope.db
    .update(shippingRestrictions)
    .set({ ...values, updatedAt: new Date() })
    .where(scope.where(shippingRestrictions, eq(shippingRestrictions.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteRestriction(scope: TenantScope, id: number): Promise<boolean> {
  const rows = await scope.db
    .delete(shippingRestrictions)
    .where(scope.where(shippingRestrictions, eq(shippingRestrictions.id, id)))
    .returning({ id: shippingRestrictions.id });
  return rows.length > 0;
}
