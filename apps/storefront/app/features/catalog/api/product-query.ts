// A product as the browser's product page reads it, kept in the browser's answers: fetched ahead when a link to it is
// hovered, focused or touched, so that the page shows it at once when the link is followed.
import type { Product } from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';
import { browserApi } from '../../../lib/browser-api.ts';
import { loadContracts } from '../../../lib/contracts.ts';
import { browserQueryClient } from '../../../lib/query-client.ts';
import { fetchProductAnswer, type ProductAnswer } from './products.ts';

/** How long a product fetched ahead, or shown, is taken as it is (its stock may change; the cart checks it anyway). */
export const PRODUCT_FRESH_MS = 30_000;

export function productQueryKey(slug: string) {
  return ['product', slug] as const;
}

/** The product at an address, as the browser fetches it; a failure is not tried again (the page shows it). */
export function productQuery(slug: string) {
  return queryOptions({
    queryKey: productQueryKey(slug),
    queryFn: () => fetchProductAnswer(browserApi(), slug),
    staleTime: PRODUCT_FRESH_MS,
    retry: false,
  });
}

/** Fetches the product ahead (with the schemas its answer is checked with), unless a fresh answer is kept. */
export function prefetchProduct(slug: string): void {
  void loadContracts();
  void browserQueryClient().prefetchQuery(productQuery(slug));
}

/** Keeps a product the server's page was rendered with, for a later visit of its page (unless one is kept). */
export function keepProduct(product: Product): void {
  const client = browserQueryClient();
  const key = productQueryKey(product.slug);
  if (client.getQueryData(key) === undefined) client.setQueryData<ProductAnswer>(key, { product, followed: null });
}
