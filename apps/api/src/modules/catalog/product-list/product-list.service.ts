import {
  DEFAULT_PAGE_SIZE,
  formatMinor,
  type ProductFacets,
  type ProductListQuery,
  type ProductSummary,
  parseMinor,
  type SearchCompletions,
  type SearchIntent,
} from '@platform/contracts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import { STOCK_TAG, tagAnswer, tagProducts } from '../../../lib/cache-tags.ts';
import type { RequestContext } from '../../../lib/context.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import {
  explainMatch,
  parseSearchIntent,
  planProductSearch,
  type SearchedProducts,
  type SearchPlan,
} from '../../search/index.ts';
import { findOptionChoices } from './option-filter.repository.ts';
import { countFacets, countOptionFacets } from './product-facets.repository.ts';
import {
  hasProductsMatching,
  listProductPage,
  listProductSummaries,
  listSearchCompletions,
  narrowSearch,
  type ProductFilter,
  type ProductSort,
  type ProductSummaryRow,
} from './product-list.repository.ts';
import { toSummary } from './product-summary.ts';

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
  if (input.id?.length) filter.ids = [...new Set(input.id)];
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
      const offset = (input.page - 1) * pageSize;
      const found = await listProductPage(ctx.scope, filter, sort, {
        limit: pageSize,
        offset,
        ...(count === undefined ? {} : { count }),
      });
      if (input.page > 1 && (found.count === null || offset >= found.count)) {
        throw new NotFoundError('Invalid page.', 'invalid_page');
      }
      rows = found.rows;
      paging = { count: found.count ?? 0, page: input.page, pageSize };
    } else {
      rows = await listProductSummaries(ctx.scope, filter, sort, input.page_size);
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
