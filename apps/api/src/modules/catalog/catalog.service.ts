import {
  averageRating,
  type Category,
  type CreateReviewBody,
  DEFAULT_PAGE_SIZE,
  formatMinor,
  isCompletable,
  type MainImage,
  type Product,
  type ProductFacets,
  type ProductListQuery,
  type ProductSummary,
  parseMinor,
  REVIEW_COMMENT_MAX,
  type Review,
  type SearchCompletions,
} from '@platform/contracts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { accountTag, STOCK_TAG, tagAnswer, tagProducts } from '../../lib/cache-tags.ts';
import { type RequestContext, requireUser } from '../../lib/context.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { imageVariants } from '../media/index.ts';
import {
  type CategoryRow,
  closestCatalogWords,
  countFacets,
  countProducts,
  countSearchMatches,
  findActiveProductById,
  findActiveProductBySlug,
  findCategoryBySlug,
  findSearchCandidates,
  hasProductsMatching,
  insertAttributes,
  insertCategory,
  insertProductImages,
  insertProducts,
  insertReview,
  insertSynonymGroups,
  listCategories as listCategoryRows,
  listProductSummaries,
  listSearchCompletions,
  listSynonymGroups,
  looselySimilarCatalogWords,
  type NewProduct,
  type ProductFilter,
  type ProductSort,
  type ProductSummaryRow,
  type ReviewWithUser,
} from './catalog.repository.ts';
import {
  allowedEdits,
  correctableWords,
  damerauDistance,
  explainMatch,
  FUZZY_SEARCH_MAX_CANDIDATES,
  normalizeSearch,
  planSearch,
  SEARCH_CANDIDATES_MAX,
  type SearchPlan,
  STRICT_SEARCH_MIN_MATCHES,
  searchWords,
} from './catalog.search.ts';
import { hasBoughtProduct } from './purchases.service.ts';

function toCategory(row: CategoryRow): Category {
  return { id: row.id, slug: row.slug, name: row.name, description: row.description };
}

/** The shop's categories, in display order. */
export async function listCategories(ctx: RequestContext): Promise<Category[]> {
  return (await listCategoryRows(ctx.scope)).map(toCategory);
}

/** One category by slug, or 404. */
export async function getCategory(ctx: RequestContext, slug: string): Promise<Category> {
  const row = await findCategoryBySlug(ctx.scope, slug);
  if (!row) throw new NotFoundError();
  return toCategory(row);
}

function mainImage(ctx: RequestContext, row: ProductSummaryRow): MainImage | null {
  const image = row.image;
  if (!image) return null;
  const { media } = ctx.deps;
  return {
    image: media.url(image.imageKey),
    thumb_image: media.url(image.thumbKey),
    alt_text: row.mainImageAlt || row.name,
    width: image.width,
    height: image.height,
    thumb_width: image.thumbWidth,
    thumb_height: image.thumbHeight,
    variants: imageVariants(ctx, image),
  };
}

function toSummary(ctx: RequestContext, row: ProductSummaryRow): ProductSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    price: formatMinor(row.priceCents),
    price_before_discount: row.priceBeforeDiscountCents === null ? null : formatMinor(row.priceBeforeDiscountCents),
    stock: row.stock,
    description: row.description,
    main_image: mainImage(ctx, row),
    category: { name: row.categoryName, slug: row.categorySlug },
    attributes: row.attributes.map((a) => ({ id: a.id, key: a.key, value: a.value, order: a.order })),
    review_count: row.reviewCount,
    average_rating: averageRating(row.reviewCount, row.ratingSum),
    is_active: row.isActive,
  };
}

function toReview(row: ReviewWithUser): Review {
  return {
    id: row.id,
    product: row.productId,
    user: { username: row.username },
    rating: row.rating,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    is_verified_purchase: row.isVerifiedPurchase,
  };
}

/**
 * The plan of a shopper's `text` with the shop's synonym groups and the catalog words its unknown words may mean;
 * null when nothing in it is searchable.
 */
async function planShopSearch(scope: TenantScope, text: string, options?: { typing?: boolean }) {
  return planSearch(
    text,
    await listSynonymGroups(scope),
    await closestCatalogWords(scope, correctableWords(text)),
    options,
  );
}

export type ProductListResult =
  | { paginated: false; results: ProductSummary[] }
  | {
      paginated: true;
      results: ProductSummary[];
      count: number;
      page: number;
      pageSize: number;
      facets?: ProductFacets;
    };

