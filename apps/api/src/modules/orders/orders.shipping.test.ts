import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServedTestApp, type TestApp } from '../../../test/app.ts';
import {
  addShippingZone,
  addToCart,
  createCustomer,
  createProduct,
  placeOrder,
  setPayments,
  TEST_ADDRESS,
  takeCards,
} from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildServedTestApp();
});
afterAll(() => t.close());

/**
 * A shop taking bank transfers and cards, shipping to Nepal (5.00 + 1.00 per item, free from 300.00), to Europe
 * (25.00 + 2.00 per item, 7–14 days) and, by its default zone, anywhere else (40.00); a customer with 2 × 85.00 in
 * the cart.
 */
async function shippingShop() {
  const shop = await t.createTenant('Khukuri shipping shop');
  await setPayments(t, shop);
  await takeCards(t, shop);
  await addShippingZone(t, shop, { free_above: '300.00' });
  await addShippingZone(t, shop, {
    name: 'Europe',
    countries: ['DE', 'FR', 'GB'],
    flat_rate: '25.00',
    per_item: '2.00',
    delivery_days_min: 7,
    delivery_days_max: 14,
  });
  await addShippingZone(t, shop, {
    name: 'Rest of the world',
    countries: [],
    is_default: true,
    flat_rate: '40.00',
    per_item: '0.00',
  });
  const customer = await createCustomer(t, shop);
  const product = await createProduct(t, shop, { name: 'Birenpati', slug: 'birenpati', stock: 10, priceCents: 8500 });
  await addToCart(t, shop, customer.accessToken, product.id, 2);
  return { shop, customer, product };
}

type Shop = Awaited<ReturnType<typeof shippingShop>>;

function quote(setup: Shop, country: string, as: 'customer' | 'guest' = 'customer') {
  return t.request(setup.shop, {
    method: 'GET',
    url: `/api/orders/shipping-quote/?country=${encodeURIComponent(country)}`,
    token: as === 'customer' ? setup.customer.accessToken : undefined,
  });
}

describe('GET /api/orders/shipping-quote/', () => {
  it("prices the customer's cart for the zone of the country, by its English name or its ISO code", async () => {
    const setup = await shippingShop();
    const germany = await quote(setup, 'Germany');
    expect(germany.statusCode).toBe(200);
    expect(germany.json()).toEqual({
      country: 'DE',
      country_name: 'Germany',
      zone: 'Europe',
      subtotal: '170.00',
      discount: '0.00',
      shipping: '29.00',
      tax: '0.00',
      taxes: [],
      total: '199.00',
      total_items: 2,
      free_above: null,
      delivery_estimate: '7–14 business days',
      // The shop names no country of its own: nothing is said of import duties.
      duties_notice: null,
    });
    expect((await quote(setup, 'de')).json()).toMatchObject({ country: 'DE', shipping: '29.00' });
    expect((await quote(setup, 'NP')).json()).toMatchObject({
      country_name: 'Nepal',
      zone: 'Nepal',
      shipping: '7.00',
      total: '177.00',
      free_above: '300.00',
      delivery_estimate: '3–5 business days',
    });
    // A country no zone lists: the default zone.
    expect((await quote(setup, 'Brazil')).json()).toMatchObject({ zone: 'Rest of the world', shipping: '40.00' });
  });

  it('charges no shipping from the zone’s free-above amount on', async () => {
    const setup = await shippingShop();
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 2);
    expect((await quote(setup, 'Nepal')).json()).toMatchObject({ subtotal: '340.00', shipping: '0.00' });
  });

  it('refuses a country that is not one, and one the shop does not ship to', async () => {
    const setup = await shippingShop();
    const unknown = await quote(setup, 'Atlantis');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ country: ['Choose a country from the list.'] });

    const noDefault = await t.createTenant();
    await addShippingZone(t, noDefault);
    const customer = await createCustomer(t, noDefault);
    const answer = await t.request(noDefault, {
      method: 'GET',
      url: '/api/orders/shipping-quote/?country=Japan',
      token: customer.accessToken,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ country: ['We do not ship to Japan.'] });
  });

  it('charges nothing in a shop without shipping zones', async () => {
    const shop = await t.createTenant();
    const customer = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 3, priceCents: 4000 });
    await addToCart(t, shop, customer.accessToken, product.id, 1);
    const answer = await t.request(shop, {
      method: 'GET',
      url: '/api/orders/shipping-quote/?country=Nepal',
      token: customer.accessToken,
    });
    expect(answer.json()).toMatchObject({ zone: '', shipping: '0.00', total: '40.00', delivery_estimate: '' });
  });

  it("needs a signed-in customer, and uses another shop's zones never", async () => {
    const setup = await shippingShop();
    expect((await quote(setup, 'Germany', 'guest')).statusCode).toBe(401);
    // The other shop has no zones: its own customer ships for free, whatever this shop charges.
    const other = await t.createTenant();
    const customer = await createCustomer(t, other);
    const answer = await t.request(other, {
      method: 'GET',
      url: '/api/orders/shipping-quote/?country=Germany',
      token: customer.accessToken,
    });
    expect(answer.json()).toMatchObject({ zone: '', shipping: '0.00' });
  });
});

