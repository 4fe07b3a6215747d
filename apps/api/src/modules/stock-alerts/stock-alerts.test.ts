// Back-in-stock alerts through HTTP: asked by a customer or a guest (confirmed by its link), mailed once when staff's
// change brings the stock above 0 (a correction, a cancellation), spent under concurrent restocks, listed and
// cancelled by their customer, counted for staff.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  createCustomer,
  createProduct,
  createVariantProduct,
  placeOrder,
  setPayments,
} from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import type { Tenant } from '../../lib/context.ts';

const ORIGIN = 'https://forge.example';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: ORIGIN });
});
afterAll(() => t.close());

/** A shop with an Angkhola in two lengths, the 15 inch sold out. */
async function shop() {
  const setup = await shopWithStaff(t, 'Alert Forge');
  await setPayments(t, setup.shop);
  const { product, variants } = await createVariantProduct(
    t,
    setup.shop,
    {
      options: [{ name: 'Blade length', values: ['12 inch', '15 inch'] }],
      variants: [
        { options: ['12 inch'], stock: 4 },
        { options: ['15 inch'], stock: 0 },
      ],
    },
    { name: 'Angkhola', priceCents: 9500 },
  );
  const [short, long] = variants;
  if (!short || !long) throw new Error('two variants');
  return { ...setup, product, short, long };
}
type Shop = Awaited<ReturnType<typeof shop>>;

function ask(shopTenant: Tenant, slug: string, payload: object, token?: string) {
  return t.request(shopTenant, {
    method: 'POST',
    url: `/api/products/products/${slug}/stock-alerts/`,
    ...(token ? { token } : {}),
    payload,
  });
}

