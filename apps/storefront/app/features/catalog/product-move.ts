// A product's old address (decision 018): a product merged into another as one of its variants answers a 301 that
// names the move. Only the product page reads it, so it stays out of every page's first load.
import type { Product } from '@platform/contracts';
import { type ApiClient, ApiError, errorText } from '../../lib/api-client.ts';
import { fetchProductAnswer, type ProductAnswer } from './api/products.ts';
import { variantParam } from './variant-param.ts';

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

/** `moved`: the address is an old one of a product merged into another (decision 018); the page goes there. */
export type ProductData =
  | { product: Product; error: null; moved: ProductMove | null }
  | { product: null; error: string; status: number; moved: ProductMove | null };

/** The product page's product by its address (a moved one names its move), or the error it shows. */
export async function loadProduct(slug: string, answer: Promise<ProductAnswer>): Promise<ProductData> {
  try {
    return { ...productAt(slug, await answer), error: null };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 500;
    const moved = error instanceof ApiError ? productMoveOf(error.status, error.body) : null;
    const text = errorText(error, 'Failed to load product details.', { byStatus: { 404: 'Product not found.' } });
    return { product: null, error: text, status, moved };
  }
}

/** The product page's product read on the server (where the page waits for it), or the error it shows. */
export function readProduct(api: ApiClient, slug: string): Promise<ProductData> {
  return loadProduct(slug, fetchProductAnswer(api, slug));
}
