import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  categories,
  mediaImages,
  productAttributes,
  productImages,
  productReviews,
  products,
  searchSynonyms,
  searchWords,
  users,
} from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import type { SearchPlan } from './catalog.search.ts';

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ReviewRow = typeof productReviews.$inferSelect;

/** A product of a list with what its card shows: category and main image, in one row. */
export type ProductSummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

export interface AttributeJson {
  id: number;
  key: string;
  value: string;
  order: number;
}

export interface ImageJson {
  id: number;
  alt_text: string;
  order: number;
  image_key: string;
  width: number;
  height: number;
}

export interface ReviewJson {
  id: number;
  product_id: number;
  rating: number;
  comment: string;
  is_verified_purchase: boolean;
  created_at: string;
  username: string;
}

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

function summaryColumns(scope: TenantScope) {
  return {
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
    // Correlated aggregate: the attributes come in the same statement, whatever the number of products.
    attributes: sql<AttributeJson[]>`(
        select coalesce(json_agg(json_build_object('id', ${productAttributes.id}, 'key', ${productAttributes.key},
                                                   'value', ${productAttributes.value}, 'order', ${productAttributes.order})
                                 order by ${productAttributes.order}, ${productAttributes.id}), '[]'::json)
          from ${productAttributes}
         where ${scope.where(productAttributes, eq(productAttributes.productId, products.id))})`,
    image: {
      imageKey: mediaImages.imageKey,
      thumbKey: mediaImages.thumbKey,
      width: mediaImages.width,
      height: mediaImages.height,
      thumbWidth: mediaImages.thumbWidth,
      thumbHeight: mediaImages.thumbHeight,
    },
  };
}

/** The pictures of a product page: named apart from the main image's `media_images` of the outer statement. */
const pictureFiles = alias(mediaImages, 'picture_files');

function selectSummaries(scope: TenantScope) {
  return scope.db
    .select(summaryColumns(scope))
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
  if (filter.search?.strict) {
    conditions.push(sql`${products.searchVector} @@ ${tsQuery(filter.search.all)}`);
  } else if (filter.search) {
    conditions.push(
      // Both operators use their GIN index; `%>` keeps texts whose best-matching words are at least
      // pg_trgm.word_similarity_threshold (0.45) alike: a misspelling, not another word.
      sql`(${products.searchVector} @@ ${tsQuery(filter.search.any)} or ${products.searchText} %> ${filter.search.text})`,
    );
  }
  return scope.where(products, ...conditions);
}