/** The next lower bound of the 1–2–5 price ladder (minor units): 0 → 100, 100 → 200, 200 → 500, 500 → 1000, … */
export function nextPriceBandFloor(floor: number): number {
  if (floor < 100) return 100;
  const step = 10 ** (String(floor).length - 1);
  const lead = floor / step;
  return step * (lead === 1 ? 2 : lead === 2 ? 5 : 10);
}

async function facetsOf(scope: TenantScope, filter: ProductFilter): Promise<ProductFacets> {
  const counts = await countFacets(scope, filter);
  return {
    categories: counts.categories,
    price_bands: counts.priceBands.map((band) => ({
      min: formatMinor(band.floor),
      max: formatMinor(nextPriceBandFloor(band.floor) - 1),
      count: band.count,
    })),
  };
}

/** A search result with why it matched (the fields and its words that answer the search), for highlighting. */
function withSearchMatch(summary: ProductSummary, plan: SearchPlan): ProductSummary {
  return {
    ...summary,
    search_match: explainMatch(plan, {
      name: summary.name,
      category: summary.category.name,
      attributes: summary.attributes.map((attribute) => attribute.value).join(' '),
      description: summary.description,
    }),
  };
}

/**
 * Active products, filtered by category, search (relevance order unless another is asked), price range, stock and
 * flags; paginated when `page` is given. A constant number of queries whatever the page size.
 */
export async function listProducts(ctx: RequestContext, input: ProductListQuery): Promise<ProductListResult> {
  const empty: ProductListResult = input.page
    ? { paginated: true, results: [], count: 0, page: 1, pageSize: input.page_size ?? DEFAULT_PAGE_SIZE }
    : { paginated: false, results: [] };
  // Only active products are public: asking for inactive ones finds nothing.
  if (input.is_active !== undefined && ['false', 'False', '0'].includes(input.is_active)) {
    if (input.page && input.page > 1) throw new NotFoundError('Invalid page.', 'invalid_page');
    return empty;
  }
  const filter: ProductFilter = {
    featured: input.featured === 'true',
    discounted: input.discounted === 'true',
    inStock: input.in_stock === 'true',
  };
  // The query's schema let only decimal strings through.
  const minPrice = input.min_price === undefined ? null : parseMinor(input.min_price);
  const maxPrice = input.max_price === undefined ? null : parseMinor(input.max_price);
  if (minPrice !== null) filter.minPriceCents = minPrice;
  if (maxPrice !== null) filter.maxPriceCents = maxPrice;
  const categorySlug = input.category__slug?.trim();
  if (categorySlug) filter.categorySlug = categorySlug;
  // Which products a list holds (and so its pages), or their order, moves with any product's stock: filtered by it,
  // or a search's ties.
  if (filter.inStock || (input.search?.trim() && (input.ordering ?? 'relevance') === 'relevance')) {
    tagAnswer(ctx, [STOCK_TAG]);
  }
  // The statements of one list (a search's word look-ups, count and page) run in one transaction: the shop is named
  // once, not once per statement.
  const read = await ctx.scope.transaction(async (scope) => {
    let count: number | undefined;
    const searchText = input.search?.trim();
    if (searchText) {
      const plan = await planShopSearch(scope, searchText);
      // Nothing searchable: no product.
      if (!plan) return null;
      filter.search = plan;
      // Products with every concept, when there are enough of them; else those with any, and, when these are few,
      // the texts only alike (misspellings left uncorrected), ranked by closeness of spelling too.
      const decide = (found: { every: number; any: number }) => {
        if (found.every === 0) plan.noneHasEvery = true;
        if (found.every >= STRICT_SEARCH_MIN_MATCHES) {
          plan.strict = true;
          count = found.every;
        } else if (found.any >= FUZZY_SEARCH_MAX_CANDIDATES) {
          plan.fullTextOnly = true;
          count = found.any;
        }
      };
      const candidates = await findSearchCandidates(scope, plan, SEARCH_CANDIDATES_MAX);
      if (candidates) {
        plan.candidates = candidates;
        decide(await countSearchMatches(scope, { ...filter, search: plan }));
      } else if (
        // Many products with the words: whether enough hold every concept stops at the 24th.
        await hasProductsMatching(scope, { ...filter, search: { ...plan, strict: true } }, STRICT_SEARCH_MIN_MATCHES)
      ) {
        plan.strict = true;
      } else {
        decide(await countSearchMatches(scope, { ...filter, search: plan }));
      }
    }
    const sort: ProductSort = input.ordering ?? (filter.search ? 'relevance' : '-created_at');

    let rows: ProductSummaryRow[];
    let paging: { count: number; page: number; pageSize: number } | null = null;
    if (input.page) {
      const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
      count ??= await countProducts(scope, filter);
      if (input.page > 1 && (input.page - 1) * pageSize >= count) {
        throw new NotFoundError('Invalid page.', 'invalid_page');
      }
      rows = await listProductSummaries(scope, filter, sort, {
        limit: pageSize,
        offset: (input.page - 1) * pageSize,
      });
      paging = { count, page: input.page, pageSize };
    } else {
      rows = await listProductSummaries(
        scope,
        filter,
        sort,
        input.page_size ? { limit: input.page_size, offset: 0 } : undefined,
      );
    }
    // The counts beside the list's filters, in the same transaction.
    const facets = paging && input.facets === 'true' ? await facetsOf(scope, filter) : null;
    return { rows, paging, facets };
  });
  if (!read) {
    if (input.page && input.page > 1) throw new NotFoundError('Invalid page.', 'invalid_page');
    return empty;
  }
  const { rows, paging, facets } = read;
  const plan = filter.search;
  tagProducts(
    ctx,
    rows.map((row) => row.id),
  );
  const results = rows.map((row) => (plan ? withSearchMatch(toSummary(ctx, row), plan) : toSummary(ctx, row)));
  if (!paging) return { paginated: false, results };
  return facets ? { paginated: true, results, ...paging, facets } : { paginated: true, results, ...paging };
}

