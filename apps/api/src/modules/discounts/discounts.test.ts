import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, type ShopWithStaff, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  addShippingZone,
  addToCart,
  createCategory,
  createCustomer,
  createProduct,
  placeOrder,
  setPayments,
} from '../../../test/builders.ts';
import { expectTotalsHold } from '../../../test/order-totals.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A shop taking bank transfers, shipping to Nepal at 5.00 + 1.00 per item, with its owner, staff and a customer. */
async function discountShop(): Promise<ShopWithStaff> {
  const setup = await shopWithStaff(t, 'Discount shop');
  await setPayments(t, setup.shop);
  await addShippingZone(t, setup.shop);
  return setup;
}

async function createDiscount(setup: ShopWithStaff, body: object) {
  const answer = await adminCall(t, setup.shop, setup.owner.accessToken, 'POST', '/discounts/', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

function cartCall(shop: Tenant, token: string, method: 'GET' | 'POST' | 'DELETE', code?: string) {
  const url = method === 'GET' ? '/api/orders/cart/' : '/api/orders/cart/discount/';
  return t.request(shop, { method, url, token, ...(code === undefined ? {} : { payload: { code } }) });
}

async function applyCode(shop: Tenant, token: string, code: string) {
  return cartCall(shop, token, 'POST', code);
}

async function placed(shop: Tenant, token: string) {
  const answer = await placeOrder(t, shop, token);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

describe('a percentage code made through the administration', () => {
  it('takes its share off the order (total = subtotal - discount + shipping) and is refused to the same customer again', async () => {
    const setup = await discountShop();
    const product = await createProduct(t, setup.shop, { name: 'Tea Bowl', priceCents: 3333, stock: 20 });
    const discount = await createDiscount(setup, {
      code: 'Spring10',
      name: 'Spring sale',
      kind: 'percentage',
      value: '10.00',
      once_per_customer: true,
    });
    expect(discount).toMatchObject({ code: 'Spring10', kind: 'percentage', value: '10.00', once_per_customer: true });

    const token = setup.customer.accessToken;
    await addToCart(t, setup.shop, token, product.id, 3);
    const cart = await applyCode(setup.shop, token, 'spring10');
    expect(cart.statusCode, cart.body).toBe(200);
    // 3 × 33.33 = 99.99; 10% is 9.999, rounded half up to 10.00.
    expect(cart.json()).toMatchObject({
      total_price: '99.99',
      discount_code: 'Spring10',
      discount: '10.00',
      discount_message: null,
      discounts: [{ code: 'Spring10', name: 'Spring sale', kind: 'percentage', amount: '10.00' }],
    });

    const order = await placed(setup.shop, token);
    expect(order).toMatchObject({
      subtotal: '99.99',
      discount: '10.00',
      shipping: '8.00',
      tax: '0.00',
      total: '97.99',
      discounts: [{ code: 'Spring10', description: '10% off the order', amount: '10.00' }],
    });
    expectTotalsHold(order);
    const read = await t.request(setup.shop, { method: 'GET', url: `/api/orders/orders/${order.id}/`, token });
    expect(read.json()).toMatchObject({ discount: '10.00', total: '97.99' });
    // The cart is empty and carries no code any more.
    expect((await cartCall(setup.shop, token, 'GET')).json()).toMatchObject({ items: [], discount_code: null });

    await addToCart(t, setup.shop, token, product.id, 1);
    const again = await applyCode(setup.shop, token, 'SPRING10');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'You have already used this code.', code: 'discount_already_used' });

    const listed = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/discounts/');
    expect(listed.json()).toMatchObject({ count: 1, results: [{ id: discount.id, times_used: 1 }] });
  });
});

describe('the kinds of discount', () => {
  it('takes a fixed amount off the products of chosen categories only, never more than they cost', async () => {
    const setup = await discountShop();
    const mugs = await createCategory(t, setup.shop, { name: 'Mugs' });
    const mug = await createProduct(t, setup.shop, { name: 'Clay Mug', priceCents: 800, categoryId: mugs.id });
    const rug = await createProduct(t, setup.shop, { name: 'Wool Rug', priceCents: 5000 });
    await createDiscount(setup, { code: 'MUGS', kind: 'fixed', value: '15.00', category_ids: [mugs.id] });
    const token = setup.customer.accessToken;
    await addToCart(t, setup.shop, token, mug.id, 1);
    await addToCart(t, setup.shop, token, rug.id, 1);
    expect((await applyCode(setup.shop, token, 'mugs')).json()).toMatchObject({
      discount: '8.00',
      discounts: [{ description: '15.00 off Clay Mug', amount: '8.00' }],
    });
    const order = await placed(setup.shop, token);
    expect(order).toMatchObject({ subtotal: '58.00', discount: '8.00', shipping: '7.00', total: '57.00' });
    expectTotalsHold(order);
  });

  it('takes a percentage off chosen products only', async () => {
    const setup = await discountShop();
    const bowl = await createProduct(t, setup.shop, { name: 'Bowl', priceCents: 2000 });
    const plate = await createProduct(t, setup.shop, { name: 'Plate', priceCents: 1000 });
    await createDiscount(setup, { code: 'BOWL25', kind: 'percentage', value: '25.00', product_ids: [bowl.id] });
    const token = setup.customer.accessToken;
    await addToCart(t, setup.shop, token, bowl.id, 2);
    await addToCart(t, setup.shop, token, plate.id, 1);
    await applyCode(setup.shop, token, 'BOWL25');
    const order = await placed(setup.shop, token);
    expect(order).toMatchObject({ subtotal: '50.00', discount: '10.00', shipping: '8.00', total: '48.00' });
    expect(order.discounts).toEqual([
      { code: 'BOWL25', name: 'BOWL25', kind: 'percentage', description: '25% off Bowl', amount: '10.00' },
    ]);
  });

  it('takes the shipping off with free shipping (the cart knows it once the order is placed)', async () => {
    const setup = await discountShop();
    const product = await createProduct(t, setup.shop, { priceCents: 2500 });
    await createDiscount(setup, { code: 'SHIPFREE', kind: 'free_shipping' });
    const token = setup.customer.accessToken;
    await addToCart(t, setup.shop, token, product.id, 2);
    expect((await applyCode(setup.shop, token, 'shipfree')).json()).toMatchObject({
      discount_code: 'SHIPFREE',
      discount: '0.00',
      discounts: [{ kind: 'free_shipping', description: 'Shipping', amount: '0.00' }],
    });
    // The checkout's quote knows the shipping, and what the code saves on it.
    const quote = await t.request(setup.shop, { method: 'GET', url: '/api/orders/shipping-quote/?country=NP', token });
    expect(quote.json()).toMatchObject({ subtotal: '50.00', shipping: '7.00', discount: '7.00', total: '50.00' });
    const order = await placed(setup.shop, token);
    expect(order).toMatchObject({ subtotal: '50.00', shipping: '7.00', discount: '7.00', total: '50.00' });
    expectTotalsHold(order);
  });

  it('gives Y of the same product free for every X bought, and says how many it takes', async () => {
    const setup = await discountShop();
    const product = await createProduct(t, setup.shop, { name: 'Incense', priceCents: 400, stock: 20 });
    await createDiscount(setup, { code: 'B2G1', kind: 'buy_x_get_y', buy_quantity: 2, get_quantity: 1 });
    const token = setup.customer.accessToken;
    await addToCart(t, setup.shop, token, product.id, 2);
    const short = await applyCode(setup.shop, token, 'b2g1');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      detail: 'This code applies when you buy 3 of the same product.',
      code: 'discount_not_applicable',
    });
    await addToCart(t, setup.shop, token, product.id, 5);
    expect((await applyCode(setup.shop, token, 'b2g1')).json()).toMatchObject({
      discount: '8.00',
      discounts: [{ description: '2 free of Incense', amount: '8.00' }],
    });
    const order = await placed(setup.shop, token);
    expect(order).toMatchObject({ subtotal: '28.00', discount: '8.00', shipping: '12.00', total: '32.00' });
  });
});

