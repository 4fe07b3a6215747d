// A product's old address (decision 018): a product merged into another as one of its variants answers a 301 that
// names the move. Only the product page reads it, so it stays out of every page's first load.
import type { Product } from '@platform/contracts';
import type { ApiClient } from '../../lib/api-client.ts';
import { fetchProductAnswer, type ProductAnswer } from './api/products.ts';
import { variantParam } from './variant-choice.ts';

/** Where a product's old address leads (decision 018): the product it was merged into, and the variant it became. */
export interface ProductMove {
  slug: string;
  variant: number | null;
}

/**
 * A product by its address, and where it moved when the address is an old one: the API answers a moved product
 * with a 301 (its body names the move), which a `fetch` may follow to the new product (its address then names the
 * variant).
 */
export async function fetchProductAt(
  api: ApiClient,
  slug: string,
): Promise<{ product: Product; moved: ProductMove | null }> {
  return productAt(slug, await fetchProductAnswer(api, slug));
}

/** The product an address answered, and where it moved when the answer is another product's. */
export function productAt(
  slug: string,
  { product, followed }: ProductAnswer,
): { product: Product; moved: ProductMove | null } {
  if (product.slug === slug) return { product, moved: null };
  const variant = followed === null ? null : variantParam(new URL(followed, 'http://localhost').search);
  return { product, moved: { slug: product.slug, variant } };
}

/** The move a product's 301 answer names (`code` product_moved), else null. */
export function productMoveOf(status: number, body: unknown): ProductMove | null {
  if (status !== 301 || typeof body !== 'object' || body === null) return null;
  const { code, slug, variant } = body as Record<string, unknown>;
  if (code !== 'product_moved' || typeof slug !== 'string' || !slug) return null;
  return { slug, variant: typeof variant === 'number' ? variant : null };
}