/** An active product with its images, attributes and reviews (one query); inactive or unknown: 404. */
export async function getProduct(ctx: RequestContext, slug: string): Promise<Product> {
  const row = await findActiveProductBySlug(ctx.scope, slug);
  if (!row) throw new NotFoundError();
  tagProducts(ctx, [row.id]);
  // Its reviews show their authors' display names.
  tagAnswer(
    ctx,
    row.reviews.map((review) => accountTag(review.user_id)),
  );
  return {
    ...toSummary(ctx, row),
    long_html_description: row.longHtmlDescription,
    images: row.images.map((image) => ({
      id: image.id,
      image: ctx.deps.media.url(image.image_key),
      alt_text: image.alt_text || row.name,
      order: image.order,
      width: image.width,
      height: image.height,
      variants: imageVariants(ctx, {
        imageKey: image.image_key,
        width: image.width,
        height: image.height,
        variantWidths: image.variant_widths,
      }),
    })),
    reviews: row.reviews.map((review) => ({
      id: review.id,
      product: review.product_id,
      user: { username: review.username },
      rating: review.rating,
      comment: review.comment,
      created_at: new Date(review.created_at).toISOString(),
      is_verified_purchase: review.is_verified_purchase,
    })),
  };
}

/** A signed-in customer's one review of an active product; marked verified when they bought it. */
export async function createReview(ctx: RequestContext, input: CreateReviewBody): Promise<Review> {
  const user = requireUser(ctx);
  const comment = input.comment.trim();
  if (!comment) throw new ValidationError({ comment: ['This field may not be blank.'] });
  if (comment.length > REVIEW_COMMENT_MAX) {
    throw new ValidationError({ comment: [`Ensure this field has no more than ${REVIEW_COMMENT_MAX} characters.`] });
  }
  return inTransaction(ctx, async (tx) => {
    const product = await findActiveProductById(tx.scope, input.product);
    if (!product) throw new ValidationError({ product: [`Invalid pk "${input.product}" - object does not exist.`] });
    const review = await insertReview(tx.scope, {
      productId: product.id,
      userId: user.id,
      rating: input.rating,
      comment,
      isVerifiedPurchase: await hasBoughtProduct(tx, product.id),
    });
    if (!review) throw new BadRequestError('You have already reviewed this product.', 'already_reviewed');
    // The product's page shows its reviews and rating.
    tx.emit({ name: 'shop.changed', payload: { tenantId: tx.tenant.id, entity: 'review' } });
    return toReview(review);
  });
}

// Writes of the catalog for the demo shop (an admin API will use them too). NOTE: the repository sanitizes the HTML
// they carry (category description, product long description) on its way in.

/** Creates a category at a position of the display order. */
export async function createCategory(
  ctx: RequestContext,
  input: { slug: string; name: string; description?: string; position?: number },
): Promise<Category> {
  return toCategory(await insertCategory(ctx.scope, input));
}

