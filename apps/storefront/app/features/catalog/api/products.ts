import type {
  Category,
  CreateReviewBody,
  Product,
  ProductOrdering,
  ProductPage,
  ProductSummary,
  Review,
  SearchCompletions,
} from '@platform/contracts';
import { DEFAULT_PAGE_SIZE } from '@platform/contracts/plain';
import type { ApiClient } from '../../../lib/api-client.ts';
import { contract } from '../../../lib/contracts.ts';

interface ProductListParams {
  category?: string;
  search?: string;
  ordering?: ProductOrdering | undefined;
  /** Decimal strings; '' or undefined for no bound. */
  minPrice?: string;
  maxPrice?: string;
  inStock?: boolean;
  /** Option values ("12 inch", "Mirror-polished"): any of one type's, and one of each type's; none for any. */
  options?: readonly string[];
  page?: number;
  /** Also count the matches per category, price band and option value (the list's filters show them). */
  facets?: boolean;
}

/**
 * One page of active products (spec: is_active=true always; category__slug and search when given), with the list's
 * sort, price range, stock filter and option values when given.
 */
export function fetchProductPage(api: ApiClient, params: ProductListParams): Promise<ProductPage> {
  return api.get('/products/products/', {
    schema: contract((c) => c.ProductPage),
    query: {
      is_active: true,
      category__slug: params.category || undefined,
      search: params.search || undefined,
      ordering: params.ordering,
      min_price: params.minPrice || undefined,
      max_price: params.maxPrice || undefined,
      in_stock: params.inStock ? true : undefined,
      option: params.options?.length ? params.options : undefined,
      facets: params.facets ? true : undefined,
      page: params.page ?? 1,
      page_size: DEFAULT_PAGE_SIZE,
    },
  });
}

/** The closest search that finds something, for a search that found nothing ("Did you mean …?"); null when none. */
export async function fetchSearchSuggestion(api: ApiClient, search: string): Promise<string | null> {
  const answer = await api.get('/products/search-suggestion/', {
    schema: contract((c) => c.SearchSuggestion),
    query: { search },
  });
  return answer.suggestion;
}

/** What the header's search box suggests for the text typed so far: a few products and matching categories. */
export function fetchSearchCompletions(
  api: ApiClient,
  search: string,
  signal?: AbortSignal,
): Promise<SearchCompletions> {
  return api.get('/products/search-completions/', {
    schema: contract((c) => c.SearchCompletions),
    query: { search },
    signal,
  });
}

/** Every active product, as the gallery asks for them (no filter: a plain array). */
export function fetchAllProducts(api: ApiClient): Promise<ProductSummary[]> {
  return api.get('/products/products/', {
    schema: contract((c) => c.listAnswer(c.ProductSummary)),
    query: { is_active: true },
  });
}

/** A few products for the home page's shelves. */
export async function fetchShelf(api: ApiClient, shelf: 'featured' | 'discounted'): Promise<ProductSummary[]> {
  const answer = await api.get('/products/products/', {
    schema: contract((c) => c.ProductPage),
    query: { is_active: true, [shelf]: true, page: 1, page_size: 4 },
  });
  return answer.results;
}

export function fetchProduct(api: ApiClient, slug: string, onRedirected?: (url: string) => void): Promise<Product> {
  return api.get(`/products/products/${encodeURIComponent(slug)}/`, {
    schema: contract((c) => c.Product),
    ...(onRedirected ? { onRedirected } : {}),
  });
}

/** A product as its page asks for it: the product, and the address a 301 led to when its address is an old one. */
export interface ProductAnswer {
  product: Product;
  followed: string | null;
}

export async function fetchProductAnswer(api: ApiClient, slug: string): Promise<ProductAnswer> {
  let followed: string | null = null;
  const product = await fetchProduct(api, slug, (url) => {
    followed = url;
  });
  return { product, followed };
}

export function fetchCategory(api: ApiClient, slug: string): Promise<Category> {
  return api.get(`/products/categories/${encodeURIComponent(slug)}/`, { schema: contract((c) => c.Category) });
}

export function createReview(api: ApiClient, body: CreateReviewBody): Promise<Review> {
  return api.post('/products/reviews/', body, { schema: contract((c) => c.Review) });
}
