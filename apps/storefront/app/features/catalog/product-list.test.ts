import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api-client.ts';
import { loadProductList } from './product-list.ts';

function apiAnswering(status: number, body: unknown) {
  return createApiClient({
    baseUrl: 'http://api.test/api',
    tenantToken: 'shop-1',
    fetch: async () => Response.json(body, { status }),
  });
}

const url = new URL('http://shop.test/products?search=kukri');

describe('loadProductList', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the list's generic error when the answer breaks its contract, and logs it once", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = apiAnswering(200, { count: 1, next: null, previous: null, results: [{ id: 1, name: 'Kukri' }] });
    for (let render = 0; render < 2; render += 1) {
      await expect(loadProductList(api, url)).resolves.toMatchObject({
        products: null,
        error: 'Failed to load products.',
      });
    }
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it("shows the server's detail of a failure, else the generic error", async () => {
    await expect(loadProductList(apiAnswering(503, { detail: 'The catalog is resting.' }), url)).resolves.toMatchObject(
      { products: null, error: 'The catalog is resting.' },
    );
    await expect(loadProductList(apiAnswering(500, {}), url)).resolves.toMatchObject({
      products: null,
      error: 'Failed to load products.',
    });
  });

  it('gives the page of products of a valid answer', async () => {
    const page = { count: 0, next: null, previous: null, results: [] };
    await expect(loadProductList(apiAnswering(200, page), url)).resolves.toMatchObject({
      search: 'kukri',
      products: page,
      error: null,
    });
  });
});
