import type { Category, ProductFacets, ProductPage, SearchIntent } from '@platform/contracts';
import { isPriceBound, parseMinor } from '@platform/contracts/plain';
import { type ApiClient, errorText } from '../../lib/api-client.ts';
import { fetchCategories } from '../categories/index.ts';
import { fetchProductPage, fetchSearchSuggestion } from './api/products.ts';

/** The sorts the product list offers, by their `ordering` value, in the order of its sort control. */
export const PRODUCT_LIST_SORTS = {
  relevance: 'Relevance',
  '-created_at': 'Newest',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  '-rating': 'Top rated',
} as const;
export type ProductListSort = keyof typeof PRODUCT_LIST_SORTS;

/** What a /products address asks for: the spec's `search`, `category` and `page`, and the list's sort and filters. */
export interface ProductListQuery {
  search: string;
  categorySlug: string;
  /** Only when the address names a sort other than the default one. */
  ordering: ProductListSort | null;
  /** Decimal strings ("85", "85.00"), or '' for no bound. */
  minPrice: string;
  maxPrice: string;
  inStock: boolean;
  /**
   * Option values ("12 inch", "Mirror-polished", decision 018): only products with a variant in one of each type's
   * chosen values; none for any.
   */
  options: string[];
  page: number;
}

export interface ProductListData extends ProductListQuery {
  category: Category | null;
  /** Every category of the shop, for the category filter. */
  categories: Category[];
  products: ProductPage | null;
  /** The counts per category, price band and option value of what the list's search and other filters keep. */
  facets: ProductFacets | null;
  error: string | null;
  /** For a search that found nothing: the closest search that finds something ("Did you mean …?"). */
  suggestion: string | null;
}

/** The sort a list has when its address names none: relevance for a search, newest first otherwise. */
export function defaultSort(search: string): ProductListSort {
  return search ? 'relevance' : '-created_at';
}

function priceBound(text: string | null): string {
  const value = text?.trim() ?? '';
  return isPriceBound(value) ? value : '';
}

/**
 * Reads a /products address. A value the list does not know (an unknown sort, a price that is not an amount) counts
 * as not given, so that a mistyped address still shows products; bounds given the wrong way round are swapped.
 */
