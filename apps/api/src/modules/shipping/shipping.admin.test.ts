// The administration of shipping zones through HTTP, and what the checkout's quote then charges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, type DropFirst, shopWithStaff as staffShop } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createProduct } from '../../../test/builders.ts';
import { shippingCost } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const shopWithStaff = () => staffShop(t, 'Shipping admin shop');
const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

const EUROPE = {
  name: 'Europe',
  countries: ['fr', 'DE', 'GB', 'DE'],
  flat_rate: '25.00',
  free_above: '300.00',
  per_item: '2.50',
  delivery_days_min: 7,
  delivery_days_max: 14,
};

describe('the shipping cost rule', () => {
  it('is flat per order plus per item, and nothing from the free-above amount on', () => {
    const rates = { flatRateCents: 2500, perItemCents: 250, freeAboveCents: 30000 };
    expect(shippingCost(rates, { subtotalCents: 10000, totalItems: 2 })).toBe(3000);
    expect(shippingCost(rates, { subtotalCents: 29999, totalItems: 1 })).toBe(2750);
    expect(shippingCost(rates, { subtotalCents: 30000, totalItems: 4 })).toBe(0);
    expect(shippingCost({ ...rates, freeAboveCents: null }, { subtotalCents: 10 ** 9, totalItems: 1 })).toBe(2750);
  });
});

