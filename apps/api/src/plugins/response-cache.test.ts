// Public API reads from the response cache: served from it until a write changes what they show, then never stale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  addToCart,
  createCategory,
  createCustomer,
  createProduct,
  placeOrder,
  setPayments,
} from '../../test/builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function shopWithProduct(name: string) {
  const staffed = await shopWithStaff(t, name);
  const category = await createCategory(t, staffed.shop);
  const product = await createProduct(t, staffed.shop, { categoryId: category.id, priceCents: 8500, stock: 4 });
  return { ...staffed, category, product };
}

describe('public API answers from the response cache', () => {
  it('are served from the cache until the staff change the product, then show the change at once', async () => {
    const { shop, staff, product } = await shopWithProduct('Cached shop');
    const url = `/api/products/products/${product.slug}/`;
    const first = await t.request(shop, { method: 'GET', url });
    expect(first.headers['x-cache']).toBe('miss');
    const second = await t.request(shop, { method: 'GET', url });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.json()).toEqual(first.json());
    const list = await t.request(shop, { method: 'GET', url: '/api/products/products/' });
    expect(list.json()[0].price).toBe('85.00');

    const patched = await adminCall(t, shop, staff.accessToken, 'PATCH', `/products/${product.id}/`, {
      price: '90.50',
    });
    expect(patched.statusCode).toBe(200);
    const after = await t.request(shop, { method: 'GET', url });
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().price).toBe('90.50');
    expect((await t.request(shop, { method: 'GET', url: '/api/products/products/' })).json()[0].price).toBe('90.50');
  });

  it('show a new review, and the stock an order took, on the next read', async () => {
    const { shop, product } = await shopWithProduct('Review shop');
    const url = `/api/products/products/${product.slug}/`;
    await t.request(shop, { method: 'GET', url });
    expect((await t.request(shop, { method: 'GET', url })).headers['x-cache']).toBe('hit');

    const customer = await createCustomer(t, shop);
    const review = await t.request(shop, {
      method: 'POST',
      url: '/api/products/reviews/',
      token: customer.accessToken,
      payload: { product: product.id, rating: 5, comment: 'A fine blade.' },
    });
    expect(review.statusCode).toBe(201);
    expect((await t.request(shop, { method: 'GET', url })).json().reviews).toHaveLength(1);

    await setPayments(t, shop);
    await addToCart(t, shop, customer.accessToken, product.id, 3);
    const order = await placeOrder(t, shop, customer.accessToken);
    expect(order.statusCode).toBe(201);
    expect((await t.request(shop, { method: 'GET', url })).json().stock).toBe(1);
  });

  it('are kept per shop: one shop’s change leaves another’s cached answers alone', async () => {
    const first = await shopWithProduct('First cached shop');
    const second = await shopWithProduct('Second cached shop');
    const read = (shop: typeof first) =>
      t.request(shop.shop, { method: 'GET', url: `/api/products/products/${shop.product.slug}/` });
    await read(first);
    await read(second);
    await adminCall(t, first.shop, first.staff.accessToken, 'PATCH', `/products/${first.product.id}/`, {
      name: 'Renamed blade',
    });
    expect((await read(first)).json().name).toBe('Renamed blade');
    expect((await read(second)).headers['x-cache']).toBe('hit');
  });

  it('answer a signed-in request fresh, and never keep a private or failed answer', async () => {
    const { shop, customer, product } = await shopWithProduct('Private shop');
    const url = `/api/products/products/${product.slug}/`;
    await t.request(shop, { method: 'GET', url });
    const signedIn = await t.request(shop, { method: 'GET', url, token: customer.accessToken });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['x-cache']).toBeUndefined();
    const missing = () => t.request(shop, { method: 'GET', url: '/api/products/products/no-such-blade/' });
    expect((await missing()).statusCode).toBe(404);
    const again = await missing();
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-cache']).toBe('miss');
    const cart = await t.request(shop, { method: 'GET', url: '/api/orders/cart/', token: customer.accessToken });
    expect(cart.headers['x-cache']).toBeUndefined();
  });

  it('answer 50 concurrent reads of a cold address with one run of its handler', async () => {
    const { shop, product } = await shopWithProduct('Crowded shop');
    const url = `/api/products/products/${product.slug}/`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.request(shop, { method: 'GET', url })));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'miss')).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });
});