describe('shipping of a placed order', () => {
  it('is computed on the server: a shipping amount or total sent by the client is ignored', async () => {
    const setup = await shippingShop();
    const response = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/orders/',
      token: setup.customer.accessToken,
      payload: {
        payment_method: 'bank_transfer',
        delivery_address: { ...TEST_ADDRESS, country: 'Germany', contact_number: '+49 30 1234567' },
        shipping: '0.00',
        shipping_cents: 0,
        total: '1.00',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      subtotal: '170.00',
      shipping: '29.00',
      total: '199.00',
      shipping_zone: 'Europe',
      delivery_estimate: '7–14 business days',
    });
    const [row] = await t.testDb.database.raw.query<{ shipping_cents: number; total_cents: number }>(
      'select shipping_cents::integer, total_cents::integer from orders where id = $1',
      [response.json().id],
    );
    expect(row).toEqual({ shipping_cents: 2900, total_cents: 19900 });
  });

  it('matches the quote, keeps the country by its English name when sent as a code, and is in the order and its e-mail', async () => {
    const setup = await shippingShop();
    const quoted = (await quote(setup, 'NP')).json();
    const placed = await placeOrder(t, setup.shop, setup.customer.accessToken, {
      delivery_address: { ...TEST_ADDRESS, country: 'NP' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect({ shipping: order.shipping, total: order.total }).toEqual({
      shipping: quoted.shipping,
      total: quoted.total,
    });
    expect(order.delivery_address.country).toBe('Nepal');

    const detail = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/orders/orders/${order.id}/`,
      token: setup.customer.accessToken,
    });
    expect(detail.json()).toMatchObject({ shipping: '7.00', total: '177.00', shipping_zone: 'Nepal' });

    await t.settled();
    const mail = mailsTo(t.config.DATA_DIR, setup.customer.user.email).at(-1);
    // The outbox reader undoes the quoted-printable escapes byte by byte: the text is UTF-8.
    const text = Buffer.from(mail?.body ?? '', 'latin1').toString('utf8');
    expect(text).toContain('Subtotal: $170.00\nShipping: $7.00 (Nepal, 3–5 business days)\nTotal: $177.00 USD');
  });

  it('is part of the amount a card payment asks for', async () => {
    const setup = await shippingShop();
    const placed = await placeOrder(t, setup.shop, setup.customer.accessToken, {
      payment_method: 'card_2c2p',
      delivery_address: { ...TEST_ADDRESS, country: 'France', contact_number: '+33 1 42 68 53 00' },
    });
    const order = placed.json();
    expect(order.total).toBe('199.00');
    const start = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/payments/card/initiate/',
      token: setup.customer.accessToken,
      payload: { order_id: order.id, currency: 'USD' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const payment = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/payments/history/${start.json().payment_uuid}/`,
      token: setup.customer.accessToken,
    });
    expect(payment.json()).toMatchObject({ amount: '199.00', currency: 'USD' });
  });

  it('refuses a country that is not one and a contact number that is not a phone number, field by field', async () => {
    const setup = await shippingShop();
    const response = await placeOrder(t, setup.shop, setup.customer.accessToken, {
      delivery_address: { ...TEST_ADDRESS, country: 'Narnia', contact_number: 'call me' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'delivery_address.country': ['Choose a country from the list.'],
      'delivery_address.contact_number': [
        'Enter a valid phone number (with its country code if it is not from this country).',
      ],
    });
    // A national number of the delivery country is a phone number there.
    const national = await placeOrder(t, setup.shop, setup.customer.accessToken, {
      delivery_address: { ...TEST_ADDRESS, contact_number: '01 4221234' },
    });
    expect(national.statusCode, national.body).toBe(201);
  });

  it('is refused, with nothing ordered, to a country the shop does not ship to', async () => {
    const shop = await t.createTenant();
    await setPayments(t, shop);
    await addShippingZone(t, shop);
    const customer = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 3, priceCents: 4000 });
    await addToCart(t, shop, customer.accessToken, product.id, 1);
    const response = await placeOrder(t, shop, customer.accessToken, {
      delivery_address: { ...TEST_ADDRESS, country: 'JP', postalCode: '100-0001', contact_number: '+81 3 1234 5678' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ 'delivery_address.country': ['We do not ship to Japan.'] });
    const cart = await t.request(shop, { method: 'GET', url: '/api/orders/cart/', token: customer.accessToken });
    expect(cart.json().total_items).toBe(1);
  });
});