/** A product to create, with its attributes and its pictures (media images), each list in display order. */
export interface NewCatalogProduct extends NewProduct {
  attributes?: { key: string; value: string }[];
  images?: { imageId: number; altText: string }[];
}

/** Creates products with their attributes and pictures, in one transaction; their ids and slugs, in input order. */
export async function createProducts(
  ctx: RequestContext,
  input: NewCatalogProduct[],
): Promise<{ id: number; slug: string }[]> {
  return inTransaction(ctx, async (tx) => {
    const created: { id: number; slug: string }[] = [];
    for (const { attributes = [], images = [], ...values } of input) {
      const [row] = await insertProducts(tx.scope, [values]);
      if (!row) throw new Error('product insert returned nothing');
      await insertAttributes(
        tx.scope,
        attributes.map((attribute, order) => ({ productId: row.id, ...attribute, order })),
      );
      await insertProductImages(
        tx.scope,
        images.map((image, order) => ({ productId: row.id, ...image, order })),
      );
      created.push({ id: row.id, slug: row.slug });
    }
    return created;
  });
}

/** Adds groups of search terms that mean the same (each group a list of one- or more-word terms). */
export async function createSynonymGroups(ctx: RequestContext, groups: string[][]): Promise<void> {
  await insertSynonymGroups(ctx.scope, groups);
}

/**
 * For a search that finds nothing, the closest search that finds something ("Did you mean …?"): each word the
 * catalog does not hold replaced by the catalog word or synonym term nearest to it by Damerau distance, within the
 * edits its length allows (the search itself compares catalog words by trigram only); null when no such search has
 * results, or when the search left words out (`SEARCH_LIMITS`: a suggestion would drop them).
 */
export async function suggestSearch(ctx: RequestContext, text: string): Promise<string | null> {
  const { words, cut } = searchWords(text);
  if (words.length === 0 || cut) return null;
  const groups = await listSynonymGroups(ctx.scope);
  const synonymWords = [
    ...new Set(
      groups
        .flat()
        .map(normalizeSearch)
        .filter((term) => /^[a-z]+$/.test(term)),
    ),
  ];
  const similar = await looselySimilarCatalogWords(ctx.scope, correctableWords(text));
  let changed = false;
  const suggested = words.map((word) => {
    const candidates = similar.get(word);
    if (!candidates) return word;
    let best: { word: string; distance: number } | null = null;
    for (const candidate of [...candidates, ...synonymWords]) {
      const distance = damerauDistance(word, candidate);
      if (distance <= allowedEdits(word.length) && (!best || distance < best.distance)) {
        best = { word: candidate, distance };
      }
    }
    if (!best) return word;
    changed = true;
    return best.word;
  });
  if (!changed) return null;
  const suggestion = suggested.join(' ');
  const plan = planSearch(suggestion, groups, await closestCatalogWords(ctx.scope, correctableWords(suggestion)));
  if (!plan || !(await hasProductsMatching(ctx.scope, { search: plan }, 1))) return null;
  return suggestion;
}

/** How many products and categories the type-ahead offers at most. */
export const SEARCH_COMPLETION_LIMITS = { products: 6, categories: 3 } as const;

/**
 * What the header's search box suggests for the text typed so far: the first products of the shop's search (its
 * synonyms, misspellings and relevance order, the last word taken as still being typed) and the categories whose
 * name matches. Nothing below two letters or digits. The plan's reads (synonyms, corrections) and one statement.
 */
export async function completeSearch(ctx: RequestContext, text: string): Promise<SearchCompletions> {
  const empty: SearchCompletions = { products: [], categories: [] };
  if (!isCompletable(text)) return empty;
  // One transaction: the shop is named once for the three statements.
  const found = await ctx.scope.transaction(async (scope) => {
    const plan = await planShopSearch(scope, text, { typing: true });
    return plan ? listSearchCompletions(scope, plan, SEARCH_COMPLETION_LIMITS) : null;
  });
  if (!found) return empty;
  // Ranked by relevance, ties broken by stock: any product's stock may change them.
  tagAnswer(ctx, [STOCK_TAG]);
  return {
    products: found.products.map((row) => ({
      slug: row.slug,
      name: row.name,
      price: formatMinor(row.priceCents),
      thumbnail:
        row.thumbKey === null
          ? null
          : { url: ctx.deps.media.url(row.thumbKey), width: row.thumbWidth ?? 0, height: row.thumbHeight ?? 0 },
      category: { name: row.categoryName, slug: row.categorySlug },
    })),
    categories: found.categories,
  };
}
