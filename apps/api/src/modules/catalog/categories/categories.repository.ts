import { asc, eq, ilike, like, or, sql } from 'drizzle-orm';
import { categories, products } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import { containsPattern, direction, type Ordering } from '../../../lib/admin-lists.ts';
import { sanitizeRichText } from '../../../lib/rich-text.ts';

// The shop's categories: the storefront's reads, the seed's writes and staff's administration (with their products
// counted). Writes of HTML (the description) sanitize it here: the storefront renders it on the server as stored.

export type CategoryRow = typeof categories.$inferSelect;

export async function listCategories(scope: TenantScope): Promise<CategoryRow[]> {
  return scope.db
    .select()
    .from(categories)
    .where(scope.where(categories))
    .orderBy(asc(categories.position), asc(categories.name));
}

export async function findCategoryBySlug(scope: TenantScope, slug: string): Promise<CategoryRow | null> {
  const [row] = await scope.db
    .select()
    .from(categories)
    .where(scope.where(categories, eq(categories.slug, slug)))
    .limit(1);
  return row ?? null;
}

export async function insertCategory(
  scope: TenantScope,
  values: { slug: string; name: string; description?: string; position?: number; ageRestricted?: boolean },
): Promise<CategoryRow> {
  const clean =
    values.description === undefined ? values : { ...values, description: sanitizeRichText(values.description) };
  const [row] = await scope.db.insert(categories).values(scope.values(clean)).returning();
  if (!row) throw new Error('category insert returned nothing');
  return row;
}

export async function findCategoryById(scope: TenantScope, id: number): Promise<CategoryRow | null> {
  const [row] = await scope.db
    .select()
    .from(categories)
    .where(scope.where(categories, eq(categories.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * Reads a category and keeps it from being deleted until the transaction ends (the lock a product's foreign key
 * takes), for a product about to be put in it.
 */
export async function shareCategory(scope: TenantScope, id: number): Promise<CategoryRow | null> {
  const [row] = await scope.db
    .select()
    .from(categories)
    .where(scope.where(categories, eq(categories.id, id)))
    .for('key share');
  return row ?? null;
}

/** Locks a category's row: no product can be put in it until the transaction ends. */
export async function lockCategory(scope: TenantScope, id: number): Promise<CategoryRow | null> {
  const [row] = await scope.db
    .select()
    .from(categories)
    .where(scope.where(categories, eq(categories.id, id)))
    .for('update');
  return row ?? null;
}

export async function categorySlugTaken(scope: TenantScope, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: categories.id })
    .from(categories)
    .where(
      scope.where(
        categories,
        eq(categories.slug, slug),
        exceptId === undefined ? undefined : sql`${categories.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type AdminCategoryOrdering = Ordering<'id' | 'position' | 'name' | 'created_at'>;

function adminCategoryColumn(ordering: AdminCategoryOrdering) {
  switch (ordering) {
    case 'name':
    case '-name':
      return categories.name;
    case 'created_at':
    case '-created_at':
      return categories.createdAt;
    case 'id':
    case '-id':
      return categories.id;
    default:
      return categories.position;
  }
}

export type AdminCategoryRow = CategoryRow & { productCount: number };

function productCount(scope: TenantScope) {
  return sql<number>`(select count(*)::int from ${products}
     where ${scope.where(products, eq(products.categoryId, categories.id))})`;
}

/** A page of the shop's categories with the number of their products, and the total. */
export async function listAdminCategories(
  scope: TenantScope,
  filter: { search?: string },
  page: { ordering: AdminCategoryOrdering; limit: number; offset: number },
): Promise<{ rows: AdminCategoryRow[]; count: number }> {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  const where = scope.where(
    categories,
    pattern ? or(ilike(categories.name, pattern), ilike(categories.slug, pattern)) : undefined,
  );
  const order = direction(page.ordering);
  const [total] = await scope.db.select({ count: sql<number>`count(*)::int` }).from(categories).where(where);
  const rows = await scope.db
    .select({ category: categories, productCount: productCount(scope) })
    .from(categories)
    .where(where)
    .orderBy(order(adminCategoryColumn(page.ordering)), order(categories.name), order(categories.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: rows.map((row) => ({ ...row.category, productCount: Number(row.productCount) })),
    count: total?.count ?? 0,
  };
}

export async function findAdminCategory(scope: TenantScope, id: number): Promise<AdminCategoryRow | null> {
  const [row] = await scope.db
    .select({ category: categories, productCount: productCount(scope) })
    .from(categories)
    .where(scope.where(categories, eq(categories.id, id)))
    .limit(1);
  return row ? { ...row.category, productCount: Number(row.productCount) } : null;
}

export async function updateCategory(
  scope: TenantScope,
  id: number,
  changes: { slug?: string; name?: string; description?: string; position?: number; ageRestricted?: boolean },
): Promise<void> {
  const clean =
    changes.description === undefined ? changes : { ...changes, description: sanitizeRichText(changes.description) };
  if (Object.keys(clean).length === 0) return;
  await scope.db
    .update(categories)
    .set(clean)
    .where(scope.where(categories, eq(categories.id, id)));
}

export async function categoryHasProducts(scope: TenantScope, id: number): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: products.id })
    .from(products)
    .where(scope.where(products, eq(products.categoryId, id)))
    .limit(1);
  return row !== undefined;
}

export async function deleteCategory(scope: TenantScope, id: number): Promise<void> {
  await scope.db.delete(categories).where(scope.where(categories, eq(categories.id, id)));
}

/** The shop's category slugs that are `base` or `base-<something>`: those a slug derived from `base` must avoid. */
export async function categorySlugsLike(scope: TenantScope, base: string): Promise<Set<string>> {
  const rows = await scope.db
    .select({ slug: categories.slug })
    .from(categories)
    .where(scope.where(categories, or(eq(categories.slug, base), like(categories.slug, `${base}-%`))));
  return new Set(rows.map((row) => row.slug));
}
