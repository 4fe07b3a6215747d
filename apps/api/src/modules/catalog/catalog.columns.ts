import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { products } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

/**
 * What other modules show of the shop's products, as SQL they put in their own statements (a cart's lines, the staff's
 * review list): written here, so that their answers stay one statement while only the catalog names `products`.
 * `productId` is the caller's column (or expression) holding a product's id.
 */
export const productColumns = {
  /** The product's name (null when the shop has no such product). */
  name: (scope: TenantScope, productId: AnyColumn | SQL) =>
    sql<
      string | null
    >`(select ${products.name} from ${products} where ${scope.where(products, eq(products.id, productId))})`,
  /** Whether the product exists (what an inner join on `products` used to keep). */
  exists: (scope: TenantScope, productId: AnyColumn | SQL) =>
    sql`exists (select 1 from ${products} where ${scope.where(products, eq(products.id, productId))})`,
  /**
   * The shop's products as a relation to join on `id` (an inner join keeps the lines whose product exists): what a
   * cart line shows and checks of its product. The planner merges it into the caller's join, as a join on the table.
   */
  forCart: (scope: TenantScope) =>
    scope.db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        priceCents: products.priceCents,
        stock: products.stock,
        isActive: products.isActive,
        mainImageId: products.mainImageId,
        mainImageAlt: products.mainImageAlt,
      })
      .from(products)
      .where(scope.where(products))
      .as('catalog_products'),
};
