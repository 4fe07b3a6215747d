import type { Category, ProductPage } from '@platform/contracts';
import { type ApiClient, errorText } from '../../lib/api-client.ts';
import { fetchCategory, fetchProductPage } from './api/products.ts';

interface ProductListData {
  search: string;
  categorySlug: string;
  category: Category | null;
  page: number;
  products: ProductPage | null;
  error: string | null;
}

/** Everything /products shows for its query string, on the server and in the browser alike. */
export async function loadProductList(api: ApiClient, url: URL): Promise<ProductListData> {
  const search = url.searchParams.get('search')?.trim() ?? '';
  const categorySlug = url.searchParams.get('category')?.trim() ?? '';
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const [products, category] = await Promise.all([
    fetchProductPage(api, { search, category: categorySlug, page }).then(
      (answer) => ({ answer, error: null }),
      // Spec section 8: the detail, else 'Failed to load products.' (never the message).
      (error: unknown) => ({ answer: null, error: errorText(error, 'Failed to load products.', { message: false }) }),
    ),
    categorySlug ? fetchCategory(api, categorySlug).catch(() => null) : Promise.resolve(null),
  ]);
  return { search, categorySlug, category, page, products: products.answer, error: products.error };
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
