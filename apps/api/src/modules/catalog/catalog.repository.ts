import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  categories,
  mediaImages,
  productAttributes,
  productImages,
  productReviews,
  products,
  searchSynonyms,
  users,
} from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import type { SearchPlan } from './catalog.search.ts';

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type AttributeRow = typeof productAttributes.$inferSelect;
export type ReviewRow = typeof productReviews.$inferSelect;

/** A product of a list with what its card shows: category and main image, in one row. */
export type ProductSummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

export type ProductSort = 'price' | '-price' | 'name' | '-name' | 'created_at' | '-created_at' | 'relevance';

export interface ProductFilter {
  categorySlug?: string;
  search?: SearchPlan;
  featured?: boolean;
  discounted?: boolean;
}

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

function selectSummaries(scope: TenantScope) {
  return scope.db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      priceBeforeDiscountCents: products.priceBeforeDiscountCents,
      stock: products.stock,
      isActive: products.isActive,
      reviewCount: products.reviewCount,
      ratingSum: products.ratingSum,
      mainImageAlt: products.mainImageAlt,
      categoryName: categories.name,
      categorySlug: categories.slug,
      image: {
        imageKey: mediaImages.imageKey,
        thumbKey: mediaImages.thumbKey,
        width: mediaImages.width,
        height: mediaImages.height,
        thumbWidth: mediaImages.thumbWidth,
        thumbHeight: mediaImages.thumbHeight,
      },
    })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .leftJoin(mediaImages, and(eq(mediaImages.tenantId, products.tenantId), eq(mediaImages.id, products.mainImageId)));
}

function tsQuery(text: string): SQL {
  return sql`to_tsquery('english', ${text})`;
}

function filterConditions(scope: TenantScope, filter: ProductFilter): SQL {
  // NOTE: the public catalog only ever shows active products; every read below goes through this.
  const conditions: SQL[] = [eq(products.isActive, true)];
  if (filter.categorySlug !== undefined) conditions.push(eq(categories.slug, filter.categorySlug));
  if (filter.featured) conditions.push(eq(products.isFeatured, true));
  if (filter.discounted) conditions.push(sql`${products.priceBeforeDiscountCents} > ${products.priceCents}`);
  if (filter.search) {
    conditions.push(
      // Both operators use their GIN index; `%>` keeps texts whose best-matching words are at least
      // pg_trgm.word_similarity_threshold (0.6) alike: a misspelling, not another word.
      sql`(${products.searchVector} @@ ${tsQuery(filter.search.any)} or ${products.searchText} %> ${filter.search.text})`,
    );
  }
  return scope.where(products, ...conditions);
}

function relevance(search: SearchPlan): SQL {
  // Every concept matched beats some; then weighted rank (name A … description D); then closeness of spelling.
  return sql`(case when ${products.searchVector} @@ ${tsQuery(search.all)} then 1 else 0 end
    + ts_rank(${products.searchVector}, ${tsQuery(search.any)})
    + word_similarity(${search.text}, ${products.searchText}))`;
}

