import { products } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

/**
 * What other modules show of the shop's products, as SQL they put in their own statements (a cart's lines): written
 * here, so that the cart's answer stays one statement while only the catalog names `products`.
 */
export const productColumns = {
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
