import type { Category } from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, type ListAnswer, listResults } from '../../../lib/api-client.ts';

export async function fetchCategories(api: ApiClient): Promise<Category[]> {
  return listResults(await api.get<ListAnswer<Category>>('/products/categories/'));
}

/** The shop's categories (the SHOP dropdown, the product list's filter). */
export function categoriesQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: ['categories'], queryFn: () => fetchCategories(api) });
}