async function restock(setup: Shop, variantId: number, change = 3, app = t.app) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/admin/products/${setup.product.id}/stock/`,
    headers: { 'x-tenant-token': setup.shop.token, authorization: `Bearer ${setup.staff.accessToken}` },
    payload: { change, reason: 'Delivery from the forge', variant_id: variantId },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

const backInStock = (email: string) =>
  mailsTo(t.config.DATA_DIR, email).filter((mail) => /^Subject: Back in stock/m.test(mail.raw));

describe("a customer's alert", () => {
  it('is mailed once when staff restock the sold-out variant, naming it with a link on the shop origin, and is then spent', async () => {
    const setup = await shop();
    const customer = await createCustomer(t, setup.shop);
    const asked = await ask(setup.shop, setup.product.slug, { variant_id: setup.long.id }, customer.accessToken);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toEqual({ detail: "We'll e-mail you once when it's back in stock.", confirmed: true });
    // Asking again changes nothing.
    expect(
      (await ask(setup.shop, setup.product.slug, { variant_id: setup.long.id }, customer.accessToken)).statusCode,
    ).toBe(201);
    const mine = await t.request(setup.shop, {
      method: 'GET',
      url: '/api/products/stock-alerts/',
      token: customer.accessToken,
    });
    expect(mine.json()).toEqual([
      expect.objectContaining({
        product: { id: setup.product.id, slug: setup.product.slug, name: 'Angkhola' },
        variant: { id: setup.long.id, name: '15 inch' },
        email: customer.user.email,
      }),
    ]);

    await restock(setup, setup.short.id);
    await t.settled();
    expect(backInStock(customer.user.email)).toHaveLength(0);

    await restock(setup, setup.long.id);
    await t.settled();
    const mails = backInStock(customer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.raw).toMatch(/^Subject: Back in stock at Alert Forge: Angkhola \(15 inch\)$/m);
    expect(mails[0]?.body).toContain(`${ORIGIN}/products/${setup.product.slug}?variant=${setup.long.id}`);

    // Spent: another delivery sends nothing, and the customer's list is empty.
    await restock(setup, setup.long.id, 2);
    await t.settled();
    expect(backInStock(customer.user.email)).toHaveLength(1);
    const after = await t.request(setup.shop, {
      method: 'GET',
      url: '/api/products/stock-alerts/',
      token: customer.accessToken,
    });
    expect(after.json()).toEqual([]);
  });

  it('is mailed once under restocks made at the same time on two instances', async () => {
    const setup = await shop();
    const customers = await Promise.all([createCustomer(t, setup.shop), createCustomer(t, setup.shop)]);
    for (const customer of customers) {
      expect(
        (await ask(setup.shop, setup.product.slug, { variant_id: setup.long.id }, customer.accessToken)).statusCode,
      ).toBe(201);
    }
    const second = await t.secondInstance();
    await Promise.all([
      restock(setup, setup.long.id, 1),
      restock(setup, setup.long.id, 1, second),
      restock(setup, setup.long.id, 1),
    ]);
    await t.settled();
    await second.deps.events.idle();
    await second.deps.mailer.idle();
    for (const customer of customers) expect(backInStock(customer.user.email)).toHaveLength(1);
  });

  it("is mailed when a cancelled order's units come back", async () => {
    const setup = await shop();
    const buyer = await createCustomer(t, setup.shop);
    await restock(setup, setup.long.id, 1);
    const added = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      token: buyer.accessToken,
      payload: { product_id: setup.product.id, variant_id: setup.long.id, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const placed = await placeOrder(t, setup.shop, buyer.accessToken);
    expect(placed.statusCode, placed.body).toBe(201);
    const waiting = await createCustomer(t, setup.shop);
    expect(
      (await ask(setup.shop, setup.product.slug, { variant_id: setup.long.id }, waiting.accessToken)).statusCode,
    ).toBe(201);
    const cancelled = await adminCall(
      t,
      setup.shop,
      setup.staff.accessToken,
      'POST',
      `/orders/${placed.json().id}/transition/`,
      {
        to: 'cancelled',
        reason: 'The customer asked',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.settled();
    expect(backInStock(waiting.user.email)).toHaveLength(1);
  });

  it('is refused for what can be bought: in stock, or made to order; 404 for no such product', async () => {
    const setup = await shop();
    const customer = await createCustomer(t, setup.shop);
    const inStock = await ask(setup.shop, setup.product.slug, { variant_id: setup.short.id }, customer.accessToken);
    expect(inStock.statusCode).toBe(400);
    expect(inStock.json()).toMatchObject({ detail: 'This item is in stock: add it to your cart.' });
    const made = await adminCall(
      t,
      setup.shop,
      setup.staff.accessToken,
      'PATCH',
      `/products/${setup.product.id}/variants/`,
      {
        variants: [{ id: setup.long.id, made_to_order: true, lead_time_days: 21 }],
      },
    );
    expect(made.statusCode, made.body).toBeLessThan(300);
    const madeToOrder = await ask(setup.shop, setup.product.slug, { variant_id: setup.long.id }, customer.accessToken);
    expect(madeToOrder.json()).toMatchObject({ detail: 'This item is made to order: you can order it now.' });
    const other = await createProduct(t, setup.shop, { stock: 0 });
    const foreign = await ask(setup.shop, setup.product.slug, { variant_id: other.id }, customer.accessToken);
    expect(foreign.statusCode).toBe(400);
    expect((await ask(setup.shop, 'no-such-knife', {}, customer.accessToken)).statusCode).toBe(404);
  });

  it('is cancelled by its customer, and by nobody else (404)', async () => {
    const setup = await shop();
    const customer = await createCustomer(t, setup.shop);
    const stranger = await createCustomer(t, setup.shop);
    await ask(setup.shop, setup.product.slug, { variant_id: setup.long.id }, customer.accessToken);
    const [alert] = (
      await t.request(setup.shop, { method: 'GET', url: '/api/products/stock-alerts/', token: customer.accessToken })
    ).json();
    const url = `/api/products/stock-alerts/${alert.id}/`;
    expect((await t.request(setup.shop, { method: 'DELETE', url, token: stranger.accessToken })).statusCode).toBe(404);
    expect((await t.request(setup.shop, { method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.request(setup.shop, { method: 'DELETE', url, token: customer.accessToken })).statusCode).toBe(204);
    await restock(setup, setup.long.id);
    await t.settled();
    expect(backInStock(customer.user.email)).toHaveLength(0);
  });
});

describe("a guest's alert", () => {
  it('needs an address, is confirmed by its link (a wrong key: 404), and only then is mailed', async () => {
    const setup = await shop();
    const missing = await ask(setup.shop, setup.product.slug, { variant_id: setup.long.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ email: ['Enter your e-mail address.'] });
    expect(
      (await ask(setup.shop, setup.product.slug, { variant_id: setup.long.id, email: 'not an address' })).statusCode,
    ).toBe(400);

    const confirming = `guest${setup.shop.id}@example.com`;
    const silent = `silent${setup.shop.id}@example.com`;
    for (const email of [confirming, silent]) {
      const asked = await ask(setup.shop, setup.product.slug, { variant_id: setup.long.id, email });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json().confirmed).toBe(false);
    }
    await t.settled();
    const [confirmation] = mailsTo(t.config.DATA_DIR, confirming);
    const link = confirmation?.body.match(
      /(https:\/\/forge\.example\/stock-alerts\/confirm\?alert=(\d+)&key=([\w-]+))/,
    );
    expect(link, confirmation?.body).toBeTruthy();
    const [, , alert, key] = link as RegExpMatchArray;
    const confirm = (payload: object) =>
      t.request(setup.shop, { method: 'POST', url: '/api/products/stock-alerts/confirm/', payload });
    expect((await confirm({ alert: Number(alert), key: `${key}x` })).statusCode).toBe(404);
    const confirmed = await confirm({ alert: Number(alert), key });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    await restock(setup, setup.long.id);
    await t.settled();
    expect(backInStock(confirming)).toHaveLength(1);
    expect(backInStock(silent)).toHaveLength(0);
    // The link of a spent alert works no more.
    expect((await confirm({ alert: Number(alert), key })).statusCode).toBe(404);
  });
});

describe('the demand staff see', () => {
  it('counts the alerts waiting per variant, most first, in this shop only; a customer may not read it', async () => {
    const setup = await shop();
    const other = await shop();
    for (let index = 0; index < 2; index += 1) {
      const customer = await createCustomer(t, setup.shop);
      await ask(setup.shop, setup.product.slug, { variant_id: setup.long.id }, customer.accessToken);
    }
    await ask(setup.shop, setup.product.slug, {
      variant_id: setup.long.id,
      email: `waiting${setup.shop.id}@example.com`,
    });
    const list = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/stock-alerts/');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      results: [
        {
          id: `${setup.product.id}-${setup.long.id}`,
          product_name: 'Angkhola',
          variant: '15 inch',
          stock: 0,
          waiting: 2,
          unconfirmed: 1,
        },
      ],
    });
    expect((await adminCall(t, other.shop, other.staff.accessToken, 'GET', '/stock-alerts/')).json().count).toBe(0);
    const customer = await createCustomer(t, setup.shop);
    expect((await adminCall(t, setup.shop, customer.accessToken, 'GET', '/stock-alerts/')).statusCode).toBe(403);
  });
});
