import { asc, eq, inArray, like, or } from 'drizzle-orm';
import { productImages, products } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import type { ProductRow } from './products.repository.ts';

// The writes of the product form and of bulk edits that the catalog's other repository does not have: many products
// locked at once, the slugs a derived one must avoid (a product's, a category's), and a product's pictures as one list.

/** Locks the shop's products among `ids` (in id order, so that two bulk edits never deadlock) and reads them. */
export async function lockProducts(scope: TenantScope, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return scope.db
    .select()
    .from(products)
    .where(scope.where(products, inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('update');
}

/** The shop's product slugs that are `base` or `base-<something>`: those a slug derived from `base` must avoid. */
export async function slugsLike(scope: TenantScope, base: string): Promise<Set<string>> {
  const rows = await scope.db
    .select({ slug: products.slug })
    .from(products)
    .where(scope.where(products, or(eq(products.slug, base), like(products.slug, `${base}-%`))));
  return new Set(rows.map((row) => row.slug));
}

/** A product's picture rows (no files), in display order. */
export async function listPictureRows(scope: TenantScope, productId: number) {
  return scope.db
    .select()
    .from(productImages)
    .where(scope.where(productImages, eq(productImages.productId, productId)))
    .orderBy(asc(productImages.order), asc(productImages.id));
}

/** Removes these pictures of the shop (their rows; the stored files stay, shared by key). */
export async function deletePictureRows(scope: TenantScope, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await scope.db.delete(productImages).where(scope.where(productImages, inArray(productImages.id, ids)));
}
