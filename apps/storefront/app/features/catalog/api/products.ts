import type { Category, CreateReviewBody, Product, ProductPage, ProductSummary, Review } from '@platform/contracts';
import type { ApiClient, ListAnswer } from '../../../lib/api-client.ts';
import { listResults } from '../../../lib/api-client.ts';

export const PRODUCTS_PAGE_SIZE = 24;

export interface ProductListParams {
  category?: string;
  search?: string;
  page?: number;
}

/** One page of active products (spec: is_active=true always; category__slug and search when given). */
export async function fetchProductPage(api: ApiClient, params: ProductListParams): Promise<ProductPage> {
  return api.get<ProductPage>('/products/products/', {
    query: {
      is_active: true,
      category__slug: params.category || undefined,
      search: params.search || undefined,
      page: params.page ?? 1,
      page_size: PRODUCTS_PAGE_SIZE,
    },
  });
}

/** Every active product, as the gallery asks for them (no filter: a plain array). */
export async function fetchAllProducts(api: ApiClient): Promise<ProductSummary[]> {
  return listResults(await api.get<ListAnswer<ProductSummary>>('/products/products/', { query: { is_active: true } }));
}

/** A few products for the home page's shelves. */
export async function fetchShelf(api: ApiClient, shelf: 'featured' | 'discounted'): Promise<ProductSummary[]> {
  const answer = await api.get<ProductPage>('/products/products/', {
    query: { is_active: true, [shelf]: true, page: 1, page_size: 4 },
  });
  return answer.results;
}

export async function fetchProduct(api: ApiClient, slug: string): Promise<Product> {
  return api.get<Product>(`/products/products/${encodeURIComponent(slug)}/`);
}

export async function fetchCategory(api: ApiClient, slug: string): Promise<Category> {
  return api.get<Category>(`/products/categories/${encodeURIComponent(slug)}/`);
}

export async function createReview(api: ApiClient, body: CreateReviewBody): Promise<Review> {
  return api.post<Review>('/products/reviews/', body);
}
