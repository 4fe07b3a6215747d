// An IDOR and tenant sweep: every customer endpoint that takes an id answers another customer of the shop, and a
// customer of another shop, with 404 (or 401 for a token of another shop), and changes nothing of the owner's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServedTestApp, type TestApp } from '../../test/app.ts';
import {
  addToCart,
  createCategory,
  createCustomer,
  createProduct,
  placeOrder,
  takeCards,
} from '../../test/builders.ts';
import type { Tenant } from '../modules/tenants/index.ts';

let t: TestApp & { origin: string };
beforeAll(async () => {
  t = await buildServedTestApp();
});
afterAll(() => t.close());

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
}

describe('ids of another customer or another shop', () => {
  it('answer 404 on every customer endpoint, and nothing of the owner changes', async () => {
    const shop = await t.createTenant('Owner shop');
    await takeCards(t, shop);
    const category = await createCategory(t, shop);
    const product = await createProduct(t, shop, { categoryId: category.id, stock: 20, priceCents: 8500 });
    const owner = await createCustomer(t, shop);
    const neighbour = await createCustomer(t, shop);
    const elsewhere: Tenant = await t.createTenant('Other shop');
    const stranger = await createCustomer(t, elsewhere);

    // The owner's order (card, awaiting payment), its payment attempt, and a line in the cart.
    await addToCart(t, shop, owner.accessToken, product.id, 1);
    const order = (await placeOrder(t, shop, owner.accessToken, { payment_method: 'card_2c2p' })).json() as {
      id: number;
    };
    const started = await t.request(shop, {
      method: 'POST',
      url: '/api/payments/card/initiate/',
      token: owner.accessToken,
      payload: { order_id: order.id, currency: 'USD' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const paymentUuid = started.json().payment_uuid as string;
    const cart = await addToCart(t, shop, owner.accessToken, product.id, 2);
    const itemId = cart.items[0].id as number;
    const address = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/addresses/',
      token: owner.accessToken,
      payload: {
        street: 'Lazimpat 12',
        city: 'Kathmandu',
        postalCode: '44600',
        country: 'Nepal',
        fullname: 'Owner',
        contact_number: '+977 1 4410000',
      },
    });
    const addressId = address.json().id as number;

    const calls: Call[] = [
      { method: 'GET', url: `/api/orders/orders/${order.id}/` },
      { method: 'PATCH', url: `/api/orders/cart/items/${itemId}/`, payload: { quantity: 5 } },
      { method: 'DELETE', url: `/api/orders/cart/items/${itemId}/` },
      { method: 'GET', url: `/api/payments/history/${paymentUuid}/` },
      { method: 'POST', url: '/api/payments/card/initiate/', payload: { order_id: order.id, currency: 'USD' } },
      { method: 'PATCH', url: `/api/accounts/addresses/${addressId}/`, payload: { fullname: 'Someone else' } },
      { method: 'DELETE', url: `/api/accounts/addresses/${addressId}/` },
    ];
    const ownerView = async () => ({
      order: (
        await t.request(shop, { method: 'GET', url: `/api/orders/orders/${order.id}/`, token: owner.accessToken })
      ).json(),
      cart: (await t.request(shop, { method: 'GET', url: '/api/orders/cart/', token: owner.accessToken })).json(),
      payment: (
        await t.request(shop, { method: 'GET', url: `/api/payments/history/${paymentUuid}/`, token: owner.accessToken })
      ).json().status,
      addresses: (
        await t.request(shop, { method: 'GET', url: '/api/accounts/addresses/', token: owner.accessToken })
      ).json(),
    });
    const before = await ownerView();

    for (const call of calls) {
      const label = `${call.method} ${call.url}`;
      // Another customer of the same shop.
      const neighbours = await t.request(shop, { ...call, token: neighbour.accessToken });
      expect(neighbours.statusCode, `neighbour: ${label}: ${neighbours.body}`).toBe(404);
      // A customer of another shop, in their own shop: the ids name nothing there.
      const strangers = await t.request(elsewhere, { ...call, token: stranger.accessToken });
      expect(strangers.statusCode, `stranger: ${label}: ${strangers.body}`).toBe(404);
      // …and their token in the owner's shop is no token at all.
      const crossed = await t.request(shop, { ...call, token: stranger.accessToken });
      expect(crossed.statusCode, `crossed: ${label}`).toBe(401);
      // A guest is asked to sign in.
      const guest = await t.request(shop, call);
      expect(guest.statusCode, `guest: ${label}`).toBe(401);
    }
    expect(await ownerView()).toEqual(before);
  });
});
