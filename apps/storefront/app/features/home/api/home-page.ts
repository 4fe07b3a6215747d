import type { Category, HomePage, ProductSummary } from '@platform/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { contract } from '../../../lib/contracts.ts';
import { featuredQuery, inChosenOrder } from '../featured.ts';

/** The shop's home page: its hero, its story and its featured choice, as the owner wrote them. */
export function fetchHomePage(api: ApiClient): Promise<HomePage> {
  return api.get('/pages/home/', { schema: contract((c) => c.HomePage) });
}

/** The products of the home page's featured shelf (none when its choice names nothing the shop has). */
export async function fetchFeaturedProducts(
  api: ApiClient,
  featured: HomePage['featured'],
  categories: readonly Category[],
): Promise<ProductSummary[]> {
  const query = featuredQuery(featured, categories);
  if (!query) return [];
  const answer = await api.get('/products/products/', { schema: contract((c) => c.ProductPage), query });
  return inChosenOrder(answer.results, featured);
}
