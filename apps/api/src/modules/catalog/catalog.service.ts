import {
  averageRating,
  type Category,
  DEFAULT_PAGE_SIZE,
  formatMinor,
  type MainImage,
  type Product,
  type ProductFacets,
  type ProductListQuery,
  type ProductOptionType,
  type ProductSummary,
  type ProductVariant,
  parseMinor,
  type Review,
  type SearchCompletions,
  type SearchIntent,
} from '@platform/contracts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { STOCK_TAG, tagAnswer, tagProducts } from '../../lib/cache-tags.ts';
import type { RequestContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { imageVariants } from '../media/index.ts';
import {
  explainMatch,
  parseSearchIntent,
  planProductSearch,
  type SearchedProducts,
  type SearchPlan,
} from '../search/index.ts';
import {
  addToRating,
  type CategoryRow,
  findActiveProductById,
  findCategoryBySlug,
  insertAttributes,
  insertCategory,
  insertProductImages,
  insertProducts,
  listCategories as listCategoryRows,
  type NewProduct,
} from './catalog.repository.ts';
import { findOptionChoices } from './option-filter.repository.ts';
import { findActiveProductBySlug, type ProductPageColumn, type VariantJson } from './product-page.repository.ts';
import {
  countFacets,
  countOptionFacets,
  countProducts,
  hasProductsMatching,
  listProductSummaries,
  listSearchCompletions,
  narrowSearch,
  type ProductFilter,
  type ProductSort,
  type ProductSummaryRow,
} from './products.repository.ts';
import { findProductRedirect, ProductMovedError } from './variants.service.ts';

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

/**
 * The prices of an announced reduction (decision 020): the before-discount price only when it is above the price
 * (a variant's own, or a product's left behind by a later change of its price, is not a reduction), and then the
 * lowest price of the 30 days before the current price took effect (null when none is recorded).
 */
export function announcedReduction(
  priceCents: number,
  beforeCents: number | null,
  lowestCents: number | null,
): Pick<ProductSummary, 'price_before_discount' | 'lowest_price_30_days'> {
  if (beforeCents === null || beforeCents <= priceCents)
    return { price_before_discount: null, lowest_price_30_days: null };
  return {
    price_before_discount: formatMinor(beforeCents),
    lowest_price_30_days: lowestCents === null ? null : formatMinor(lowestCents),
  };
}

function toSummary(ctx: RequestContext, row: ProductSummaryRow): ProductSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    price: formatMinor(row.priceCents),
    ...announcedReduction(row.priceCents, row.priceBeforeDiscountCents, row.lowestPriceCents),
    stock: row.stock,
    description: row.description,
    main_image: mainImage(ctx, row),
    category: { name: row.categoryName, slug: row.categorySlug },
    attributes: row.attributes.map((a) => ({ id: a.id, key: a.key, value: a.value, order: a.order })),
    review_count: row.reviewCount,
    average_rating: averageRating(row.reviewCount, row.ratingSum),
    variant_count: row.variantCount,
    // A "from" price only when the variants on sale are not all at one price.
    price_from: row.priceMinCents === row.priceMaxCents ? null : formatMinor(row.priceMinCents),
    is_active: row.isActive,
  };
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
      /** What the search's words asked beyond its products (a price, an order), when they asked one. */
      intent?: SearchIntent;
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
  const options = await countOptionFacets(scope, filter);
  return {
    options,
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
 * flags; paginated when `page` is given. A constant number of queries whatever the page size. A search walks once:
 * its plan from the search module (synonyms, corrections), how the plan reads the products (`narrowSearch`), then
 * the count, the page and the facets with it.
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
  const optionValues = [...new Set([input.option ?? []].flat())];
  if (optionValues.length > 0) filter.options = await findOptionChoices(ctx.scope, optionValues);
  const categorySlug = input.category__slug?.trim();
  if (categorySlug) filter.categorySlug = categorySlug;
  // A price or an order asked in words narrows the list and orders it unless an order is given. Bounds given (a price
  // band chosen, the price fields) replace the words' bounds, as an order given replaces theirs: the two never
  // silently combine, and the answer reports only the bounds that apply.
  const intent = input.search?.trim() ? parseSearchIntent(input.search) : null;
  const understood = intent && intent.text !== input.search?.trim() ? intent : null;
  const wordsPrice = understood && minPrice === null && maxPrice === null ? understood : null;
  if (wordsPrice?.minPriceCents !== undefined) filter.minPriceCents = wordsPrice.minPriceCents;
  if (wordsPrice?.maxPriceCents !== undefined) filter.maxPriceCents = wordsPrice.maxPriceCents;
  const searchText = intent?.text.trim();
  // Which products a list holds (and so its pages), or their order, moves with any product's stock: filtered by it,
  // or a search's ties.
  if (filter.inStock || (searchText && (input.ordering ?? 'relevance') === 'relevance')) {
    tagAnswer(ctx, [STOCK_TAG]);
  }
  // The statements of one list (a search's word look-ups, count and page) run each on its own, outside a transaction:
  // one round trip each (decision 010), where a transaction would add its `begin` and `commit`.
  const read = await (async () => {
    let count: number | undefined;
    if (searchText) {
      const plan = await planProductSearch(ctx, searchText);
      // Nothing searchable: no product.
      if (!plan) return null;
      const narrowed = await narrowSearch(ctx.scope, filter, plan);
      // A meaning word no product holds: nothing, rather than products alike by a few letters.
      if (narrowed.search.unheld) return null;
      filter.search =
        input.ordering === undefined && understood?.sort ? { ...narrowed.search, kindFirst: true } : narrowed.search;
      count = narrowed.count;
    }
    const sort: ProductSort = input.ordering ?? understood?.sort ?? (filter.search ? 'relevance' : '-created_at');

    let rows: ProductSummaryRow[];
    let paging: { count: number; page: number; pageSize: number } | null = null;
    if (input.page) {
      const pageSize = input.page_size ?? DEFAULT_PAGE_SIZE;
      count ??= await countProducts(ctx.scope, filter);
      if (input.page > 1 && (input.page - 1) * pageSize >= count) {
        throw new NotFoundError('Invalid page.', 'invalid_page');
      }
      rows = await listProductSummaries(ctx.scope, filter, sort, {
        limit: pageSize,
        offset: (input.page - 1) * pageSize,
      });
      paging = { count, page: input.page, pageSize };
    } else {
      rows = await listProductSummaries(
        ctx.scope,
        filter,
        sort,
        input.page_size ? { limit: input.page_size, offset: 0 } : undefined,
      );
    }
    // The counts beside the list's filters.
    const facets = paging && input.facets === 'true' ? await facetsOf(ctx.scope, filter) : null;
    return { rows, paging, facets };
  })();
  const intentAnswer: SearchIntent | null = understood && {
    search: understood.text,
    min_price: wordsPrice?.minPriceCents === undefined ? null : formatMinor(wordsPrice.minPriceCents),
    max_price: wordsPrice?.maxPriceCents === undefined ? null : formatMinor(wordsPrice.maxPriceCents),
    ordering: understood.sort ?? null,
  };
  if (!read) {
    if (input.page && input.page > 1) throw new NotFoundError('Invalid page.', 'invalid_page');
    return empty.paginated && intentAnswer ? { ...empty, intent: intentAnswer } : empty;
  }
  const { rows, paging, facets } = read;
  const plan = filter.search;
  tagProducts(
    ctx,
    rows.map((row) => row.id),
  );
  const results = rows.map((row) => (plan ? withSearchMatch(toSummary(ctx, row), plan) : toSummary(ctx, row)));
  if (!paging) return { paginated: false, results };
  return {
    paginated: true,
    results,
    ...paging,
    ...(facets ? { facets } : {}),
    ...(intentAnswer ? { intent: intentAnswer } : {}),
  };
}

