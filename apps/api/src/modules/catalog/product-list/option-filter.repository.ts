import { eq, type SQL, sql } from 'drizzle-orm';
import { products, productVariants } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';

// The product list's option filter (decision 018): the values chosen, grouped by the option type that holds them, as
// conditions on a product's variants on sale. The list's statements (`products.repository.ts`) put them in theirs.

/**
 * The values chosen of one option type, by its name ("Blade length"); a null name: values no product on sale has,
 * which no product matches.
 */
export interface OptionChoice {
  name: string | null;
  values: string[];
}

/** Whether the product has a variant on sale meeting every one of `conditions` (on `product_variants`). */
export function hasVariant(scope: TenantScope, conditions: SQL[]): SQL {
  return sql`exists (select 1 from ${productVariants}
     where ${scope.where(productVariants, eq(productVariants.productId, products.id), eq(productVariants.isActive, true), ...conditions)})`;
}

/**
 * The conditions on a variant of `choices`: its value of each option type named is one of those chosen (the type's
 * position found by its name among the product's). `except`: SQL of a type name whose choice is left out (what an
 * option facet of that type counts).
 */
export function variantChoices(choices: readonly OptionChoice[], except?: SQL): SQL[] {
  return choices.map((choice) => {
    if (choice.name === null) return sql`false`;
    const holds = sql`exists (select 1 from jsonb_array_elements(${products.options}) with ordinality as t(option, position)
       where t.option ->> 'name' = ${choice.name}
         and ${productVariants.optionValues}[t.position::int] = any(${sql.param(choice.values)}::text[]))`;
    return except ? sql`(${except} = ${choice.name} or ${holds})` : holds;
  });
}

/**
 * The option types (by name) of the shop's products on sale that hold each of `values`, as the list's option filter
 * groups them; values no such product holds under a null name. One statement.
 */
export async function findOptionChoices(scope: TenantScope, values: readonly string[]): Promise<OptionChoice[]> {
  const rows = await scope.rows<{ name: string; value: string }>(sql`
    select distinct o.option ->> 'name' as name, v.value as value
      from ${products}
      cross join lateral jsonb_array_elements(${products.options}) as o(option)
      cross join lateral jsonb_array_elements_text(o.option -> 'values') as v(value)
     where ${scope.where(products, eq(products.isActive, true), sql`v.value = any(${sql.param([...values])}::text[])`)}
     order by 1, 2`);
  const byName = new Map<string, string[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.value]);
  const held = new Set(rows.map((row) => row.value));
  const unheld = values.filter((value) => !held.has(value));
  return [
    ...[...byName].map(([name, chosen]) => ({ name, values: chosen })),
    ...(unheld.length > 0 ? [{ name: null, values: unheld }] : []),
  ];
}
