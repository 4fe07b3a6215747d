// Made to order through HTTP: a variant (or a product) made to order with a lead time stays on sale at stock 0; the
// cart and the product page say so; the order takes from stock what is there, answers the day it ships by (per line
// and for the order), gives back on cancellation only what it took; staff see it in the list and on the dashboard.
import { addDays, dateInZone } from '@platform/contracts/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  addShippingZone,
  addToCart,
  createCustomer,
  createProduct,
  createVariantProduct,
  placeOrder,
  setPayments,
  stockOf,
} from '../../../test/builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A shop in Kathmandu with an Angkhola in two lengths, the 15 inch sold out. */
async function shop() {
  const setup = await shopWithStaff(t, 'Made Forge');
  await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/site-settings/', { time_zone: 'Asia/Kathmandu' });
  await setPayments(t, setup.shop);
  await addShippingZone(t, setup.shop);
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

async function makeToOrder(setup: Shop, variantId: number, days: number) {
  const saved = await adminCall(
    t,
    setup.shop,
    setup.staff.accessToken,
    'PATCH',
    `/products/${setup.product.id}/variants/`,
    {
      variants: [{ id: variantId, made_to_order: true, lead_time_days: days }],
    },
  );
  expect(saved.statusCode, saved.body).toBeLessThan(300);
}

function addVariant(setup: Shop, token: string, variantId: number, quantity = 1) {
  return t.request(setup.shop, {
    method: 'POST',
    url: '/api/orders/cart/add-item/',
    token,
    payload: { product_id: setup.product.id, variant_id: variantId, quantity },
  });
}

const today = () => dateInZone(new Date(), 'Asia/Kathmandu');

describe('a variant made to order', () => {
  it('is refused at stock 0 until staff make it to order; then the page, the cart and the order say when it ships', async () => {
    const setup = await shop();
    const customer = await createCustomer(t, setup.shop);
    const refused = await addVariant(setup, customer.accessToken, setup.long.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: 'Item is out of stock.' });
    const card = async () =>
      (
        await t.request(setup.shop, { method: 'GET', url: `/api/products/products/?search=${setup.product.name}` })
      ).json()[0];
    expect(await card()).toMatchObject({ slug: setup.product.slug, made_to_order: false });

    await makeToOrder(setup, setup.long.id, 21);
    // A variant made to order makes its product's card say so.
    expect(await card()).toMatchObject({ slug: setup.product.slug, made_to_order: true });
    const page = await t.request(setup.shop, { method: 'GET', url: `/api/products/products/${setup.product.slug}/` });
    const variants = page.json().variants as { id: number; made_to_order: boolean; lead_time_days: number | null }[];
    expect(variants.find((variant) => variant.id === setup.long.id)).toMatchObject({
      made_to_order: true,
      lead_time_days: 21,
    });
    expect(variants.find((variant) => variant.id === setup.short.id)).toMatchObject({
      made_to_order: false,
      lead_time_days: null,
    });

    const added = await addVariant(setup, customer.accessToken, setup.long.id, 2);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().items[0].product).toMatchObject({ stock: 0, made_to_order: true, lead_time_days: 21 });
    expect((await addVariant(setup, customer.accessToken, setup.short.id)).statusCode).toBe(200);

    const placed = await placeOrder(t, setup.shop, customer.accessToken);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    const shipsBy = addDays(today(), 21);
    expect(order.ships_by).toBe(shipsBy);
    const [madeLine, stockLine] = order.items;
    expect(madeLine).toMatchObject({ quantity: 2, ships_by: shipsBy });
    expect(stockLine).toMatchObject({ quantity: 1, ships_by: null });
    // At least 19 days away, whatever the zone's day is against the clock's.
    expect(new Date(`${order.ships_by}T23:59:59Z`).getTime() - Date.now()).toBeGreaterThan(19 * 86_400_000);
    // Nothing left stock that was not there; the 12 inch's unit did.
    expect(await stockOf(t, setup.long.id)).toMatchObject({ variant: 0 });
    expect(await stockOf(t, setup.short.id)).toMatchObject({ variant: 3 });

    const listed = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/orders/');
    expect(listed.json().results[0]).toMatchObject({ id: order.id, ships_by: shipsBy });
    const mine = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/orders/orders/${order.id}/`,
      token: customer.accessToken,
    });
    expect(mine.json()).toMatchObject({ ships_by: shipsBy });

    // Cancelled: only what it took from stock comes back.
    const cancelled = await adminCall(
      t,
      setup.shop,
      setup.staff.accessToken,
      'POST',
      `/orders/${order.id}/transition/`,
      {
        to: 'cancelled',
        reason: 'The customer asked',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(t, setup.long.id)).toMatchObject({ variant: 0 });
    expect(await stockOf(t, setup.short.id)).toMatchObject({ variant: 4 });
  });

  it('takes what the stock has and makes the rest; an order from stock alone ships by no date', async () => {
    const setup = await shop();
    await makeToOrder(setup, setup.short.id, 10);
    const customer = await createCustomer(t, setup.shop);
    expect((await addVariant(setup, customer.accessToken, setup.short.id, 3)).statusCode).toBe(200);
    const fromStock = await placeOrder(t, setup.shop, customer.accessToken);
    expect(fromStock.statusCode, fromStock.body).toBe(201);
    expect(fromStock.json().ships_by).toBeNull();
    expect(await stockOf(t, setup.short.id)).toMatchObject({ variant: 1 });

    expect((await addVariant(setup, customer.accessToken, setup.short.id, 3)).statusCode).toBe(200);
    const partly = await placeOrder(t, setup.shop, customer.accessToken);
    expect(partly.statusCode, partly.body).toBe(201);
    expect(partly.json().ships_by).toBe(addDays(today(), 10));
    expect(await stockOf(t, setup.short.id)).toMatchObject({ variant: 0 });
  });

  it('needs a lead time (400 naming the field), a whole number of days from 1 to 365', async () => {
    const setup = await shop();
    const url = `/products/${setup.product.id}/variants/`;
    const none = await adminCall(t, setup.shop, setup.staff.accessToken, 'PATCH', url, {
      variants: [{ id: setup.long.id, made_to_order: true }],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toHaveProperty('lead_time_days');
    const tooLong = await adminCall(t, setup.shop, setup.staff.accessToken, 'PATCH', url, {
      variants: [{ id: setup.long.id, made_to_order: true, lead_time_days: 400 }],
    });
    expect(tooLong.statusCode).toBe(400);
    const read = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/products/${setup.product.id}/`);
    expect(read.json().variants.find((variant: { id: number }) => variant.id === setup.long.id)).toMatchObject({
      made_to_order: false,
      lead_time_days: null,
    });
  });
});

