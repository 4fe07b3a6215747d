import type { Product } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { type ApiClient, ApiError } from '../../lib/api-client.ts';
import { fetchProductAt, productMoveOf } from './product-move.ts';

/** A client answering the product call with `product`, telling the address a followed redirect led to, if any. */
function answering(product: Pick<Product, 'slug'>, followed?: string): ApiClient {
  const get = async (_path: string, options: { onRedirected?: (url: string) => void }) => {
    if (followed) options.onRedirected?.(followed);
    return product;
  };
  return { get } as unknown as ApiClient;
}

describe('a product’s old address', () => {
  it('answers the product where it is, with no move', async () => {
    await expect(fetchProductAt(answering({ slug: 'kami' }), 'kami')).resolves.toEqual({
      product: { slug: 'kami' },
      moved: null,
    });
  });

  it('names the new product and its variant when the redirect was followed (a fetch over the network)', async () => {
    const api = answering(
      { slug: 'angkhola-khukuri' },
      'http://api.internal/api/products/products/angkhola-khukuri/?variant=17',
    );
    await expect(fetchProductAt(api, 'angkhola-khukuri-10-inch')).resolves.toMatchObject({
      moved: { slug: 'angkhola-khukuri', variant: 17 },
    });
    const withoutVariant = answering(
      { slug: 'angkhola-khukuri' },
      'http://api.internal/api/products/products/angkhola-khukuri/',
    );
    await expect(fetchProductAt(withoutVariant, 'old')).resolves.toMatchObject({
      moved: { slug: 'angkhola-khukuri', variant: null },
    });
  });

  it('reads the move from the 301 itself when it was not followed (the API in the same process)', () => {
    const body = { detail: 'This product has moved.', code: 'product_moved', slug: 'angkhola-khukuri', variant: 17 };
    const error = new ApiError(301, body);
    expect(productMoveOf(error.status, error.body)).toEqual({ slug: 'angkhola-khukuri', variant: 17 });
    expect(productMoveOf(301, { ...body, variant: null })).toEqual({ slug: 'angkhola-khukuri', variant: null });
    expect(productMoveOf(404, body)).toBeNull();
    expect(productMoveOf(301, { detail: 'Moved.' })).toBeNull();
    expect(productMoveOf(301, null)).toBeNull();
  });
});