function orderBy(sort: ProductSort, search: SearchPlan | undefined): SQL[] {
  switch (sort) {
    case 'price':
      return [asc(products.priceCents), asc(products.id)];
    case '-price':
      return [desc(products.priceCents), desc(products.id)];
    case 'name':
      return [asc(products.name), asc(products.id)];
    case '-name':
      return [desc(products.name), desc(products.id)];
    case 'created_at':
      return [asc(products.createdAt), asc(products.id)];
    case 'relevance':
      return search ? [desc(relevance(search)), asc(products.id)] : orderBy('-created_at', undefined);
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

/** Active products matching `filter`, in `sort` order; one query whatever the page size. */
export async function listProductSummaries(
  scope: TenantScope,
  filter: ProductFilter,
  sort: ProductSort,
  page?: { limit: number; offset: number },
): Promise<ProductSummaryRow[]> {
  const query = selectSummaries(scope)
    .where(filterConditions(scope, filter))
    .orderBy(...orderBy(sort, filter.search));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countProducts(scope: TenantScope, filter: ProductFilter): Promise<number> {
  const [row] = await scope.db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .where(filterConditions(scope, filter));
  return row?.count ?? 0;
}

export async function findActiveProductBySlug(scope: TenantScope, slug: string) {
  const [row] = await selectSummaries(scope)
    .where(scope.where(products, eq(products.isActive, true), eq(products.slug, slug)))
    .limit(1);
  if (!row) return null;
  const [extra] = await scope.db
    .select({ longHtmlDescription: products.longHtmlDescription })
    .from(products)
    .where(scope.where(products, eq(products.id, row.id)));
  return { ...row, longHtmlDescription: extra?.longHtmlDescription ?? '' };
}

export async function findActiveProductById(scope: TenantScope, id: number): Promise<{ id: number } | null> {
  const [row] = await scope.db
    .select({ id: products.id })
    .from(products)
    .where(scope.where(products, eq(products.id, id), eq(products.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** The attributes of many products in one query, in display order. */
export async function listAttributes(scope: TenantScope, productIds: number[]): Promise<AttributeRow[]> {
  if (productIds.length === 0) return [];
  return scope.db
    .select()
    .from(productAttributes)
    .where(scope.where(productAttributes, inArray(productAttributes.productId, productIds)))
    .orderBy(asc(productAttributes.productId), asc(productAttributes.order), asc(productAttributes.id));
}

export async function listProductImages(scope: TenantScope, productId: number) {
  return scope.db
    .select({
      id: productImages.id,
      altText: productImages.altText,
      order: productImages.order,
      imageKey: mediaImages.imageKey,
      width: mediaImages.width,
      height: mediaImages.height,
    })
    .from(productImages)
    .innerJoin(
      mediaImages,
      and(eq(mediaImages.tenantId, productImages.tenantId), eq(mediaImages.id, productImages.imageId)),
    )
    .where(scope.where(productImages, eq(productImages.productId, productId)))
    .orderBy(asc(productImages.order), asc(productImages.id));
}

export type ReviewWithUser = ReviewRow & { username: string };

const reviewColumns = {
  tenantId: productReviews.tenantId,
  id: productReviews.id,
  productId: productReviews.productId,
  userId: productReviews.userId,
  rating: productReviews.rating,
  comment: productReviews.comment,
  isVerifiedPurchase: productReviews.isVerifiedPurchase,
  createdAt: productReviews.createdAt,
  username: users.username,
};

export async function listReviews(scope: TenantScope, productId: number): Promise<ReviewWithUser[]> {
  return scope.db
    .select(reviewColumns)
    .from(productReviews)
    .innerJoin(users, and(eq(users.tenantId, productReviews.tenantId), eq(users.id, productReviews.userId)))
    .where(scope.where(productReviews, eq(productReviews.productId, productId)))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id));
}

export async function findReview(
  scope: TenantScope,
  productId: number,
  userId: number,
): Promise<{ id: number } | null> {
  const [row] = await scope.db
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(scope.where(productReviews, eq(productReviews.productId, productId), eq(productReviews.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Adds a review and counts it on its product. Null when the customer already reviewed it (the unique index
 * decides, so two racing requests cannot both succeed).
 */
export async function insertReview(
  scope: TenantScope,
  values: { productId: number; userId: number; rating: number; comment: string; isVerifiedPurchase: boolean },
): Promise<ReviewWithUser | null> {
  const [row] = await scope.db
    .insert(productReviews)
    .values(scope.values(values))
    .onConflictDoNothing()
    .returning({ id: productReviews.id });
  if (!row) return null;
  await scope.db
    .update(products)
    .set({
      reviewCount: sql`${products.reviewCount} + 1`,
      ratingSum: sql`${products.ratingSum} + ${values.rating}`,
    })
    .where(scope.where(products, eq(products.id, values.productId)));
  const [review] = await scope.db
    .select(reviewColumns)
    .from(productReviews)
    .innerJoin(users, and(eq(users.tenantId, productReviews.tenantId), eq(users.id, productReviews.userId)))
    .where(scope.where(productReviews, eq(productReviews.id, row.id)));
  return review ?? null;
}

export async function listSynonymGroups(scope: TenantScope): Promise<string[][]> {
  const rows = await scope.db
    .select({ terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .where(scope.where(searchSynonyms));
  return rows.map((row) => row.terms);
}

// Writes used by the seed and the test builders (an admin API will use them too).

export async function insertCategory(
  scope: TenantScope,
  values: { slug: string; name: string; description?: string; position?: number },
): Promise<CategoryRow> {
  const [row] = await scope.db.insert(categories).values(scope.values(values)).returning();
  if (!row) throw new Error('category insert returned nothing');
  return row;
}

export type NewProduct = Omit<
  typeof products.$inferInsert,
  'tenantId' | 'id' | 'searchVector' | 'searchText' | 'reviewCount' | 'ratingSum' | 'createdAt' | 'updatedAt'
>;

export async function insertProducts(scope: TenantScope, values: NewProduct[]): Promise<ProductRow[]> {
  if (values.length === 0) return [];
  return scope.db
    .insert(products)
    .values(values.map((value) => scope.values(value)))
    .returning();
}

export async function insertAttributes(
  scope: TenantScope,
  values: { productId: number; key: string; value: string; order: number }[],
): Promise<void> {
  if (values.length === 0) return;
  await scope.db.insert(productAttributes).values(values.map((value) => scope.values(value)));
}

export async function insertProductImages(
  scope: TenantScope,
  values: { productId: number; imageId: number; altText: string; order: number }[],
): Promise<void> {
  if (values.length === 0) return;
  await scope.db.insert(productImages).values(values.map((value) => scope.values(value)));
}

export async function setProductActive(scope: TenantScope, productId: number, isActive: boolean): Promise<void> {
  await scope.db
    .update(products)
    .set({ isActive, updatedAt: new Date() })
    .where(scope.where(products, eq(products.id, productId)));
}

export async function insertSynonymGroups(scope: TenantScope, groups: string[][]): Promise<void> {
  if (groups.length === 0) return;
  await scope.db.insert(searchSynonyms).values(groups.map((terms) => scope.values({ terms })));
}