describe('the conditions of a code, each with its message', () => {
  it('refuses an unknown, expired, not yet valid, below-minimum or other-products code, and keeps none of them', async () => {
    const setup = await discountShop();
    const product = await createProduct(t, setup.shop, { priceCents: 2000 });
    const other = await createProduct(t, setup.shop, { priceCents: 2000 });
    await createDiscount(setup, {
      code: 'OLD',
      kind: 'fixed',
      value: '1.00',
      starts_at: '2025-12-01T00:00:00.000Z',
      ends_at: '2026-01-02T00:00:00.000Z',
    });
    await createDiscount(setup, { code: 'SOON', kind: 'fixed', value: '1.00', starts_at: '2099-03-01T00:00:00.000Z' });
    await createDiscount(setup, { code: 'BIG', kind: 'fixed', value: '5.00', min_subtotal: '50.00' });
    await createDiscount(setup, { code: 'OFF', kind: 'fixed', value: '1.00', is_active: false });
    await createDiscount(setup, { code: 'OTHER', kind: 'fixed', value: '5.00', product_ids: [other.id] });
    const token = setup.customer.accessToken;
    await addToCart(t, setup.shop, token, product.id, 1);

    const refusals: [string, string, string][] = [
      ['NOPE', 'This code is not valid.', 'discount_code_invalid'],
      // Expired, scheduled or switched off reads as unknown: a refusal tells no guesser which codes exist.
      ['old', 'This code is not valid.', 'discount_code_invalid'],
      ['soon', 'This code is not valid.', 'discount_code_invalid'],
      ['off', 'This code is not valid.', 'discount_code_invalid'],
      ['big', 'This code needs a subtotal of at least 50.00: add 30.00 more.', 'discount_below_minimum'],
      ['other', 'This code does not apply to the products in your cart.', 'discount_not_applicable'],
    ];
    for (const [code, detail, reason] of refusals) {
      const answer = await applyCode(setup.shop, token, code);
      expect(answer.statusCode, code).toBe(400);
      expect(answer.json(), code).toEqual({ detail, code: reason });
    }
    expect((await cartCall(setup.shop, token, 'GET')).json()).toMatchObject({ discount_code: null, discount: '0.00' });
    expect((await applyCode(setup.shop, token, '  ')).statusCode).toBe(400);
  });

  it('keeps an applied code whose minimum the cart falls below, says why, and refuses the order until it is removed', async () => {
    const setup = await discountShop();
    const product = await createProduct(t, setup.shop, { priceCents: 3000 });
    await createDiscount(setup, { code: 'MIN50', kind: 'percentage', value: '10.00', min_subtotal: '50.00' });
    const token = setup.customer.accessToken;
    const cart = await addToCart(t, setup.shop, token, product.id, 2);
    expect((await applyCode(setup.shop, token, 'min50')).json()).toMatchObject({ discount: '6.00' });
    const lowered = await t.request(setup.shop, {
      method: 'PATCH',
      url: `/api/orders/cart/items/${cart.items[0].id}/`,
      token,
      payload: { quantity: 1 },
    });
    expect(lowered.json()).toMatchObject({
      discount_code: 'MIN50',
      discount: '0.00',
      discounts: [],
      discount_message: 'This code needs a subtotal of at least 50.00: add 20.00 more.',
    });
    const refused = await placeOrder(t, setup.shop, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'This code needs a subtotal of at least 50.00: add 20.00 more.',
      code: 'discount_below_minimum',
    });
    const removed = await cartCall(setup.shop, token, 'DELETE');
    expect(removed.json()).toMatchObject({ discount_code: null, discount_message: null });
    expect(await placed(setup.shop, token)).toMatchObject({ discount: '0.00', total: '36.00' });
  });

  it('counts total uses: a used-up code is refused, and a cancelled order gives its use back', async () => {
    const setup = await discountShop();
    const product = await createProduct(t, setup.shop, { priceCents: 1000, stock: 20 });
    const discount = await createDiscount(setup, { code: 'ONCE', kind: 'fixed', value: '2.00', usage_limit: 1 });
    const first = setup.customer.accessToken;
    const second = (await createCustomer(t, setup.shop)).accessToken;
    for (const token of [first, second]) {
      await addToCart(t, setup.shop, token, product.id, 1);
      expect((await applyCode(setup.shop, token, 'once')).statusCode).toBe(200);
    }
    const order = await placed(setup.shop, first);
    expect(order.discount).toBe('2.00');

    const usedUp = await placeOrder(t, setup.shop, second);
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json()).toEqual({ detail: 'This code is not valid.', code: 'discount_code_invalid' });
    expect((await cartCall(setup.shop, second, 'GET')).json()).toMatchObject({
      discount_message: 'This code is not valid.',
    });

    const cancelled = await adminCall(
      t,
      setup.shop,
      setup.staff.accessToken,
      'POST',
      `/orders/${order.id}/transition/`,
      {
        to: 'cancelled',
        reason: 'Customer asked',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const read = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/discounts/${discount.id}/`);
    expect(read.json().times_used).toBe(0);
    // Staff read the order's discount as the customer does.
    const asStaff = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/orders/${order.id}/`);
    expect(asStaff.json()).toMatchObject({ subtotal: '10.00', discount: '2.00', tax: '0.00', total: '14.00' });
    expect(asStaff.json().discounts).toMatchObject([{ code: 'ONCE', amount: '2.00' }]);
    expect(await placed(setup.shop, second)).toMatchObject({ discount: '2.00', total: '14.00' });
    const after = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/discounts/${discount.id}/`);
    expect(after.json().times_used).toBe(1);
  });

  it('allows a code a set number of times per customer, counting again what a cancelled order gave back', async () => {
    const setup = await discountShop();
    const product = await createProduct(t, setup.shop, { priceCents: 1000, stock: 20 });
    await createDiscount(setup, { code: 'TWICE', kind: 'fixed', value: '1.00', uses_per_customer: 2 });
    const token = setup.customer.accessToken;
    for (let i = 0; i < 2; i++) {
      await addToCart(t, setup.shop, token, product.id, 1);
      await applyCode(setup.shop, token, 'twice');
      await placed(setup.shop, token);
    }
    await addToCart(t, setup.shop, token, product.id, 1);
    expect((await applyCode(setup.shop, token, 'twice')).json()).toEqual({
      detail: 'You have already used this code 2 times.',
      code: 'discount_already_used',
    });
  });

  it('gives a first-order code to a first order only: after one, the cart refuses it with its reason', async () => {
    const setup = await discountShop();
    const product = await createProduct(t, setup.shop, { priceCents: 1000, stock: 20 });
    await createDiscount(setup, { code: 'WELCOME', kind: 'percentage', value: '50.00', first_order_only: true });
    const token = setup.customer.accessToken;
    await addToCart(t, setup.shop, token, product.id, 1);
    expect((await applyCode(setup.shop, token, 'welcome')).statusCode).toBe(200);
    expect(await placed(setup.shop, token)).toMatchObject({ discount: '5.00' });
    await addToCart(t, setup.shop, token, product.id, 1);
    const refused = await applyCode(setup.shop, token, 'welcome');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'This code is for a first order only.',
      code: 'discount_first_order_only',
    });
    expect(await placed(setup.shop, token)).toMatchObject({ discount: '0.00', discounts: [] });
  });

  it('refuses at checkout a code switched off after it was applied', async () => {
    const setup = await discountShop();
    const product = await createProduct(t, setup.shop, { priceCents: 1000 });
    const discount = await createDiscount(setup, { code: 'GONE', kind: 'fixed', value: '1.00' });
    const token = setup.customer.accessToken;
    await addToCart(t, setup.shop, token, product.id, 1);
    await applyCode(setup.shop, token, 'gone');
    await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', `/discounts/${discount.id}/`, {
      is_active: false,
    });
    const refused = await placeOrder(t, setup.shop, token);
    expect(refused.json()).toEqual({ detail: 'This code is not valid.', code: 'discount_code_invalid' });
  });
});

describe('automatic promotions and how they combine with a code', () => {
  async function shopWithPromotions() {
    const setup = await discountShop();
    const product = await createProduct(t, setup.shop, { name: 'Shawl', priceCents: 10000, stock: 20 });
    const small = await createDiscount(setup, {
      name: 'Five off',
      kind: 'fixed',
      value: '5.00',
      combines_with_code: true,
    });
    const large = await createDiscount(setup, { name: 'Fifteen percent', kind: 'percentage', value: '15.00' });
    await addToCart(t, setup.shop, setup.customer.accessToken, product.id, 1);
    return { setup, small, large };
  }

  it('applies the best automatic promotion alone, never a worse one', async () => {
    const { setup } = await shopWithPromotions();
    const cart = (await cartCall(setup.shop, setup.customer.accessToken, 'GET')).json();
    expect(cart).toMatchObject({
      discount_code: null,
      discount: '15.00',
      discounts: [{ name: 'Fifteen percent', code: null }],
    });
    const order = await placed(setup.shop, setup.customer.accessToken);
    expect(order).toMatchObject({ subtotal: '100.00', discount: '15.00', total: '91.00' });
    expect(order.discounts).toHaveLength(1);
  });

  it('adds a code to the best promotion that combines with codes when together they save more', async () => {
    const { setup } = await shopWithPromotions();
    await createDiscount(setup, { code: 'TWENTY', kind: 'fixed', value: '20.00' });
    const cart = (await applyCode(setup.shop, setup.customer.accessToken, 'twenty')).json();
    expect(cart).toMatchObject({
      discount_code: 'TWENTY',
      discount: '25.00',
      discount_message: null,
      discounts: [
        { name: 'Five off', amount: '5.00' },
        { code: 'TWENTY', amount: '20.00' },
      ],
    });
    expect(await placed(setup.shop, setup.customer.accessToken)).toMatchObject({ discount: '25.00', total: '81.00' });
  });

  it('keeps the better promotion and says so when a code with what combines saves less', async () => {
    const { setup } = await shopWithPromotions();
    await createDiscount(setup, { code: 'TINY', kind: 'fixed', value: '1.00' });
    const cart = (await applyCode(setup.shop, setup.customer.accessToken, 'tiny')).json();
    expect(cart).toMatchObject({
      discount_code: 'TINY',
      discount: '15.00',
      discounts: [{ name: 'Fifteen percent' }],
      discount_message: 'A better promotion already applies: Fifteen percent. This code adds nothing to it.',
    });
    const order = await placed(setup.shop, setup.customer.accessToken);
    expect(order).toMatchObject({ discount: '15.00', discounts: [{ name: 'Fifteen percent', code: null }] });
  });
});

describe('the administration of discounts', () => {
  it('refuses a code the shop has in any letter case, a percentage above 100 and a window out of order', async () => {
    const setup = await discountShop();
    await createDiscount(setup, { code: 'SALE', kind: 'fixed', value: '1.00' });
    const call = (body: object) => adminCall(t, setup.shop, setup.owner.accessToken, 'POST', '/discounts/', body);
    const duplicate = await call({ code: 'sale', kind: 'fixed', value: '1.00' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().code).toEqual(['A discount with this code exists.']);
    const tooMuch = await call({ code: 'MORE', kind: 'percentage', value: '150.00' });
    expect(tooMuch.json().value).toEqual(['Enter a percentage above 0 and at most 100.']);
    const window = await call({
      code: 'W',
      kind: 'fixed',
      value: '1.00',
      starts_at: '2026-05-01T00:00:00Z',
      ends_at: '2026-04-01T00:00:00Z',
    });
    expect(window.json().ends_at).toEqual(['Ensure the end is after the start.']);
    const bxgy = await call({ code: 'B', kind: 'buy_x_get_y' });
    expect(Object.keys(bxgy.json())).toEqual(['buy_quantity', 'get_quantity']);
    expect((await call({ code: 'has space', kind: 'fixed', value: '1.00' })).statusCode).toBe(400);
  });

  it('answers every number at its limit and past it without a server error: past it, 400 naming the field', async () => {
    const setup = await discountShop();
    const product = await createProduct(t, setup.shop);
    const call = (method: 'POST' | 'PATCH', url: string, body: object) =>
      adminCall(t, setup.shop, setup.owner.accessToken, method, url, body);
    const bxgy = { kind: 'buy_x_get_y', buy_quantity: 1, get_quantity: 1 };
    const atLimit: [string, object][] = [
      ['buy_quantity', { ...bxgy, code: 'AT1', buy_quantity: 1000, get_quantity: 1000 }],
      ['product_ids', { code: 'AT2', kind: 'fixed', value: '1.00', product_ids: [product.id, 2_147_483_647] }],
      ['value', { code: 'AT3', kind: 'fixed', value: '10000000.00', min_subtotal: '10000000.00' }],
      [
        'usage_limit',
        { code: 'AT4', kind: 'fixed', value: '1.00', usage_limit: 1_000_000, uses_per_customer: 1_000_000 },
      ],
    ];
    for (const [field, body] of atLimit) {
      const answer = await call('POST', '/discounts/', body);
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(201);
    }
    const pastLimit: [string, object][] = [
      ['buy_quantity', { ...bxgy, code: 'P1', buy_quantity: 5000 }],
      ['get_quantity', { ...bxgy, code: 'P2', get_quantity: 1001 }],
      ['product_ids', { code: 'P3', kind: 'fixed', value: '1.00', product_ids: [3_000_000_000] }],
      ['category_ids', { code: 'P4', kind: 'fixed', value: '1.00', category_ids: [2 ** 53] }],
      ['value', { code: 'P5', kind: 'fixed', value: '99999999999999999999.00' }],
      ['min_subtotal', { code: 'P6', kind: 'fixed', value: '1.00', min_subtotal: '10000000.01' }],
      ['usage_limit', { code: 'P7', kind: 'fixed', value: '1.00', usage_limit: 3_000_000_000 }],
      ['uses_per_customer', { code: 'P8', kind: 'fixed', value: '1.00', uses_per_customer: 1_000_001 }],
    ];
    const discount = await createDiscount(setup, { code: 'EDIT', ...bxgy });
    for (const [field, body] of pastLimit) {
      for (const [method, url] of [
        ['POST', '/discounts/'],
        ['PATCH', `/discounts/${discount.id}/`],
      ] as const) {
        const { code: _code, ...change } = body as { code: string };
        const answer = await call(method, url, method === 'POST' ? body : change);
        expect(answer.statusCode, `${method} ${field}: ${answer.body}`).toBe(400);
        // A list's item is named by its place: `product_ids.0`.
        const fields = Object.keys(answer.json()).map((name) => name.split('.')[0]);
        expect(fields, `${method} ${field}`).toContain(field);
      }
    }
    const quantity = await call('POST', '/discounts/', { ...bxgy, code: 'P9', buy_quantity: 5000 });
    expect(quantity.json().buy_quantity).toEqual(['Enter a quantity from 1 to 1000.']);
  });

  it('lets staff in and keeps customers and guests out; edits and deletes; another shop sees none of it', async () => {
    const setup = await discountShop();
    const discount = await createDiscount(setup, { code: 'MINE', kind: 'fixed', value: '1.00' });
    expect((await adminCall(t, setup.shop, undefined, 'GET', '/discounts/')).statusCode).toBe(401);
    expect((await adminCall(t, setup.shop, setup.customer.accessToken, 'GET', '/discounts/')).statusCode).toBe(403);
    const edited = await adminCall(t, setup.shop, setup.staff.accessToken, 'PATCH', `/discounts/${discount.id}/`, {
      value: '2.50',
      name: 'Mine',
    });
    expect(edited.json()).toMatchObject({ value: '2.50', name: 'Mine', code: 'MINE' });

    const other = await discountShop();
    const product = await createProduct(t, other.shop);
    await addToCart(t, other.shop, other.customer.accessToken, product.id, 1);
    expect((await applyCode(other.shop, other.customer.accessToken, 'MINE')).json().code).toBe('discount_code_invalid');
    expect(
      (await adminCall(t, other.shop, other.owner.accessToken, 'GET', `/discounts/${discount.id}/`)).statusCode,
    ).toBe(404);
    expect((await adminCall(t, other.shop, other.owner.accessToken, 'GET', '/discounts/')).json().count).toBe(0);

    const deleted = await adminCall(t, setup.shop, setup.owner.accessToken, 'DELETE', `/discounts/${discount.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(
      (await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', `/discounts/${discount.id}/`)).statusCode,
    ).toBe(404);
  });
});

describe('a discount as staff type it', () => {
  it('takes "10" as 10.00 and validity dates without an offset in the shop’s time zone', async () => {
    const setup = await discountShop();
    const zone = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/site-settings/', {
      time_zone: 'Asia/Kathmandu',
    });
    expect(zone.statusCode, zone.body).toBe(200);
    const created = await createDiscount(setup, {
      code: 'DASHAIN',
      kind: 'percentage',
      value: '10',
      starts_at: '2026-10-01T00:00',
      ends_at: '2026-11-29T23:59',
    });
    // Kathmandu is 5:45 ahead of UTC.
    expect(created).toMatchObject({
      value: '10.00',
      starts_at: '2026-09-30T18:15:00.000Z',
      ends_at: '2026-11-29T18:14:00.000Z',
    });
    const moved = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', `/discounts/${created.id}/`, {
      ends_at: '2026-12-31T23:59:59+00:00',
    });
    expect(moved.json()).toMatchObject({ ends_at: '2026-12-31T23:59:59.000Z' });
    const wrong = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', `/discounts/${created.id}/`, {
      ends_at: '29/11/2026',
      value: 'ten',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      ends_at: ['Enter a date and time, such as 2026-11-29T23:59.'],
      value: ['Enter an amount such as 110 or 110.50.'],
    });
  });
});