describe('who may administer the shipping zones', () => {
  it('answers 401 to guests, 403 to customers, 401 to another shop’s staff; staff read, the owner changes', async () => {
    const { shop, staff, customer } = await shopWithStaff();
    const theirs = await shopWithStaff();
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', '/shipping-zones/'],
      ['POST', '/shipping-zones/', EUROPE],
      ['GET', '/shipping-zones/1/'],
      ['PATCH', '/shipping-zones/1/', { name: 'X' }],
      ['DELETE', '/shipping-zones/1/'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await admin(shop, undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await admin(shop, customer.accessToken, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await admin(shop, theirs.staff.accessToken, method, url, payload)).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
    expect((await admin(shop, staff.accessToken, 'GET', '/shipping-zones/')).json()).toEqual({ count: 0, results: [] });
    // Settings are the owner's (ROLE_PERMISSIONS): the `staff` role reads them and changes nothing.
    const refused = await admin(shop, staff.accessToken, 'POST', '/shipping-zones/', EUROPE);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("Your role may not manage the shop's settings or staff.");
    expect((await admin(shop, staff.accessToken, 'GET', '/shipping-zones/')).json().count).toBe(0);
  });
});

describe('shipping zones', () => {
  it('creates, lists, changes and deletes zones; the quote follows at once; every write is audited', async () => {
    const { shop, owner, staff, customer } = await shopWithStaff();
    const product = await createProduct(t, shop, { stock: 10, priceCents: 10000 });
    await addToCart(t, shop, customer.accessToken, product.id, 2);
    const quote = async (country: string) =>
      t.request(shop, {
        method: 'GET',
        url: `/api/orders/shipping-quote/?country=${country}`,
        token: customer.accessToken,
      });

    const created = await admin(shop, owner.accessToken, 'POST', '/shipping-zones/', EUROPE);
    expect(created.statusCode, created.body).toBe(201);
    const europe = created.json();
    expect(europe).toMatchObject({
      name: 'Europe',
      countries: ['DE', 'FR', 'GB'],
      is_default: false,
      flat_rate: '25.00',
      free_above: '300.00',
      per_item: '2.50',
      delivery_estimate: '7–14 business days',
    });
    const rest = (
      await admin(shop, owner.accessToken, 'POST', '/shipping-zones/', {
        name: 'Rest of the world',
        is_default: true,
        flat_rate: '40.00',
        delivery_days_min: 10,
        delivery_days_max: 10,
      })
    ).json();
    expect(rest).toMatchObject({
      countries: [],
      free_above: null,
      per_item: '0.00',
      delivery_estimate: '10 business days',
    });

    const list = (await admin(shop, staff.accessToken, 'GET', '/shipping-zones/?ordering=-name')).json();
    expect(list.results.map((zone: { name: string }) => zone.name)).toEqual(['Europe', 'Rest of the world']);
    expect((await admin(shop, staff.accessToken, 'GET', '/shipping-zones/?search=rest')).json().count).toBe(1);
    expect((await admin(shop, staff.accessToken, 'GET', `/shipping-zones/${europe.id}/`)).json()).toEqual(europe);
    expect((await quote('FR')).json()).toMatchObject({ zone: 'Europe', shipping: '30.00' });
    expect((await quote('JP')).json()).toMatchObject({ zone: 'Rest of the world', shipping: '40.00' });

    const changed = await admin(shop, owner.accessToken, 'PATCH', `/shipping-zones/${europe.id}/`, {
      countries: ['FR', 'IT'],
      flat_rate: '20.00',
    });
    expect(changed.json()).toMatchObject({ countries: ['FR', 'IT'], flat_rate: '20.00', per_item: '2.50' });
    // A cleared form field ('') means never free, like null.
    const neverFree = await admin(shop, owner.accessToken, 'PATCH', `/shipping-zones/${europe.id}/`, {
      free_above: '',
    });
    expect(neverFree.json()).toMatchObject({ free_above: null });
    expect((await quote('IT')).json()).toMatchObject({ zone: 'Europe', shipping: '25.00' });
    expect((await quote('DE')).json()).toMatchObject({ zone: 'Rest of the world' });

    expect((await admin(shop, owner.accessToken, 'DELETE', `/shipping-zones/${europe.id}/`)).statusCode).toBe(204);
    expect((await admin(shop, staff.accessToken, 'GET', `/shipping-zones/${europe.id}/`)).statusCode).toBe(404);
    expect((await quote('IT')).json()).toMatchObject({ zone: 'Rest of the world' });

    const log = (await admin(shop, owner.accessToken, 'GET', '/audit-log/?entity=shipping_zone')).json();
    expect(log.results.map((entry: { action: string }) => entry.action)).toEqual([
      'shipping_zone.delete',
      'shipping_zone.update',
      'shipping_zone.update',
      'shipping_zone.create',
      'shipping_zone.create',
    ]);
    expect(log.results[2]).toMatchObject({
      actor_user_id: owner.user.id,
      summary: {
        before: { countries: 'DE FR GB', flat_rate: '25.00' },
        after: { countries: 'FR IT', flat_rate: '20.00' },
      },
    });
  });

  it('keeps a country in one zone, one default zone without countries, unique names and sensible amounts', async () => {
    const { shop, owner, staff } = await shopWithStaff();
    const create = (payload: object) => admin(shop, owner.accessToken, 'POST', '/shipping-zones/', payload);
    const europe = (await create(EUROPE)).json();
    const taken = await create({ ...EUROPE, name: 'Western Europe', countries: ['FR', 'ES'] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ countries: ['France is in the zone Europe.'] });
    expect((await create({ ...EUROPE, name: 'europe', countries: ['ES'] })).json()).toEqual({
      name: ['A shipping zone with this name exists.'],
    });
    expect((await create({ ...EUROPE, name: 'Nowhere', countries: [] })).json()).toEqual({
      countries: ['A zone lists at least one country (or is the default zone).'],
    });
    expect((await create({ ...EUROPE, name: 'Rest', is_default: true })).json()).toEqual({
      countries: ['The default zone serves every country no other zone lists: it lists none.'],
    });
    await create({ ...EUROPE, name: 'Rest', is_default: true, countries: [] });
    expect((await create({ ...EUROPE, name: 'Rest 2', is_default: true, countries: [] })).json()).toEqual({
      is_default: ['The default zone is Rest: a shop has one.'],
    });
    const days = await admin(shop, owner.accessToken, 'PATCH', `/shipping-zones/${europe.id}/`, {
      delivery_days_min: 20,
    });
    expect(days.json()).toEqual({ delivery_days_max: ['Ensure this is at least the days from.'] });
    for (const wrong of [
      { flat_rate: '-1.00' },
      { flat_rate: '1.555' },
      { countries: ['XX'] },
      { tenant_id: 1 },
      { delivery_days_min: -1 },
    ]) {
      const response = await admin(shop, owner.accessToken, 'PATCH', `/shipping-zones/${europe.id}/`, wrong);
      expect(response.statusCode, JSON.stringify(wrong)).toBe(400);
    }
    expect((await admin(shop, staff.accessToken, 'GET', `/shipping-zones/${europe.id}/`)).json()).toEqual(europe);
  });

  it("never shows or changes another shop's zones", async () => {
    const ours = await shopWithStaff();
    const theirs = await shopWithStaff();
    const zone = (await admin(theirs.shop, theirs.owner.accessToken, 'POST', '/shipping-zones/', EUROPE)).json();
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'Mine' }], ['DELETE']] as const) {
      const response = await admin(ours.shop, ours.owner.accessToken, method, `/shipping-zones/${zone.id}/`, payload);
      expect(response.statusCode, method).toBe(404);
    }
    expect((await admin(ours.shop, ours.staff.accessToken, 'GET', '/shipping-zones/')).json().count).toBe(0);
    // Their zone's countries are free for ours.
    expect((await admin(ours.shop, ours.owner.accessToken, 'POST', '/shipping-zones/', EUROPE)).statusCode).toBe(201);
  });
});