function relevance(search: SearchPlan): SQL {
  // Candidates that all hold every concept differ by weighted rank alone (their spelling is the query's).
  if (search.strict) return sql`ts_rank(${products.searchVector}, ${tsQuery(search.any)})`;
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
  const order = orderBy(sort, filter.search);
  if (!page)
    return selectSummaries(scope)
      .where(filterConditions(scope, filter))
      .orderBy(...order);
  // The page's ids first, then the page's rows: the attributes are aggregated for its products only, not for every
  // row an offset skips.
  const pageIds = scope.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .where(filterConditions(scope, filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return selectSummaries(scope)
    .where(scope.where(products, inArray(products.id, pageIds)))
    .orderBy(...order);
}

/** Whether at least `count` active products match `filter` (stops counting there). */
export async function hasProductsMatching(scope: TenantScope, filter: ProductFilter, count: number): Promise<boolean> {
  const matches = scope.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .where(filterConditions(scope, filter))
    .limit(count)
    .as('matches');
  const [row] = await scope.db.select({ found: sql<number>`count(*)::int` }).from(matches);
  return (row?.found ?? 0) >= count;
}

export async function countProducts(scope: TenantScope, filter: ProductFilter): Promise<number> {
  const [row] = await scope.db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .where(filterConditions(scope, filter));
  return row?.count ?? 0;
}

/** An active product with its long description, images, attributes and reviews, in one statement. */
export async function findActiveProductBySlug(scope: TenantScope, slug: string) {
  const [row] = await scope.db
    .select({
      ...summaryColumns(scope),
      longHtmlDescription: products.longHtmlDescription,
      images: sql<ImageJson[]>`(
        select coalesce(json_agg(json_build_object('id', ${productImages.id}, 'alt_text', ${productImages.altText},
                                                   'order', ${productImages.order}, 'image_key', ${pictureFiles.imageKey},
                                                   'width', ${pictureFiles.width}, 'height', ${pictureFiles.height})
                                 order by ${productImages.order}, ${productImages.id}), '[]'::json)
          from ${productImages}
          join ${mediaImages} as ${pictureFiles} on ${scope.where(pictureFiles, eq(pictureFiles.id, productImages.imageId))}
         where ${scope.where(productImages, eq(productImages.productId, products.id))})`,
      reviews: sql<ReviewJson[]>`(
        select coalesce(json_agg(json_build_object('id', ${productReviews.id}, 'product_id', ${productReviews.productId},
                                                   'rating', ${productReviews.rating}, 'comment', ${productReviews.comment},
                                                   'is_verified_purchase', ${productReviews.isVerifiedPurchase},
                                                   'created_at', ${productReviews.createdAt}, 'username', ${users.username})
                                 order by ${productReviews.createdAt} desc, ${productReviews.id} desc), '[]'::json)
          from ${productReviews}
          join ${users} on ${scope.where(users, eq(users.id, productReviews.userId))}
         where ${scope.where(productReviews, eq(productReviews.productId, products.id))})`,
    })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .leftJoin(mediaImages, and(eq(mediaImages.tenantId, products.tenantId), eq(mediaImages.id, products.mainImageId)))
    .where(scope.where(products, eq(products.isActive, true), eq(products.slug, slug)))
    .limit(1);
  return row ?? null;
}

export async function findActiveProductById(scope: TenantScope, id: number): Promise<{ id: number } | null> {
  const [row] = await scope.db
    .select({ id: products.id })
    .from(products)
    .where(scope.where(products, eq(products.id, id), eq(products.isActive, true)))
    .limit(1);
  return row ?? null;
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

/** How alike (trigram similarity) a catalog word must be to a misspelled one to stand for it. */
const CORRECTION_MIN_SIMILARITY = 0.4;

/**
 * For each word the catalog holds neither whole nor as the start of a word, the catalog's closest words by trigram
 * similarity (a misspelling's likely meaning): at most `limit` each, closest first.
 */
export async function closestCatalogWords(
  scope: TenantScope,
  words: string[],
  limit = 2,
): Promise<Map<string, string[]>> {
  const closest = new Map<string, string[]>();
  if (words.length === 0) return closest;
  const rows = await scope.rows<{ query: string; word: string }>(sql`
    select q.word as query, s.word
      from unnest(${sql.param(words)}::text[]) as q(word)
      cross join lateral (
        select ${searchWords.word} as word from ${searchWords}
         where ${scope.where(searchWords, sql`similarity(${searchWords.word}, q.word) >= ${CORRECTION_MIN_SIMILARITY}`)}
         order by similarity(${searchWords.word}, q.word) desc, ${searchWords.word}
         limit ${limit}) s
     where not exists (
       select 1 from ${searchWords} where ${scope.where(searchWords, sql`starts_with(${searchWords.word}, q.word)`)})`);
  for (const row of rows) {
    closest.set(row.query, [...(closest.get(row.query) ?? []), row.word]);
  }
  return closest;
}

export async function listSynonymGroups(scope: TenantScope): Promise<string[][]> {
  const rows = await scope.db
    .select({ terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .where(scope.where(searchSynonyms));
  return rows.map((row) => row.terms);
}

// Writes used by the seed and the test builders (an admin API will use them too).
// NOTE: they are the only write paths of the catalog's HTML (category description, product long description), so
// they sanitize it themselves: the storefront renders it on the server as it is stored.

export async function insertCategory(
  scope: TenantScope,
  values: { slug: string; name: string; description?: string; position?: number },
): Promise<CategoryRow> {
  const clean =
    values.description === undefined ? values : { ...values, description: sanitizeRichText(values.description) };
  const [row] = await scope.db.insert(categories).values(scope.values(clean)).returning();
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
    .values(
      values.map((value) =>
        scope.values(
          value.longHtmlDescription == null
            ? value
            : { ...value, longHtmlDescription: sanitizeRichText(value.longHtmlDescription) },
        ),
      ),
    )
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
