import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { categories, productAttributes, productImages, products } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import { direction } from '../../../lib/admin-lists.ts';
import { mediaColumns } from '../../media/index.ts';
import {
  type AdminProductFilter,
  type AdminProductOrdering,
  adminProductColumn,
  adminProductWhere,
} from '../products/index.ts';

// Whole products at once, every field staff edit with their category's slug, attributes and pictures' files: what
// the product CSV exports and compares an import with.

export type ProductRecordRow = typeof products.$inferSelect & { categorySlug: string };

/** The shop's products (active or not) of the admin list's filter, or those with these slugs, in the list's order. */
export async function listProductRecordRows(
  scope: TenantScope,
  filter: AdminProductFilter & { slugs?: string[] },
  page: { ordering: AdminProductOrdering; limit: number },
): Promise<ProductRecordRow[]> {
  if (filter.slugs?.length === 0) return [];
  const order = direction(page.ordering);
  const rows = await scope.db
    .select({ product: products, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, scope.where(categories, eq(categories.id, products.categoryId)))
    .where(
      filter.slugs
        ? (and(adminProductWhere(scope, filter), inArray(products.slug, filter.slugs)) as SQL)
        : adminProductWhere(scope, filter),
    )
    .orderBy(order(adminProductColumn(page.ordering)), order(products.id))
    .limit(page.limit);
  return rows.map((row) => ({ ...row.product, categorySlug: row.categorySlug }));
}

/** The attributes of these products, each product's in display order. */
export async function listAttributesOf(
  scope: TenantScope,
  productIds: number[],
): Promise<{ productId: number; key: string; value: string }[]> {
  if (productIds.length === 0) return [];
  return scope.db
    .select({ productId: productAttributes.productId, key: productAttributes.key, value: productAttributes.value })
    .from(productAttributes)
    .where(scope.where(productAttributes, inArray(productAttributes.productId, productIds)))
    .orderBy(asc(productAttributes.productId), asc(productAttributes.order), asc(productAttributes.id));
}

/** The pictures of these products with their files' keys, each product's in display order. */
export async function listPictureFilesOf(
  scope: TenantScope,
  productIds: number[],
): Promise<{ id: number; productId: number; imageId: number; imageKey: string; altText: string }[]> {
  if (productIds.length === 0) return [];
  const file = mediaColumns.files(scope);
  return scope.db
    .select({
      id: productImages.id,
      productId: productImages.productId,
      imageId: productImages.imageId,
      imageKey: file.imageKey,
      altText: productImages.altText,
    })
    .from(productImages)
    .innerJoin(file, eq(file.id, productImages.imageId))
    .where(scope.where(productImages, inArray(productImages.productId, productIds)))
    .orderBy(asc(productImages.productId), asc(productImages.order), asc(productImages.id));
}

/** The shop's categories with these slugs: their ids, by slug. */
export async function findCategoryIdsBySlug(scope: TenantScope, slugs: string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await scope.db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(scope.where(categories, inArray(categories.slug, slugs)));
  return new Map(rows.map((row) => [row.slug, row.id]));
}