/**
 * What the product page shows of its reviews: the reviews module's (which builds on the catalog, so the app hands
 * it to the catalog's routes). `column` goes into the page's one statement; `answer` turns its value into the
 * reviews of the answer (and names what they show for the response cache).
 */
export interface ProductPageReviews {
  column: ProductPageColumn;
  answer(ctx: RequestContext, value: unknown): Review[];
}

/**
 * The variants of the page's statement as the answer shows them: the first is the default, whose before-discount
 * price is the product's; another's is its own (none when null, whatever the product's).
 */
function toVariants(row: {
  options: ProductOptionType[];
  variants: VariantJson[];
  priceBeforeDiscountCents: number | null;
}): ProductVariant[] {
  return row.variants.map((variant, index) => ({
    id: variant.id,
    sku: variant.sku,
    options: Object.fromEntries(
      row.options.map((option, position) => [option.name, variant.option_values[position] ?? '']),
    ),
    price: formatMinor(variant.price_cents),
    ...announcedReduction(
      variant.price_cents,
      index === 0 ? row.priceBeforeDiscountCents : variant.price_before_discount_cents,
      variant.lowest_price_cents,
    ),
    stock: variant.stock,
    weight_grams: variant.weight_grams,
    image_ids: variant.image_ids,
    is_default: index === 0,
  }));
}

