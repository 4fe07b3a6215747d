import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer, createProduct } from '../../../test/builders.ts';
import { setProductActive } from '../catalog/products/products.repository.ts';
import type { Tenant } from '../tenants/tenants.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function get(tenant: Tenant, url: string) {
  return t.request(tenant, { method: 'GET', url });
}

describe('POST /api/products/reviews/', () => {
  async function review(tenant: Tenant, token: string | undefined, payload: object) {
    return t.request(tenant, { method: 'POST', url: '/api/products/reviews/', token, payload });
  }

  it('adds a trimmed review of a signed-in customer under their display name; count and average follow', async () => {
    const shop = await t.createTenant();
    const product = await createProduct(t, shop, { slug: 'reviewed' });
    const alice = await createCustomer(t, shop, { username: 'alice', displayName: 'Alice B.' });
    const bob = await createCustomer(t, shop, { username: 'bob' });
    const created = await review(shop, alice.accessToken, { product: product.id, rating: 5, comment: '  Sharp!  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      product: product.id,
      user: { username: 'Alice B.' },
      rating: 5,
      comment: 'Sharp!',
      created_at: expect.any(String),
      is_verified_purchase: false,
    });
    await review(shop, bob.accessToken, { product: product.id, rating: 2, comment: 'Dull.' });
    const detail = (await get(shop, '/api/products/products/reviewed/')).json();
    expect(detail.review_count).toBe(2);
    expect(detail.average_rating).toBe(3.5);
    expect(detail.reviews.map((r: { comment: string }) => r.comment)).toEqual(['Dull.', 'Sharp!']);
    expect(detail.reviews[1].user).toEqual({ username: 'Alice B.' });
    // Without a chosen name, a neutral one: never the username or the e-mail address.
    expect(detail.reviews[0].user.username).toMatch(/^Customer \d{4}$/);
  });

  it('refuses guests with 401', async () => {
    const shop = await t.createTenant();
    const product = await createProduct(t, shop);
    const response = await review(shop, undefined, { product: product.id, rating: 5, comment: 'Nice' });
    expect(response.statusCode).toBe(401);
    expect((await review(shop, undefined, { product: product.id, rating: 0, comment: '' })).statusCode).toBe(401);
  });

  it('refuses ratings 0, 6 and 4.5, a blank comment and a too long one', async () => {
    const shop = await t.createTenant();
    const product = await createProduct(t, shop);
    const { accessToken } = await createCustomer(t, shop);
    for (const rating of [0, 6, 4.5]) {
      const response = await review(shop, accessToken, { product: product.id, rating, comment: 'Fine' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('rating');
    }
    const blank = await review(shop, accessToken, { product: product.id, rating: 3, comment: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ comment: ['This field may not be blank.'] });
    const long = await review(shop, accessToken, { product: product.id, rating: 3, comment: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect((await get(shop, `/api/products/products/${product.slug}/`)).json().review_count).toBe(0);
  });

  it('refuses a second review of the same product by the same customer', async () => {
    const shop = await t.createTenant();
    const product = await createProduct(t, shop);
    const { accessToken } = await createCustomer(t, shop);
    expect((await review(shop, accessToken, { product: product.id, rating: 4, comment: 'One' })).statusCode).toBe(201);
    const second = await review(shop, accessToken, { product: product.id, rating: 1, comment: 'Two' });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ detail: 'You have already reviewed this product.', code: 'already_reviewed' });
    expect((await get(shop, `/api/products/products/${product.slug}/`)).json().review_count).toBe(1);
  });

  it("refuses reviews of inactive products and of another shop's products, and never shows their reviews", async () => {
    const mine = await t.createTenant();
    const other = await t.createTenant();
    const theirs = await createProduct(t, other, { slug: 'theirs' });
    const inactive = await createProduct(t, mine);
    await setProductActive(t.scope(mine), inactive.id, false);
    const { accessToken } = await createCustomer(t, mine);
    for (const id of [theirs.id, inactive.id]) {
      const response = await review(mine, accessToken, { product: id, rating: 5, comment: 'Hi' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('product');
    }
    const stranger = await createCustomer(t, other);
    await review(other, stranger.accessToken, { product: theirs.id, rating: 5, comment: 'Theirs' });
    expect((await get(mine, '/api/products/products/theirs/')).statusCode).toBe(404);
    // A token of one shop is not valid in another.
    expect((await review(other, accessToken, { product: theirs.id, rating: 5, comment: 'x' })).statusCode).toBe(401);
  });
});
