// The counts beside a product list's filters (its facets): per category, per price band and per option value, each
// with every other filter of the list.
import { and, asc, eq, sql } from 'drizzle-orm';
import { categories, products, productVariants } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import { hasVariant, variantChoices } from './option-filter.repository.ts';
import { categoryCondition, filterConditions, type ProductFilter, priceCondition } from './product-list.repository.ts';

/** The lower bound of a price's band on the 1–2–5 ladder, in minor units: 0 below one major unit (100). */
// Powers of ten are exact in double precision far beyond any price (2^53).
// A product sold in options counts at its "from" price, the lowest of its variants'.
const priceStep = sql`(10::float8 ^ (length(${products.priceMinCents}::text) - 1))::bigint`;
const priceBandFloor = sql<number>`(case when ${products.priceMinCents} < 100 then 0
  when ${products.priceMinCents} >= 5 * ${priceStep} then 5 * ${priceStep}
  when ${products.priceMinCents} >= 2 * ${priceStep} then 2 * ${priceStep} else ${priceStep} end)`;

export interface FacetCountRows {
  categories: { slug: string; name: string; count: number }[];
  /** Lower bounds of the bands with products (minor units), with their counts, cheapest first. */
  priceBands: { floor: number; count: number }[];
}

/**
 * The counts beside the list's filters, in one statement and one reading of the products: per category with every
 * filter but the category (every category of the shop, in display order, zero included), per price band with every
 * filter but the price bounds.
 */
export async function countFacets(scope: TenantScope, filter: ProductFilter): Promise<FacetCountRows> {
  const inCategory = categoryCondition(filter) ?? sql`true`;
  const inPrice = priceCondition(filter) ?? sql`true`;
  // Per category and band: how many products the price bounds keep, and how many the category keeps.
  const counted = scope.db
    .select({
      categoryId: products.categoryId,
      floor: sql<string>`${priceBandFloor}`.as('floor'),
      inPrice: sql<number>`(count(*) filter (where ${inPrice}))::int`.as('in_price'),
      inCategory: sql<number>`(count(*) filter (where ${inCategory}))::int`.as('in_category'),
    })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .where(filterConditions(scope, filter, true))
    .groupBy(products.categoryId, sql`2`)
    .as('counted');
  const rows = await scope.db
    .select({
      slug: categories.slug,
      name: categories.name,
      floor: counted.floor,
      inPrice: counted.inPrice,
      inCategory: counted.inCategory,
    })
    .from(categories)
    .leftJoin(counted, eq(counted.categoryId, categories.id))
    .where(scope.where(categories))
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
  const byCategory = new Map<string, { slug: string; name: string; count: number }>();
  const byBand = new Map<number, number>();
  for (const row of rows) {
    const category = byCategory.get(row.slug) ?? { slug: row.slug, name: row.name, count: 0 };
    byCategory.set(row.slug, category);
    if (row.floor === null) continue;
    category.count += row.inPrice ?? 0;
    if (row.inCategory) byBand.set(Number(row.floor), (byBand.get(Number(row.floor)) ?? 0) + row.inCategory);
  }
  return {
    categories: [...byCategory.values()],
    priceBands: [...byBand.entries()].sort(([a], [b]) => a - b).map(([floor, count]) => ({ floor, count })),
  };
}

/**
 * The counts beside the list's option filter, in one statement: per option type and value, how many products matching
 * every other filter have a variant on sale in it that also has the values chosen of the other types (a type's own
 * choice left out: the usual faceting rule); by type name, then the value's display order.
 */
export async function countOptionFacets(
  scope: TenantScope,
  filter: ProductFilter,
): Promise<{ name: string; value: string; count: number }[]> {
  const { options: chosen = [], ...others } = filter;
  const rows = await scope.rows<{ name: string; value: string; count: number | string }>(sql`
    select o.option ->> 'name' as name, v.value as value, count(distinct ${products.id})::int as count
      from ${products}
      join ${categories} on ${categories.tenantId} = ${products.tenantId} and ${categories.id} = ${products.categoryId}
      cross join lateral jsonb_array_elements(${products.options}) with ordinality as o(option, type_index)
      cross join lateral jsonb_array_elements_text(o.option -> 'values') with ordinality as v(value, position)
     where ${filterConditions(scope, others)}
       and ${hasVariant(scope, [
         sql`${productVariants.optionValues}[o.type_index::int] = v.value`,
         ...variantChoices(chosen, sql`(o.option ->> 'name')`),
       ])}
     group by 1, 2
     order by 1, min(v.position), 2`);
  return rows.map((row) => ({ name: row.name, value: row.value, count: Number(row.count) }));
}
