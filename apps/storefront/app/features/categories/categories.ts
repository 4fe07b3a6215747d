import type { Category } from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';
import { contract } from '../../lib/contracts.ts';

export function fetchCategories(api: ApiClient): Promise<Category[]> {
  return api.get('/products/categories/', { schema: contract((c) => c.listAnswer(c.Category)) });
}

/** The shop's categories (the SHOP dropdown, the product list's filter). */
export function categoriesQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: ['categories'], queryFn: () => fetchCategories(api) });
}