/**
 * An active product with its images, attributes, reviews, options and variants (one query); inactive or unknown:
 * 404, or, for an old address of a product merged into another, its new address (`ProductMovedError`).
 */
export async function getProduct(ctx: RequestContext, slug: string, reviews: ProductPageReviews): Promise<Product> {
  const row = await findActiveProductBySlug(ctx.scope, slug, reviews.column);
  if (!row) {
    const moved = await findProductRedirect(ctx, slug);
    if (moved) throw new ProductMovedError(moved.slug, moved.variantId);
    throw new NotFoundError();
  }
  tagProducts(ctx, [row.id]);
  const variants = toVariants(row);
  const [defaultVariant] = variants;
  return {
    ...toSummary(ctx, row),
    // Sold in options: the spec's price and stock are the default variant's.
    ...(defaultVariant
      ? {
          price: defaultVariant.price,
          price_before_discount: defaultVariant.price_before_discount,
          lowest_price_30_days: defaultVariant.lowest_price_30_days ?? null,
          stock: defaultVariant.stock,
        }
      : {}),
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
    reviews: reviews.answer(ctx, row.reviews),
    options: row.options.map((option) => ({ name: option.name, values: [...option.values] })),
    variants,
    personalisation: row.personalisation.map((field) => ({
      key: field.key,
      label: field.label,
      max_length: field.max_length,
      price: formatMinor(field.price_cents),
      required: field.required,
    })),
  };
}

/** An active product of the shop by id (the reviews module's check of what a customer reviews), or null. */
export async function findActiveProduct(ctx: RequestContext, productId: number): Promise<{ id: number } | null> {
  return findActiveProductById(ctx.scope, productId);
}

/**
 * Counts reviews in a product's rating or takes them out (negative `reviews` and `ratingSum`): the count and the
 * average the cards and the page show. Called by the reviews module in the transaction of the review's change.
 */
export async function changeProductRating(
  ctx: RequestContext,
  input: { productId: number; reviews: number; ratingSum: number },
): Promise<void> {
  await addToRating(ctx.scope, input.productId, { reviews: input.reviews, ratingSum: input.ratingSum });
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

/**
 * Creates products with their attributes and pictures, in one transaction; their ids, slugs and pictures' ids
 * (`product_images`, what a variant's `imageIds` name, in the order given), in input order.
 */
export async function createProducts(
  ctx: RequestContext,
  input: NewCatalogProduct[],
): Promise<{ id: number; slug: string; imageIds: number[] }[]> {
  return inTransaction(ctx, async (tx) => {
    const created: { id: number; slug: string; imageIds: number[] }[] = [];
    for (const { attributes = [], images = [], ...values } of input) {
      const [row] = await insertProducts(tx.scope, [values]);
      if (!row) throw new Error('product insert returned nothing');
      await insertAttributes(
        tx.scope,
        attributes.map((attribute, order) => ({ productId: row.id, ...attribute, order })),
      );
      const imageIds = await insertProductImages(
        tx.scope,
        images.map((image, order) => ({ productId: row.id, ...image, order })),
      );
      created.push({ id: row.id, slug: row.slug, imageIds });
    }
    return created;
  });
}

/**
 * The catalog's products for the search module's own answers ("Did you mean …?", the type-ahead): the statements
 * over `products` and `categories` that a plan runs.
 */
export const searchedProducts: SearchedProducts = {
  async anyMatches(ctx, plan) {
    const { search } = await narrowSearch(ctx.scope, {}, plan);
    return !search.unheld && hasProductsMatching(ctx.scope, { search }, 1);
  },

  async completions(ctx, plan, limits, intent): Promise<SearchCompletions> {
    const filter: ProductFilter = {};
    if (intent.minPriceCents !== undefined) filter.minPriceCents = intent.minPriceCents;
    if (intent.maxPriceCents !== undefined) filter.maxPriceCents = intent.maxPriceCents;
    const found = await listSearchCompletions(ctx.scope, { ...filter, search: plan }, limits);
    // Ranked by relevance, ties broken by stock: any product's stock may change them.
    tagAnswer(ctx, [STOCK_TAG]);
    return {
      products: found.products.map((row) => ({
        slug: row.slug,
        name: row.name,
        price: formatMinor(row.priceCents),
        variant_count: Number(row.variantCount),
        price_from: row.priceMinCents === row.priceMaxCents ? null : formatMinor(row.priceMinCents),
        thumbnail:
          row.thumbKey === null
            ? null
            : { url: ctx.deps.media.url(row.thumbKey), width: row.thumbWidth ?? 0, height: row.thumbHeight ?? 0 },
        category: { name: row.categoryName, slug: row.categorySlug },
      })),
      categories: found.categories,
    };
  },
};