export function readProductListQuery(params: URLSearchParams): ProductListQuery {
  const search = params.get('search')?.trim() ?? '';
  const requested = params.get('ordering') ?? '';
  const ordering =
    requested in PRODUCT_LIST_SORTS && requested !== defaultSort(search) && (requested !== 'relevance' || search)
      ? (requested as ProductListSort)
      : null;
  let minPrice = priceBound(params.get('min_price'));
  let maxPrice = priceBound(params.get('max_price'));
  if (minPrice && maxPrice && (parseMinor(minPrice) ?? 0) > (parseMinor(maxPrice) ?? 0)) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  return {
    search,
    categorySlug: params.get('category')?.trim() ?? '',
    ordering,
    minPrice,
    maxPrice,
    inStock: params.get('in_stock') === 'true',
    options: [...new Set(params.getAll('option').map((value) => value.trim()))].filter(Boolean),
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/** The address of a product list: only what differs from the plain list, in one order, so equal lists share it. */
export function productListHref(query: ProductListQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.categorySlug) params.set('category', query.categorySlug);
  if (query.ordering && query.ordering !== defaultSort(query.search)) params.set('ordering', query.ordering);
  if (query.minPrice) params.set('min_price', query.minPrice);
  if (query.maxPrice) params.set('max_price', query.maxPrice);
  if (query.inStock) params.set('in_stock', 'true');
  for (const option of query.options) params.append('option', option);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `/products?${text}` : '/products';
}

/** Everything /products shows for its query string, on the server and in the browser alike. */
export async function loadProductList(api: ApiClient, url: URL): Promise<ProductListData> {
  const query = readProductListQuery(url.searchParams);
  const [products, categories] = await Promise.all([
    fetchProductPage(api, {
      search: query.search,
      category: query.categorySlug,
      ordering: query.ordering ?? undefined,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      inStock: query.inStock,
      options: query.options,
      page: query.page,
      facets: true,
    }).then(
      (answer) => ({ answer, error: null }),
      // Spec section 8: the detail, else 'Failed to load products.' (never the message).
      (error: unknown) => ({ answer: null, error: errorText(error, 'Failed to load products.', { message: false }) }),
    ),
    // The category filter and the selected category's name and description; without them the list still shows.
    fetchCategories(api).catch(() => [] as Category[]),
  ]);
  const category = categories.find((candidate) => candidate.slug === query.categorySlug) ?? null;
  // A suggestion is a help, never a failure of the page.
  const suggestion =
    query.search && products.answer?.count === 0
      ? await fetchSearchSuggestion(api, query.search).catch(() => null)
      : null;
  return {
    ...query,
    category,
    categories,
    products: products.answer,
    facets: products.answer?.facets ?? null,
    error: products.error,
    suggestion,
  };
}

/** The page title (spec /products). */
export function productListTitle(search: string, categoryName: string | null): string {
  if (search) return `Search Results for "${search}"${categoryName ? ` in ${categoryName}` : ''}`;
  if (categoryName) return `Products in ${categoryName}`;
  return 'Our Products';
}

/** The empty message (spec /products). */
export function productListEmptyMessage(search: string, categoryName: string | null): string {
  if (search)
    return `No products found matching "${search}"${categoryName ? ` in the ${categoryName} category.` : '.'}`;
  if (categoryName) return 'No products found in this category.';
  return 'No products found.';
}

/** The number of results, as the list announces it. */
export function productCountText(count: number): string {
  return count === 1 ? '1 product' : `${count.toLocaleString('en-US')} products`;
}

/** Whether the list's price bounds are exactly a facet's band (so that choosing it again clears it). */
export function isPriceBand(
  query: Pick<ProductListQuery, 'minPrice' | 'maxPrice'>,
  band: { min: string; max: string },
) {
  if (!query.minPrice || !query.maxPrice) return false;
  return parseMinor(query.minPrice) === parseMinor(band.min) && parseMinor(query.maxPrice) === parseMinor(band.max);
}

/** One option value of the list's facets ("Blade length": "12 inch") and how many products are sold in it. */
export type OptionFacet = NonNullable<ProductFacets['options']>[number];

/** The option facets by type name ("Blade length"), in the answer's order (by name, then the values' display order). */
export function optionFacetGroups(facets: ProductFacets | null): Map<string, OptionFacet[]> {
  const groups = new Map<string, OptionFacet[]>();
  for (const option of facets?.options ?? []) groups.set(option.name, [...(groups.get(option.name) ?? []), option]);
  return groups;
}

/** What a sort asked in a search's words is called on its chip. */
const INTENT_SORTS: Record<NonNullable<SearchIntent['ordering']>, string> = {
  price: 'Cheapest first',
  '-price': 'Most expensive first',
  weight: 'Lightest first',
  '-weight': 'Heaviest first',
  length: 'Shortest first',
  '-length': 'Longest first',
  '-created_at': 'Newest first',
};

/** A removable chip of what a search's words asked: its text (prices already formatted) and the list without it. */
export interface SearchIntentChip {
  kind: 'price' | 'ordering';
  label: string;
  href: string;
}

/**
 * The chips of what the search's words asked beyond products (`search_intent`): a price range, an order. Removing
 * one searches the text without the words that asked it; what the other chip asked is kept as the list's own filter
 * or sort when the list has one for it (its price bounds; an order of its sort control).
 */
export function searchIntentChips(
  query: ProductListQuery,
  intent: SearchIntent | undefined,
  price: (amount: string) => string,
): SearchIntentChip[] {
  if (!intent) return [];
  const chips: SearchIntentChip[] = [];
  const base: ProductListQuery = { ...query, search: intent.search, page: 1 };
  if (intent.min_price !== null || intent.max_price !== null) {
    const label =
      intent.min_price !== null && intent.max_price !== null
        ? `Price: ${price(intent.min_price)}–${price(intent.max_price)}`
        : intent.max_price !== null
          ? `Price: up to ${price(intent.max_price)}`
          : `Price: from ${price(intent.min_price ?? '0.00')}`;
    const sort = intent.ordering !== null && intent.ordering in PRODUCT_LIST_SORTS ? intent.ordering : null;
    chips.push({
      kind: 'price',
      label,
      href: productListHref({ ...base, ordering: query.ordering ?? (sort as ProductListSort | null) }),
    });
  }
  if (intent.ordering !== null) {
    chips.push({
      kind: 'ordering',
      label: INTENT_SORTS[intent.ordering],
      href: productListHref({
        ...base,
        minPrice: query.minPrice || (intent.min_price ?? ''),
        maxPrice: query.maxPrice || (intent.max_price ?? ''),
      }),
    });
  }
  return chips;
}
