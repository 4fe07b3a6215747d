// Tax by destination (decision 016) through the API: rates per zone, country, region and category; prices shown
// with VAT in them or with sales tax added; the quote, the cart and the order agreeing to the cent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, auditLog, type ShopWithStaff, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  addShippingZone,
  addToCart,
  createCategory,
  createCustomer,
  createProduct,
  placeOrder,
  setPayments,
  TEST_ADDRESS,
} from '../../../test/builders.ts';
import { expectTotalsHold } from '../../../test/order-totals.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { pdfText } from '../../../test/pdf.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const GERMANY = { ...TEST_ADDRESS, street: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' };
const NEW_YORK = {
  ...TEST_ADDRESS,
  street: '350 Fifth Avenue',
  city: 'New York',
  postalCode: '10118',
  country: 'US',
  region: 'New York',
};
const TEXAS = { ...NEW_YORK, street: '500 Congress Ave', city: 'Austin', postalCode: '78701', region: 'Texas' };

/**
 * A shop taking bank transfers; shipping to Europe (20.00 + 0.00 per item) and North America (10.00); VAT 19% for
 * Germany, a Europe-wide VAT of 21% for the rest of the zone, and New York's sales tax of 8.88% added at checkout.
 */
async function taxShop(name: string) {
  const setup = await shopWithStaff(t, name);
  await setPayments(t, setup.shop);
  const europe = await addShippingZone(t, setup.shop, {
    name: 'Europe',
    countries: ['DE', 'FR', 'AT'],
    flat_rate: '20.00',
    per_item: '0.00',
  });
  await addShippingZone(t, setup.shop, {
    name: 'North America',
    countries: ['US'],
    flat_rate: '10.00',
    per_item: '0.00',
  });
  await createRate(setup, { name: 'VAT', rate: '21', zone: europe.id, display: 'included' });
  await createRate(setup, { name: 'VAT', rate: '19.00', country: 'Germany', display: 'included' });
  await createRate(setup, { name: 'Sales tax', rate: '8.88', country: 'US', region: 'NY', display: 'added' });
  return { ...setup, europe };
}

async function createRate(setup: ShopWithStaff, body: object) {
  const answer = await adminCall(t, setup.shop, setup.owner.accessToken, 'POST', '/tax-rates/', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

function destination(shop: Tenant, query: string) {
  return t.request(shop, { method: 'GET', url: `/api/tax/destination/?${query}` });
}

async function customerWith(shop: Tenant, lines: [number, number][]) {
  const customer = await createCustomer(t, shop);
  for (const [productId, quantity] of lines) await addToCart(t, shop, customer.accessToken, productId, quantity);
  return customer;
}

function quote(shop: Tenant, token: string, country: string, region?: string) {
  const query = new URLSearchParams({ country, ...(region ? { region } : {}) });
  return t.request(shop, { method: 'GET', url: `/api/orders/shipping-quote/?${query}`, token });
}

async function ordered(shop: Tenant, token: string, address: object) {
  const answer = await placeOrder(t, shop, token, { delivery_address: address as Record<string, string> });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

/** What a quote and the order placed after it agree on. */
const agreed = (answer: Record<string, unknown>) => ({
  subtotal: answer.subtotal,
  discount: answer.discount,
  shipping: answer.shipping,
  tax: answer.tax,
  taxes: answer.taxes,
  total: answer.total,
});

describe('a destination that shows prices with VAT in them (Germany), prices entered without tax', () => {
  it('shows and charges each price with its VAT, shipping too, and the order says how much VAT it holds', async () => {
    const setup = await taxShop('VAT shop');
    const kukri = await createProduct(t, setup.shop, { priceCents: 9999, stock: 10 });
    const customer = await customerWith(setup.shop, [[kukri.id, 2]]);

    const germany = await destination(setup.shop, 'country=Germany');
    expect(germany.statusCode, germany.body).toBe(200);
    expect(germany.json()).toEqual({
      country: 'DE',
      country_name: 'Germany',
      display: 'included',
      prices_include_tax: false,
      rates: [{ category_id: null, name: 'VAT', rate: '19.00' }],
      notice: 'Delivery to Germany: prices include VAT.',
    });

    // The cart for Germany: 99.99 + 19% = 118.99 a unit (19.00 of VAT, 18.9981 rounded half up per unit).
    const cart = await t.request(setup.shop, {
      method: 'GET',
      url: '/api/orders/cart/?country=DE',
      token: customer.accessToken,
    });
    expect(cart.json()).toMatchObject({
      total_price: '237.98',
      items: [{ product: { price: '118.99' }, line_total: '237.98' }],
    });
    const plain = await t.request(setup.shop, { method: 'GET', url: '/api/orders/cart/', token: customer.accessToken });
    expect(plain.json()).toMatchObject({ total_price: '199.98', items: [{ product: { price: '99.99' } }] });

    const quoted = await quote(setup.shop, customer.accessToken, 'Germany');
    expect(quoted.statusCode, quoted.body).toBe(200);
    // Shipping 20.00 + 19% = 23.80. VAT in 237.98: 237.98 - round(237.98 / 1.19) = 237.98 - 199.98 = 38.00; in
    // 23.80: 3.80.
    expect(agreed(quoted.json())).toEqual({
      subtotal: '237.98',
      discount: '0.00',
      shipping: '23.80',
      tax: '0.00',
      taxes: [{ name: 'VAT', rate: '19.00', amount: '41.80', included: true }],
      total: '261.78',
    });

    const order = await ordered(setup.shop, customer.accessToken, GERMANY);
    expect(agreed(order)).toEqual(agreed(quoted.json()));
    expect(order.items[0]).toMatchObject({ unit_price: '118.99', quantity: 2, line_total: '237.98' });
    expectTotalsHold(order);
  });

  it('uses the zone’s rate where the country has none of its own, and the country’s own where it has one', async () => {
    const setup = await taxShop('Zone VAT shop');
    expect((await destination(setup.shop, 'country=FR')).json()).toMatchObject({
      display: 'included',
      rates: [{ category_id: null, name: 'VAT', rate: '21.00' }],
    });
    expect((await destination(setup.shop, 'country=DE')).json().rates).toEqual([
      { category_id: null, name: 'VAT', rate: '19.00' },
    ]);
    // Nepal: no rate anywhere; nothing is added, and the notice says so.
    expect((await destination(setup.shop, 'country=Nepal')).json()).toEqual({
      country: 'NP',
      country_name: 'Nepal',
      display: 'added',
      prices_include_tax: false,
      rates: [],
      notice: 'Delivery to Nepal: no tax is charged.',
    });
    const unknown = await destination(setup.shop, 'country=Atlantis');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ country: ['Choose a country from the list.'] });
    // Another shop's rates reach no one here.
    const other = await t.createTenant('No tax shop');
    expect((await destination(other, 'country=DE')).json().rates).toEqual([]);
  });

  it('takes a category’s reduced rate for its products, and tells each rate apart on the order', async () => {
    const setup = await taxShop('Reduced VAT shop');
    const books = await createCategory(t, setup.shop, { name: 'Books' });
    await createRate(setup, { name: 'VAT', rate: '7', country: 'DE', category: books.id, display: 'included' });
    const book = await createProduct(t, setup.shop, { priceCents: 2000, categoryId: books.id });
    const knife = await createProduct(t, setup.shop, { priceCents: 10000 });
    const customer = await customerWith(setup.shop, [
      [book.id, 1],
      [knife.id, 1],
    ]);
    expect((await destination(setup.shop, 'country=DE')).json().rates).toEqual([
      { category_id: null, name: 'VAT', rate: '19.00' },
      { category_id: books.id, name: 'VAT', rate: '7.00' },
    ]);
    const order = await ordered(setup.shop, customer.accessToken, GERMANY);
    // Book 20.00 + 7% = 21.40 (1.40 VAT); knife 100.00 + 19% = 119.00 (19.00); shipping 23.80 (3.80).
    expect(order.items.map((item: { unit_price: string }) => item.unit_price)).toEqual(['21.40', '119.00']);
    expect(order).toMatchObject({ subtotal: '140.40', shipping: '23.80', tax: '0.00', total: '164.20' });
    expect(order.taxes).toEqual([
      { name: 'VAT', rate: '7.00', amount: '1.40', included: true },
      { name: 'VAT', rate: '19.00', amount: '22.80', included: true },
    ]);
  });
});

describe('a destination that has its tax added at checkout (New York)', () => {
  it('shows prices as entered and adds the sales tax, per line, to the total; Texas pays none', async () => {
    const setup = await taxShop('Sales tax shop');
    const cheap = await createProduct(t, setup.shop, { priceCents: 1005, stock: 10 });
    const dear = await createProduct(t, setup.shop, { priceCents: 4999, stock: 10 });
    const customer = await customerWith(setup.shop, [
      [cheap.id, 3],
      [dear.id, 1],
    ]);
    const ny = await destination(setup.shop, 'country=US&region=New%20York');
    expect(ny.json()).toMatchObject({
      display: 'added',
      rates: [{ category_id: null, name: 'Sales tax', rate: '8.88' }],
      notice: 'Delivery to United States: prices exclude Sales tax, added at checkout.',
    });
    const quoted = await quote(setup.shop, customer.accessToken, 'US', 'New York');
    // Per line, half up: 30.15 × 8.88% = 2.67732 → 2.68; 49.99 × 8.88% = 4.439112 → 4.44; 10.00 → 0.888 → 0.89.
    expect(agreed(quoted.json())).toEqual({
      subtotal: '80.14',
      discount: '0.00',
      shipping: '10.00',
      tax: '8.01',
      taxes: [{ name: 'Sales tax', rate: '8.88', amount: '8.01', included: false }],
      total: '98.15',
    });
    const order = await ordered(setup.shop, customer.accessToken, NEW_YORK);
    expect(agreed(order)).toEqual(agreed(quoted.json()));
    expect(order.items.map((item: { unit_price: string }) => item.unit_price)).toEqual(['10.05', '49.99']);
    expectTotalsHold(order);

    const texan = await customerWith(setup.shop, [[dear.id, 1]]);
    const texas = await ordered(setup.shop, texan.accessToken, TEXAS);
    expect(texas).toMatchObject({ subtotal: '49.99', shipping: '10.00', tax: '0.00', taxes: [], total: '59.99' });
  });

  it('takes the tax on what the discount leaves of each line, the discount shared in proportion', async () => {
    const setup = await taxShop('Discount tax shop');
    const answer = await adminCall(t, setup.shop, setup.owner.accessToken, 'POST', '/discounts/', {
      code: 'TENOFF',
      kind: 'fixed',
      value: '10.00',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const a = await createProduct(t, setup.shop, { priceCents: 3000 });
    const b = await createProduct(t, setup.shop, { priceCents: 1000 });
    const customer = await customerWith(setup.shop, [
      [a.id, 1],
      [b.id, 1],
    ]);
    const applied = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/cart/discount/?country=US&region=New%20York',
      token: customer.accessToken,
      payload: { code: 'tenoff' },
    });
    expect(applied.json()).toMatchObject({ discount: '10.00', total_price: '40.00' });
    const quoted = await quote(setup.shop, customer.accessToken, 'US', 'NY');
    // 10.00 off shared 7.50 / 2.50: 22.50 × 8.88% = 1.998 → 2.00; 7.50 → 0.666 → 0.67; shipping 10.00 → 0.89.
    expect(agreed(quoted.json())).toMatchObject({ discount: '10.00', tax: '3.56', total: '43.56' });
    const order = await ordered(setup.shop, customer.accessToken, NEW_YORK);
    expect(agreed(order)).toEqual(agreed(quoted.json()));
    expectTotalsHold(order);

    // The confirmation e-mail and the invoice list the discount and the tax per rate.
    await t.settled();
    const mail = mailsTo(t.config.DATA_DIR, customer.user.email).at(-1);
    expect(Buffer.from(mail?.body ?? '', 'latin1').toString('utf8')).toContain(
      'Subtotal: $40.00\nDiscount TENOFF (10.00 off the order): -$10.00\nShipping: $10.00 (North America, 3–5 business days)\nSales tax 8.88%: $3.56\nTotal: $43.56 USD',
    );
    const paid = await adminCall(t, setup.shop, setup.owner.accessToken, 'POST', `/orders/${order.id}/transition/`, {
      to: 'paid',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const invoice = await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', `/orders/${order.id}/invoice/`);
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    for (const expected of [
      'Discount TENOFF',
      '-$10.00 USD',
      'Sales tax 8.88%',
      '$3.56 USD',
      'Total paid',
      '$43.56 USD',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('prices entered with tax', () => {
  it('charges a destination showing VAT the price as entered, with the VAT it holds; sales tax is still added', async () => {
    const setup = await taxShop('Gross price shop');
    const setting = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/tax-settings/', {
      prices_include_tax: true,
    });
    expect(setting.json()).toEqual({ prices_include_tax: true });
    const product = await createProduct(t, setup.shop, { priceCents: 119 });
    const customer = await customerWith(setup.shop, [[product.id, 1]]);
    const order = await ordered(setup.shop, customer.accessToken, GERMANY);
    // 1.19 holds 1.19 - round(1.19 / 1.19) = 0.19; shipping 20.00 holds 20.00 - round(2000 / 1.19) = 20.00 - 16.81.
    expect(order).toMatchObject({ subtotal: '1.19', shipping: '20.00', tax: '0.00', total: '21.19' });
    expect(order.taxes).toEqual([{ name: 'VAT', rate: '19.00', amount: '3.38', included: true }]);

    const american = await customerWith(setup.shop, [[product.id, 1]]);
    const ny = await ordered(setup.shop, american.accessToken, NEW_YORK);
    // 1.19 × 8.88% = 0.105672 → 0.11; shipping 0.89.
    expect(ny).toMatchObject({ subtotal: '1.19', shipping: '10.00', tax: '1.00', total: '12.19' });
  });
});

describe('the administration of tax', () => {
  it('keeps one rate per place and category, checks places, regions and categories, and audits each change', async () => {
    const setup = await taxShop('Tax admin shop');
    const call = (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      body?: object,
      token = setup.owner.accessToken,
    ) => adminCall(t, setup.shop, token, method, url, body);

    const list = await call('GET', '/tax-rates/', undefined, setup.staff.accessToken);
    expect(list.json().count).toBe(3);
    // The `staff` role reads the rates; changing them is the owner's (a setting: ROLE_PERMISSIONS).
    const byStaff = await call(
      'POST',
      '/tax-rates/',
      { name: 'VAT', rate: '20', country: 'FR' },
      setup.staff.accessToken,
    );
    expect(byStaff.statusCode).toBe(403);
    expect(
      list
        .json()
        .results.map((rate: { country: string | null; zone_name: string | null }) => rate.country ?? rate.zone_name),
    ).toEqual(['DE', 'US', 'Europe']);
    const twice = await call('POST', '/tax-rates/', { name: 'VAT', rate: '20', country: 'DE' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().category[0]).toMatch(/already has a rate/);
    const both = await call('POST', '/tax-rates/', { name: 'VAT', rate: '20', country: 'FR', zone: setup.europe.id });
    expect(both.json()).toEqual({ zone: ['Choose a shipping zone or a country (one of them).'] });
    const region = await call('POST', '/tax-rates/', {
      name: 'Sales tax',
      rate: '6',
      country: 'US',
      region: 'Atlantis',
    });
    expect(region.json()).toEqual({ region: ['Choose a region from the list.'] });
    const rate = await call('POST', '/tax-rates/', { name: 'GST', rate: '101', country: 'AU' });
    expect(rate.statusCode).toBe(400);
    const category = await call('POST', '/tax-rates/', { name: 'VAT', rate: '5', country: 'FR', category: 999_999 });
    expect(category.json()).toEqual({ category: ['Choose a category of the shop.'] });

    const created = await call('POST', '/tax-rates/', { name: 'VAT', rate: '20', country: 'France' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ country: 'FR', zone: null, rate: '20.00', display: 'included' });
    const changed = await call('PATCH', `/tax-rates/${created.json().id}/`, { rate: '5.5' });
    expect(changed.json().rate).toBe('5.50');
    expect((await destination(setup.shop, 'country=FR')).json().rates[0].rate).toBe('5.50');
    expect((await call('DELETE', `/tax-rates/${created.json().id}/`)).statusCode).toBe(204);
    expect((await call('GET', `/tax-rates/${created.json().id}/`)).statusCode).toBe(404);
    expect(
      (await auditLog(t, setup, 'tax_rate', created.json().id)).map((entry: { action: string }) => entry.action),
    ).toEqual(['tax_rate.delete', 'tax_rate.update', 'tax_rate.create']);

    // Customers see nothing of it; staff read the settings, only the owner changes them.
    expect((await call('GET', '/tax-rates/', undefined, setup.customer.accessToken)).statusCode).toBe(403);
    expect((await call('GET', '/tax-settings/')).json()).toEqual({ prices_include_tax: false });
    const byStaffSettings = await call(
      'PATCH',
      '/tax-settings/',
      { prices_include_tax: true },
      setup.staff.accessToken,
    );
    expect(byStaffSettings.statusCode).toBe(403);
    // Another shop's rate is not found here.
    const other = await taxShop('Other tax shop');
    const theirs = (await adminCall(t, other.shop, other.owner.accessToken, 'GET', '/tax-rates/')).json().results[0];
    expect((await call('GET', `/tax-rates/${theirs.id}/`)).statusCode).toBe(404);
  });
});

describe('the public destination answer in the response cache', () => {
  it('keeps one answer per destination whatever its spelling, and none for regions a country does not have', async () => {
    const setup = await taxShop('Cached destinations shop');
    const newYork = await destination(setup.shop, 'country=US&region=NY');
    expect(newYork.headers['x-cache']).toBe('miss');
    expect(newYork.json().rates).toEqual([{ category_id: null, name: 'Sales tax', rate: '8.88' }]);
    for (const query of ['country=us&region=new%20york', 'region=%20ny%20&country=United%20States']) {
      const again = await destination(setup.shop, query);
      expect(again.headers['x-cache'], query).toBe('hit');
      expect(again.json(), query).toEqual(newYork.json());
    }
    // Made-up regions of a country with a list name no rate: they are the country's one answer, not keys of their own.
    const unitedStates = await destination(setup.shop, 'country=US');
    expect(unitedStates.headers['x-cache']).toBe('miss');
    for (let index = 0; index < 3; index++) {
      const madeUp = await destination(setup.shop, `country=US&region=made-up-${index}`);
      expect(madeUp.headers['x-cache']).toBe('hit');
      expect(madeUp.json()).toEqual(unitedStates.json());
    }
    // A country without a list: any region text may name a rate, so it is answered, and never kept.
    await createRate(setup, { name: 'Bavarian tax', rate: '20.00', country: 'Germany', region: 'Bavaria' });
    for (let index = 0; index < 2; index++) {
      const bavaria = await destination(setup.shop, 'country=DE&region=Bavaria');
      expect(bavaria.headers['x-cache']).toBeUndefined();
      expect(bavaria.json().rates).toEqual([{ category_id: null, name: 'Bavarian tax', rate: '20.00' }]);
      const madeUp = await destination(setup.shop, `country=DE&region=made-up-${index}`);
      expect(madeUp.headers['x-cache']).toBeUndefined();
      expect(madeUp.json().rates).toEqual([{ category_id: null, name: 'VAT', rate: '19.00' }]);
    }
  });
});