describe('a product made to order', () => {
  it('is set on the product form, sold at stock 0, and listed on the dashboard once paid, due within the week', async () => {
    const setup = await shop();
    const plain = await createProduct(t, setup.shop, { name: 'Karda', stock: 0 });
    const refused = await adminCall(t, setup.shop, setup.staff.accessToken, 'PATCH', `/products/${plain.id}/`, {
      made_to_order: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ lead_time_days: ['A piece made to order needs its lead time in days.'] });
    const saved = await adminCall(t, setup.shop, setup.staff.accessToken, 'PATCH', `/products/${plain.id}/`, {
      made_to_order: true,
      lead_time_days: 5,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ made_to_order: true, lead_time_days: 5 });
    const page = await t.request(setup.shop, { method: 'GET', url: `/api/products/products/${plain.slug}/` });
    expect(page.json()).toMatchObject({ stock: 0, made_to_order: true, lead_time_days: 5 });
    // Its card in the list says it is made to order (no SOLD OUT), the product not made to order says it is not.
    const list = await t.request(setup.shop, { method: 'GET', url: '/api/products/products/' });
    const cards = list.json() as { slug: string; stock: number; made_to_order: boolean }[];
    expect(cards.find((card) => card.slug === plain.slug)).toMatchObject({ stock: 0, made_to_order: true });

    const customer = await createCustomer(t, setup.shop);
    await addToCart(t, setup.shop, customer.accessToken, plain.id, 1);
    const placed = await placeOrder(t, setup.shop, customer.accessToken);
    expect(placed.statusCode, placed.body).toBe(201);
    const before = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/dashboard/');
    expect(before.json().due_to_ship).toEqual([]);
    const paid = await adminCall(
      t,
      setup.shop,
      setup.staff.accessToken,
      'POST',
      `/orders/${placed.json().id}/transition/`,
      {
        to: 'paid',
      },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const dashboard = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/dashboard/');
    expect(dashboard.json().due_to_ship).toEqual([
      {
        id: placed.json().id,
        number: placed.json().number,
        status: 'paid',
        ships_by: addDays(today(), 5),
        customer_email: customer.user.email,
      },
    ]);
  });
});
