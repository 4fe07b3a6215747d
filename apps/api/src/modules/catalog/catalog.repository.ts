import { and, asc, desc, eq, gt, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
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
import { type SearchPlan, spellingLookups } from './catalog.search.ts';

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
  variant_widths: number[];
}

export interface ReviewJson {
  id: number;
  product_id: number;
  rating: number;
  comment: string;
  is_verified_purchase: boolean;
  created_at: string;
  username: string;
  user_id: number;
}

export type ProductSort =
  | 'price'
  | '-price'
  | 'name'
  | '-name'
  | 'created_at'
  | '-created_at'
  | 'rating'
  | '-rating'
  | 'relevance';

export interface ProductFilter {
  categorySlug?: string;
  search?: SearchPlan;
  featured?: boolean;
  discounted?: boolean;
  /** Bounds of the current price, in minor units, inclusive. */
  minPriceCents?: number;
  maxPriceCents?: number;
  inStock?: boolean;
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
      variantWidths: mediaImages.variantWidths,
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

/**
 * The products a search finds. Strict: those with every concept; else those with any, and (unless `fullTextOnly`)
 * those whose text has words at least pg_trgm.word_similarity_threshold (0.45) alike (`%>`): a misspelling, not
 * another word. Under row-level security the planner compares every row for these operators rather than use their
 * indexes; so the trigram comparison, tens of microseconds a row, comes from its index through migration 0061's
 * function, and so do the few products with the words (`candidates`); many are cheaper read in full.
 */
function searchMatches(search: SearchPlan): SQL {
  const anyWords = search.candidates
    ? sql`${products.id} = any(${sql.param(search.candidates)}::int[])`
    : sql`${products.searchVector} @@ ${tsQuery(search.any)}`;
  if (search.strict) {
    // Every product with every concept has one of them.
    const everyWord = sql`${products.searchVector} @@ ${tsQuery(search.all)}`;
    return search.candidates ? sql`(${anyWords} and ${everyWord})` : everyWord;
  }
  if (search.fullTextOnly) return anyWords;
  const similar = sql`select * from catalog_search_similar(${search.text}::text)`;
  // One list of ids: the products are read by their key, not compared one by one.
  if (search.candidates) {
    return sql`${products.id} = any(${sql.param(search.candidates)}::int[] || array(${similar}))`;
  }
  return sql`(${anyWords} or ${products.id} in (${similar}))`;
}

/**
 * The ids of the shop's active products with one of the concepts of `search`, from the full-text index (migration
 * 0061); null when there are more than `max`.
 */
export async function findSearchCandidates(scope: TenantScope, search: SearchPlan, max: number) {
  const rows = await scope.rows<{ id: number }>(
    sql`select id from catalog_search_matching(${tsQuery(search.any)}, ${max + 1}::int) as found(id)`,
  );
  return rows.length > max ? null : rows.map((row) => Number(row.id));
}

function categoryCondition(filter: ProductFilter): SQL | undefined {
  return filter.categorySlug === undefined ? undefined : eq(categories.slug, filter.categorySlug);
}

function priceCondition(filter: ProductFilter): SQL | undefined {
  return and(
    filter.minPriceCents === undefined ? undefined : gte(products.priceCents, filter.minPriceCents),
    filter.maxPriceCents === undefined ? undefined : lte(products.priceCents, filter.maxPriceCents),
  );
}

/** The filter's conditions; `facets` leaves out the category and price conditions (the facets count them apart). */
function filterConditions(scope: TenantScope, filter: ProductFilter, facets = false): SQL {
  // NOTE: the public catalog only ever shows active products; every read below goes through this.
  const conditions: SQL[] = [eq(products.isActive, true)];
  const category = facets ? undefined : categoryCondition(filter);
  if (category) conditions.push(category);
  if (filter.featured) conditions.push(eq(products.isFeatured, true));
  if (filter.discounted) conditions.push(sql`${products.priceBeforeDiscountCents} > ${products.priceCents}`);
  const price = facets ? undefined : priceCondition(filter);
  if (price) conditions.push(price);
  if (filter.inStock) conditions.push(gt(products.stock, 0));
  if (filter.search) conditions.push(searchMatches(filter.search));
  return scope.where(products, ...conditions);
}

function relevance(search: SearchPlan): SQL {
  // By intent, in tiers: every concept in the name; in the name, category or attribute values; anywhere
  // (description too). A product whose name's head word is what the query names (a khukuri, not a sheath for one)
  // and that holds every concept gains less than a tier: it goes above the accessories for it, not above a product
  // that names the whole query. Within a tier, weighted rank and closeness of spelling (together below 2).
  // NOTE: a strict search's candidates all hold every concept: the tests that say so are left out (the same tiers,
  // two full-text matches a row fewer).
  const every = search.strict ? sql`true` : sql`${products.searchVector} @@ ${tsQuery(search.all)}`;
  const tiers = search.noneHasEvery
    ? sql`0`
    : sql`(case when ${products.searchVector} @@ ${tsQuery(search.name)} then 16
           when ${products.searchVector} @@ ${tsQuery(search.fields)} then 8
           when ${every} then 4 else 0 end
    + case when ${products.searchHead} @@ ${tsQuery(search.any)} and ${every} then 6 else 0 end)`;
  if (search.strict || search.fullTextOnly) {
    return sql`(${tiers} + ts_rank(${products.searchVector}, ${tsQuery(search.any)}))`;
  }
  return sql`(${tiers} + ts_rank(${products.searchVector}, ${tsQuery(search.any)})
    + word_similarity(${search.text}, ${products.searchText}))`;
}

// NOTE: the same expression as the index `products_active_rating` (migration 0042), so that the index serves it.
const averageRating = sql`(${products.ratingSum}::numeric / nullif(${products.reviewCount}, 0))`;

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
    // Unreviewed products come last both ways: no rating is neither the best nor the worst. Among equal averages,
    // the one more customers reviewed comes first.
    case '-rating':
      return [sql`${averageRating} desc nulls last`, desc(products.reviewCount), desc(products.id)];
    case 'rating':
      return [sql`${averageRating} asc nulls last`, desc(products.reviewCount), asc(products.id)];
    case 'relevance':
      // Stock, then rating, break ties of relevance.
      return search
        ? [
            desc(relevance(search)),
            sql`(${products.stock} > 0) desc`,
            sql`${averageRating} desc nulls last`,
            asc(products.id),
          ]
        : orderBy('-created_at', undefined);
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

/**
 * How many active products matching `filter` have every concept of its search, and how many have any (texts only
 * alike left out): one reading of the products, from which the service decides how strict the search is and counts.
 */
export async function countSearchMatches(
  scope: TenantScope,
  filter: ProductFilter & { search: SearchPlan },
): Promise<{ every: number; any: number }> {
  const [row] = await scope.db
    .select({
      every: sql<number>`(count(*) filter (where ${products.searchVector} @@ ${tsQuery(filter.search.all)}))::int`,
      any: sql<number>`count(*)::int`,
    })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .where(filterConditions(scope, { ...filter, search: { ...filter.search, strict: false, fullTextOnly: true } }));
  return { every: row?.every ?? 0, any: row?.any ?? 0 };
}

export async function countProducts(scope: TenantScope, filter: ProductFilter): Promise<number> {
  const [row] = await scope.db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .where(filterConditions(scope, filter));
  return row?.count ?? 0;
}

/** The lower bound of a price's band on the 1–2–5 ladder, in minor units: 0 below one major unit (100). */
// Powers of ten are exact in double precision far beyond any price (2^53).
const priceStep = sql`(10::float8 ^ (length(${products.priceCents}::text) - 1))::bigint`;
const priceBandFloor = sql<number>`(case when ${products.priceCents} < 100 then 0
  when ${products.priceCents} >= 5 * ${priceStep} then 5 * ${priceStep}
  when ${products.priceCents} >= 2 * ${priceStep} then 2 * ${priceStep} else ${priceStep} end)`;

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

/** An active product with its long description, images, attributes and reviews, in one statement. */
export async function findActiveProductBySlug(scope: TenantScope, slug: string) {
  const [row] = await scope.db
    .select({
      ...summaryColumns(scope),
      longHtmlDescription: products.longHtmlDescription,
      images: sql<ImageJson[]>`(
        select coalesce(json_agg(json_build_object('id', ${productImages.id}, 'alt_text', ${productImages.altText},
                                                   'order', ${productImages.order}, 'image_key', ${pictureFiles.imageKey},
                                                   'width', ${pictureFiles.width}, 'height', ${pictureFiles.height},
                                                   'variant_widths', ${pictureFiles.variantWidths})
                                 order by ${productImages.order}, ${productImages.id}), '[]'::json)
          from ${productImages}
          join ${mediaImages} as ${pictureFiles} on ${scope.where(pictureFiles, eq(pictureFiles.id, productImages.imageId))}
         where ${scope.where(productImages, eq(productImages.productId, products.id))})`,
      reviews: sql<ReviewJson[]>`(
        select coalesce(json_agg(json_build_object('id', ${productReviews.id}, 'product_id', ${productReviews.productId},
                                                   'rating', ${productReviews.rating}, 'comment', ${productReviews.comment},
                                                   'is_verified_purchase', ${productReviews.isVerifiedPurchase},
                                                   'created_at', ${productReviews.createdAt}, 'username', ${users.displayName},
                                                   'user_id', ${productReviews.userId})
                                 order by ${productReviews.createdAt} desc, ${productReviews.id} desc), '[]'::json)
          from ${productReviews}
          join ${users} on ${scope.where(users, eq(users.id, productReviews.userId))}
         where ${scope.where(productReviews, eq(productReviews.productId, products.id), eq(productReviews.isHidden, false))})`,
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

/** A review with its author's public name (the display name; the wire calls it `user.username`). */
export type ReviewWithUser = ReviewRow & { username: string };

const reviewColumns = {
  tenantId: productReviews.tenantId,
  id: productReviews.id,
  productId: productReviews.productId,
  userId: productReviews.userId,
  rating: productReviews.rating,
  comment: productReviews.comment,
  isVerifiedPurchase: productReviews.isVerifiedPurchase,
  isHidden: productReviews.isHidden,
  createdAt: productReviews.createdAt,
  username: users.displayName,
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
 * For each of `words` (a search's, `correctableWords`: a bounded few) the catalog holds neither whole nor as the start
 * of a word, the catalog's words it may mean: those it is an inflection or a two-letter swap of ("kardas", "chakmka";
 * `SEARCH_LIMITS.variants` spellings looked up at most) first, then the closest by trigram similarity, at most
 * `limit` of these. Every such word has an entry, possibly empty.
 */
export async function closestCatalogWords(
  scope: TenantScope,
  words: string[],
  limit = 2,
): Promise<Map<string, string[]>> {
  const closest = new Map<string, string[]>();
  if (words.length === 0) return closest;
  const pairs = spellingLookups(words);
  // One statement: the closest words by trigram (a row with no word: none is close), then the variants held whole.
  const rows = await scope.rows<{ query: string; word: string | null; variant: boolean }>(sql`
    with unknown as (
      select q.word from unnest(${sql.param(words)}::text[]) as q(word)
       where not exists (
         select 1 from ${searchWords} where ${scope.where(searchWords, sql`starts_with(${searchWords.word}, q.word)`)}))
    select unknown.word as query, s.word, false as variant
      from unknown
      left join lateral (
        select ${searchWords.word} as word from ${searchWords}
         where ${scope.where(searchWords, sql`similarity(${searchWords.word}, unknown.word) >= ${CORRECTION_MIN_SIMILARITY}`)}
         order by similarity(${searchWords.word}, unknown.word) desc, ${searchWords.word}
         limit ${limit}) s on true
    union all
    select v.word, ${searchWords.word}, true
      from unnest(${sql.param(pairs.map((pair) => pair.word))}::text[],
                  ${sql.param(pairs.map((pair) => pair.form))}::text[]) as v(word, form)
      join unknown on unknown.word = v.word
      join ${searchWords} on ${scope.where(searchWords, sql`${searchWords.word} = v.form`)}`);
  const held = new Set<string>();
  for (const row of rows) {
    if (row.variant) {
      held.add(row.word as string);
    } else {
      closest.set(row.query, [...(closest.get(row.query) ?? []), ...(row.word ? [row.word] : [])]);
    }
  }
  for (const word of words) {
    const found = pairs.filter((pair) => pair.word === word && held.has(pair.form)).map((pair) => pair.form);
    if (closest.has(word) && found.length > 0) {
      closest.set(word, [...new Set([...found, ...(closest.get(word) ?? [])])]);
    }
  }
  return closest;
}

/**
 * For each word the catalog holds neither whole nor as the start of a word, up to 50 catalog words that look
 * somewhat like it (trigram similarity above 0.15, or the same first letter and a length within two), closest
 * first: candidates for a suggestion, not for search.
 */
export async function looselySimilarCatalogWords(scope: TenantScope, words: string[]): Promise<Map<string, string[]>> {
  const similar = new Map<string, string[]>();
  if (words.length === 0) return similar;
  const rows = await scope.rows<{ query: string; word: string }>(sql`
    select q.word as query, s.word
      from unnest(${sql.param(words)}::text[]) as q(word)
      cross join lateral (
        select ${searchWords.word} as word from ${searchWords}
         where ${scope.where(
           searchWords,
           sql`(similarity(${searchWords.word}, q.word) > 0.15
             or (left(${searchWords.word}, 1) = left(q.word, 1) and abs(length(${searchWords.word}) - length(q.word)) <= 2))`,
         )}
         order by similarity(${searchWords.word}, q.word) desc, ${searchWords.word}
         limit 50) s
     where not exists (
       select 1 from ${searchWords} where ${scope.where(searchWords, sql`starts_with(${searchWords.word}, q.word)`)})`);
  for (const row of rows) similar.set(row.query, [...(similar.get(row.query) ?? []), row.word]);
  return similar;
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

// The catalog's administration: every product (active or not), categories with their products counted, reviews to
// moderate. Writes of HTML sanitize it here too, like the writes above.

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type Direction = typeof asc;

function direction(ordering: string): Direction {
  return ordering.startsWith('-') ? desc : asc;
}

export interface AdminProductFilter {
  categoryId?: number;
  isActive?: boolean;
  lowStock?: boolean;
  /** Text found in the name or the slug. */
  search?: string;
}

export type AdminProductOrdering =
  | 'name'
  | '-name'
  | 'price'
  | '-price'
  | 'stock'
  | '-stock'
  | 'created_at'
  | '-created_at';

const ADMIN_PRODUCT_COLUMNS = {
  name: products.name,
  price: products.priceCents,
  stock: products.stock,
  created_at: products.createdAt,
} as const;

function adminProductColumn(ordering: AdminProductOrdering) {
  switch (ordering) {
    case 'name':
    case '-name':
      return ADMIN_PRODUCT_COLUMNS.name;
    case 'price':
    case '-price':
      return ADMIN_PRODUCT_COLUMNS.price;
    case 'stock':
    case '-stock':
      return ADMIN_PRODUCT_COLUMNS.stock;
    default:
      return ADMIN_PRODUCT_COLUMNS.created_at;
  }
}

function adminProductWhere(scope: TenantScope, filter: AdminProductFilter): SQL {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  return scope.where(
    products,
    filter.categoryId === undefined ? undefined : eq(products.categoryId, filter.categoryId),
    filter.isActive === undefined ? undefined : eq(products.isActive, filter.isActive),
    filter.lowStock === undefined
      ? undefined
      : filter.lowStock
        ? sql`${products.stock} <= ${products.lowStockThreshold}`
        : sql`${products.stock} > ${products.lowStockThreshold}`,
    pattern ? or(ilike(products.name, pattern), ilike(products.slug, pattern)) : undefined,
  );
}

const mainImageJoin = and(eq(mediaImages.tenantId, products.tenantId), eq(mediaImages.id, products.mainImageId));

/** A product of the admin list, with its main image's file. */
export type AdminProductRow = ProductRow & { mainImageKey: string | null };

/** A page of the shop's products (active or not), filtered and ordered, with the total. */
export async function listAdminProducts(
  scope: TenantScope,
  filter: AdminProductFilter,
  page: { ordering: AdminProductOrdering; limit: number; offset: number },
): Promise<{ rows: AdminProductRow[]; count: number }> {
  const where = adminProductWhere(scope, filter);
  const order = direction(page.ordering);
  const [total] = await scope.db.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
  const rows = await scope.db
    .select({ product: products, mainImageKey: mediaImages.imageKey })
    .from(products)
    .leftJoin(mediaImages, mainImageJoin)
    .where(where)
    .orderBy(order(adminProductColumn(page.ordering)), order(products.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map((row) => ({ ...row.product, mainImageKey: row.mainImageKey })), count: total?.count ?? 0 };
}

/** One product of the shop (active or not), with its main image's file. */
export async function findAdminProduct(scope: TenantScope, id: number): Promise<AdminProductRow | null> {
  const [row] = await scope.db
    .select({ product: products, mainImageKey: mediaImages.imageKey })
    .from(products)
    .leftJoin(mediaImages, mainImageJoin)
    .where(scope.where(products, eq(products.id, id)))
    .limit(1);
  return row ? { ...row.product, mainImageKey: row.mainImageKey } : null;
}

/** Locks a product's row until the transaction ends (null when the shop has no such product). */
export async function lockProduct(scope: TenantScope, id: number): Promise<ProductRow | null> {
  const [row] = await scope.db
    .select()
    .from(products)
    .where(scope.where(products, eq(products.id, id)))
    .for('update');
  return row ?? null;
}

/** Whether another product of the shop has this slug. */
export async function productSlugTaken(scope: TenantScope, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: products.id })
    .from(products)
    .where(
      scope.where(
        products,
        eq(products.slug, slug),
        exceptId === undefined ? undefined : sql`${products.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The product fields staff change; never the stock, which moves through the stock ledger only. */
export type ProductChanges = Partial<
  Pick<
    NewProduct,
    | 'name'
    | 'slug'
    | 'categoryId'
    | 'description'
    | 'longHtmlDescription'
    | 'priceCents'
    | 'isActive'
    | 'lowStockThreshold'
    | 'mainImageId'
    | 'mainImageAlt'
  >
>;

export async function updateProduct(scope: TenantScope, id: number, changes: ProductChanges): Promise<void> {
  const clean =
    changes.longHtmlDescription == null
      ? changes
      : { ...changes, longHtmlDescription: sanitizeRichText(changes.longHtmlDescription) };
  await scope.db
    .update(products)
    .set({ ...clean, updatedAt: new Date() })
    .where(scope.where(products, eq(products.id, id)));
}

export async function listProductAttributes(
  scope: TenantScope,
  productId: number,
): Promise<{ key: string; value: string }[]> {
  return scope.db
    .select({ key: productAttributes.key, value: productAttributes.value })
    .from(productAttributes)
    .where(scope.where(productAttributes, eq(productAttributes.productId, productId)))
    .orderBy(asc(productAttributes.order), asc(productAttributes.id));
}

/** Replaces a product's attributes by the given list, in its order. */
export async function replaceAttributes(
  scope: TenantScope,
  productId: number,
  attributes: { key: string; value: string }[],
): Promise<void> {
  await scope.db
    .delete(productAttributes)
    .where(scope.where(productAttributes, eq(productAttributes.productId, productId)));
  await insertAttributes(
    scope,
    attributes.map((attribute, order) => ({ productId, ...attribute, order })),
  );
}

export type ProductImageRow = typeof productImages.$inferSelect;

/** A picture of a product with its files and their sizes. */
export type ProductImageFile = ProductImageRow & {
  imageKey: string;
  thumbKey: string;
  width: number;
  height: number;
};

/** A product's pictures with their files, in display order. */
export async function listProductImageFiles(scope: TenantScope, productId: number): Promise<ProductImageFile[]> {
  const rows = await scope.db
    .select({
      image: productImages,
      imageKey: mediaImages.imageKey,
      thumbKey: mediaImages.thumbKey,
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
  return rows.map(({ image, ...file }) => ({ ...image, ...file }));
}

export async function findProductImage(
  scope: TenantScope,
  productId: number,
  id: number,
): Promise<ProductImageRow | null> {
  const [row] = await scope.db
    .select()
    .from(productImages)
    .where(scope.where(productImages, eq(productImages.productId, productId), eq(productImages.id, id)))
    .limit(1);
  return row ?? null;
}

/** The position after a product's last picture. */
export async function nextImageOrder(scope: TenantScope, productId: number): Promise<number> {
  const [row] = await scope.db
    .select({ next: sql<number>`coalesce(max(${productImages.order}) + 1, 0)::int` })
    .from(productImages)
    .where(scope.where(productImages, eq(productImages.productId, productId)));
  return Number(row?.next ?? 0);
}

export async function insertProductImage(
  scope: TenantScope,
  values: { productId: number; imageId: number; altText: string; order: number },
): Promise<ProductImageRow> {
  const [row] = await scope.db.insert(productImages).values(scope.values(values)).returning();
  if (!row) throw new Error('product image insert returned nothing');
  return row;
}

export async function updateProductImage(
  scope: TenantScope,
  id: number,
  changes: { altText?: string; order?: number },
): Promise<void> {
  if (changes.altText === undefined && changes.order === undefined) return;
  await scope.db
    .update(productImages)
    .set(changes)
    .where(scope.where(productImages, eq(productImages.id, id)));
}

export async function deleteProductImage(scope: TenantScope, id: number): Promise<void> {
  await scope.db.delete(productImages).where(scope.where(productImages, eq(productImages.id, id)));
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

export type AdminCategoryOrdering = 'position' | '-position' | 'name' | '-name' | 'created_at' | '-created_at';

function adminCategoryColumn(ordering: AdminCategoryOrdering) {
  switch (ordering) {
    case 'name':
    case '-name':
      return categories.name;
    case 'created_at':
    case '-created_at':
      return categories.createdAt;
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
  changes: { slug?: string; name?: string; description?: string; position?: number },
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

export type AdminReviewOrdering = 'created_at' | '-created_at' | 'rating' | '-rating';

/** A review as staff moderate it: with its author and its product's name. */
export type AdminReviewRow = ReviewRow & { username: string; productName: string };

const adminReviewColumns = { review: productReviews, username: users.username, productName: products.name };

function selectAdminReviews(scope: TenantScope) {
  return scope.db
    .select(adminReviewColumns)
    .from(productReviews)
    .innerJoin(users, and(eq(users.tenantId, productReviews.tenantId), eq(users.id, productReviews.userId)))
    .innerJoin(
      products,
      and(eq(products.tenantId, productReviews.tenantId), eq(products.id, productReviews.productId)),
    );
}

/** A page of the shop's reviews (hidden ones too), filtered by product, visibility or text, and the total. */
export async function listAdminReviews(
  scope: TenantScope,
  filter: { productId?: number; isHidden?: boolean; search?: string },
  page: { ordering: AdminReviewOrdering; limit: number; offset: number },
): Promise<{ rows: AdminReviewRow[]; count: number }> {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  const where = scope.where(
    productReviews,
    filter.productId === undefined ? undefined : eq(productReviews.productId, filter.productId),
    filter.isHidden === undefined ? undefined : eq(productReviews.isHidden, filter.isHidden),
    pattern ? or(ilike(productReviews.comment, pattern), ilike(users.username, pattern)) : undefined,
  );
  const order = direction(page.ordering);
  const column = page.ordering.endsWith('rating') ? productReviews.rating : productReviews.createdAt;
  const [total] = await scope.db
    .select({ count: sql<number>`count(*)::int` })
    .from(productReviews)
    .innerJoin(users, and(eq(users.tenantId, productReviews.tenantId), eq(users.id, productReviews.userId)))
    .where(where);
  const rows = await selectAdminReviews(scope)
    .where(where)
    .orderBy(order(column), order(productReviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: rows.map((row) => ({ ...row.review, username: row.username, productName: row.productName })),
    count: total?.count ?? 0,
  };
}

export async function findAdminReview(scope: TenantScope, id: number): Promise<AdminReviewRow | null> {
  const [row] = await selectAdminReviews(scope)
    .where(scope.where(productReviews, eq(productReviews.id, id)))
    .limit(1);
  return row ? { ...row.review, username: row.username, productName: row.productName } : null;
}

/** Locks a review's row until the transaction ends. */
export async function lockReview(scope: TenantScope, id: number): Promise<ReviewRow | null> {
  const [row] = await scope.db
    .select()
    .from(productReviews)
    .where(scope.where(productReviews, eq(productReviews.id, id)))
    .for('update');
  return row ?? null;
}

/** Counts a review in its product's rating (`sign` 1) or takes it out (-1). */
async function countReview(scope: TenantScope, review: ReviewRow, sign: 1 | -1): Promise<void> {
  await scope.db
    .update(products)
    .set({
      reviewCount: sql`${products.reviewCount} + ${sign}`,
      ratingSum: sql`${products.ratingSum} + ${sign * review.rating}`,
    })
    .where(scope.where(products, eq(products.id, review.productId)));
}

/** Hides a (locked) review from the storefront or shows it again, keeping its product's rating in step. */
export async function setReviewHidden(scope: TenantScope, review: ReviewRow, isHidden: boolean): Promise<void> {
  if (review.isHidden === isHidden) return;
  await scope.db
    .update(productReviews)
    .set({ isHidden })
    .where(scope.where(productReviews, eq(productReviews.id, review.id)));
  await countReview(scope, review, isHidden ? -1 : 1);
}

/** Deletes a (locked) review; a visible one leaves its product's rating. */
export async function deleteReview(scope: TenantScope, review: ReviewRow): Promise<void> {
  await scope.db.delete(productReviews).where(scope.where(productReviews, eq(productReviews.id, review.id)));
  if (!review.isHidden) await countReview(scope, review, -1);
}

/** The shop's synonym groups with their ids, in the order they were made. */
export async function listSynonymRows(scope: TenantScope) {
  return scope.db
    .select({ id: searchSynonyms.id, terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .where(scope.where(searchSynonyms))
    .orderBy(asc(searchSynonyms.id));
}

export async function insertSynonymGroup(scope: TenantScope, terms: string[]) {
  const [row] = await scope.db
    .insert(searchSynonyms)
    .values(scope.values({ terms }))
    .returning({ id: searchSynonyms.id, terms: searchSynonyms.terms });
  if (!row) throw new Error('synonym insert returned nothing');
  return row;
}

/** Changes a group's words; null when the shop has no such group. */
export async function updateSynonymGroup(scope: TenantScope, id: number, terms: string[]) {
  const [row] = await scope.db
    .update(searchSynonyms)
    .set({ terms })
    .where(scope.where(searchSynonyms, eq(searchSynonyms.id, id)))
    .returning({ id: searchSynonyms.id, terms: searchSynonyms.terms });
  return row ?? null;
}

/** Deletes a group; the words it had, or null when the shop has no such group. */
export async function deleteSynonymGroup(scope: TenantScope, id: number): Promise<string[] | null> {
  const [row] = await scope.db
    .delete(searchSynonyms)
    .where(scope.where(searchSynonyms, eq(searchSynonyms.id, id)))
    .returning({ terms: searchSynonyms.terms });
  return row?.terms ?? null;
}

/** A product of the type-ahead's list: one line's worth (no description nor attributes). */
export interface CompletionProductRow {
  slug: string;
  name: string;
  priceCents: number;
  categoryName: string;
  categorySlug: string;
  thumbKey: string | null;
  thumbWidth: number | null;
  thumbHeight: number | null;
}

/**
 * What the type-ahead offers for `search`, in one statement: the first `limits.products` active products of the
 * search's relevance order, and the categories (display order, at most `limits.categories`) whose name holds every
 * concept of the search or looks like it (the search's trigram threshold).
 */
export async function listSearchCompletions(
  scope: TenantScope,
  search: SearchPlan,
  limits: { products: number; categories: number },
): Promise<{ products: CompletionProductRow[]; categories: { slug: string; name: string }[] }> {
  const order = sql.join(orderBy('relevance', search), sql`, `);
  const [row] = await scope.rows<{
    products: CompletionProductRow[] | string;
    categories: { slug: string; name: string }[] | string;
  }>(sql`
    select
      (select coalesce(json_agg(json_build_object(
                'slug', m.slug, 'name', m.name, 'priceCents', m.price_cents,
                'categoryName', m.category_name, 'categorySlug', m.category_slug,
                'thumbKey', m.thumb_key, 'thumbWidth', m.thumb_width, 'thumbHeight', m.thumb_height)
              order by m.rank), '[]'::json)
         from (select ${products.slug} as slug, ${products.name} as name, ${products.priceCents} as price_cents,
                      ${categories.name} as category_name, ${categories.slug} as category_slug,
                      ${mediaImages.thumbKey} as thumb_key, ${mediaImages.thumbWidth} as thumb_width,
                      ${mediaImages.thumbHeight} as thumb_height, row_number() over (order by ${order}) as rank
                 from ${products}
                 join ${categories} on ${categories.tenantId} = ${products.tenantId} and ${categories.id} = ${products.categoryId}
                 left join ${mediaImages} on ${mediaImages.tenantId} = ${products.tenantId} and ${mediaImages.id} = ${products.mainImageId}
                where ${filterConditions(scope, { search })}
                order by ${order}
                limit ${limits.products}) m) as products,
      (select coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name) order by c.position, c.name), '[]'::json)
         from (select ${categories.slug} as slug, ${categories.name} as name, ${categories.position} as position
                 from ${categories}
                where ${scope.where(
                  categories,
                  sql`(to_tsvector('english', ${categories.name}) @@ ${tsQuery(search.all)} or ${categories.name} %> ${search.text})`,
                )}
                order by ${categories.position}, ${categories.name}
                limit ${limits.categories}) c) as categories`);
  // Drivers differ in whether they parse JSON columns.
  const parse = <T>(value: T | string | undefined): T | [] =>
    value === undefined ? [] : typeof value === 'string' ? (JSON.parse(value) as T) : value;
  return { products: parse(row?.products), categories: parse(row?.categories) };
}
