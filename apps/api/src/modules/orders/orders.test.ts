import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  addToCart,
  createCustomer,
  createProduct,
  placeOrder,
  setPayments,
  TEST_ADDRESS,
  takeCards,
} from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { setProductActive } from '../catalog/products/products.repository.ts';
import { adjustStock } from '../inventory/index.ts';
import type { Tenant } from '../tenants/index.ts';
import { cancelOverdueOrders, orderJobs, transitionOrder } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function stockOf(productId: number): Promise<number> {
  const [row] = await t.testDb.database.raw.query<{ stock: number }>('select stock from products where id = $1', [
    productId,
  ]);
  return row?.stock ?? Number.NaN;
}

async function ordersOf(userId: number): Promise<number> {
  const [row] = await t.testDb.database.raw.query<{ n: number }>(
    'select count(*)::integer as n from orders where user_id = $1',
    [userId],
  );
  return row?.n ?? Number.NaN;
}

function getCart(tenant: Tenant, token: string) {
  return t.request(tenant, { method: 'GET', url: '/api/orders/cart/', token });
}

/** A shop taking bank transfers, a customer, and a product of the given stock with `quantity` in the cart. */
async function shopWithCart(options: { stock?: number; quantity?: number; priceCents?: number } = {}) {
  const shop = await t.createTenant('Khukuri test shop');
  await setPayments(t, shop);
  const customer = await createCustomer(t, shop);
  const product = await createProduct(t, shop, {
    name: 'Birenpati',
    slug: 'birenpati',
    stock: options.stock ?? 5,
    priceCents: options.priceCents ?? 8500,
    personalisation: [{ key: 'engraving_text', label: 'Engraving', max_length: 30, price_cents: 0, required: false }],
  });
  await addToCart(t, shop, customer.accessToken, product.id, options.quantity ?? 2, { engraving_text: 'For Ram' });
  return { shop, customer, product };
}

describe('GET /api/payments/options/', () => {
  it('answers a shop without payment set-up as accepting nothing, with the default custom label', async () => {
    const shop = await t.createTenant();
    const response = await t.request(shop, { method: 'GET', url: '/api/payments/options/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      enable_card_payment: false,
      enable_bank_transfer: false,
      enable_custom_payment: false,
      bank_account_details: '',
      custom_payment_label: 'Other Payment Method',
      custom_payment_instructions: '',
      custom_payment_redirect_url: '',
    });
  });

  it("answers the shop's own configuration, never another shop's", async () => {
    const shop = await t.createTenant();
    const other = await t.createTenant();
    await setPayments(t, shop, {
      enableBankTransfer: true,
      enableCustomPayment: true,
      bankAccountDetails: 'Nabil Bank 0421',
      customPaymentLabel: 'PayPal invoice',
      customPaymentInstructions: 'We send an invoice.',
      customPaymentRedirectUrl: 'https://pay.example.com/start',
    });
    expect((await t.request(shop, { method: 'GET', url: '/api/payments/options/' })).json()).toEqual({
      enable_card_payment: false,
      enable_bank_transfer: true,
      enable_custom_payment: true,
      bank_account_details: 'Nabil Bank 0421',
      custom_payment_label: 'PayPal invoice',
      custom_payment_instructions: 'We send an invoice.',
      custom_payment_redirect_url: 'https://pay.example.com/start',
    });
    expect((await t.request(other, { method: 'GET', url: '/api/payments/options/' })).json()).toMatchObject({
      enable_bank_transfer: false,
      bank_account_details: '',
    });
  });
});

describe('POST /api/orders/orders/', () => {
  it('places the order: 201 with id, catalog prices, snapshot lines, stock taken, cart emptied', async () => {
    const { shop, customer, product } = await shopWithCart({ stock: 5, quantity: 2, priceCents: 8550 });
    const response = await placeOrder(t, shop, customer.accessToken, {
      delivery_address: { ...TEST_ADDRESS, street: '  12 Durbar Marg  ' },
    });
    expect(response.statusCode).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      id: expect.any(Number),
      number: '1001',
      status: 'awaiting_payment',
      payment_method: 'bank_transfer',
      payment_label: 'Bank Transfer',
      payment_instructions: 'Test Bank, IBAN XX00 1234',
      currency: 'USD',
      subtotal: '171.00',
      shipping: '0.00',
      total: '171.00',
      total_items: 2,
      delivery_address: TEST_ADDRESS,
      payment_due_at: expect.any(String),
      items: [
        {
          id: expect.any(Number),
          product: { id: product.id, slug: 'birenpati' },
          product_name: 'Birenpati',
          unit_price: '85.50',
          quantity: 2,
          customization: { engraving_text: 'For Ram' },
          line_total: '171.00',
          thumb_image: null,
        },
      ],
    });
    // Bank transfers keep their stock for 7 days by default.
    const dueInHours = (Date.parse(order.payment_due_at) - Date.parse(order.created_at)) / 3_600_000;
    expect(dueInHours).toBeCloseTo(7 * 24, 1);
    expect(await stockOf(product.id)).toBe(3);
    expect((await getCart(shop, customer.accessToken)).json()).toMatchObject({ items: [], total_price: '0.00' });

    // The snapshot stays when the catalog changes.
    await t.testDb.database.raw.query("update products set price_cents = 1, name = 'Renamed' where id = $1", [
      product.id,
    ]);
    const again = await t.request(shop, {
      method: 'GET',
      url: `/api/orders/orders/${order.id}/`,
      token: customer.accessToken,
    });
    expect(again.json().items[0]).toMatchObject({ product_name: 'Birenpati', unit_price: '85.50' });
  });

  it('shows each order with its own lines only', async () => {
    const { shop, customer, product } = await shopWithCart({ stock: 50, quantity: 1 });
    const other = await createProduct(t, shop, { name: 'Karda', stock: 50, priceCents: 1500 });
    await addToCart(t, shop, customer.accessToken, other.id, 2);
    const first = (await placeOrder(t, shop, customer.accessToken)).json();
    await addToCart(t, shop, customer.accessToken, other.id, 3);
    const second = (await placeOrder(t, shop, customer.accessToken)).json();
    const someoneElse = await createCustomer(t, shop);
    await addToCart(t, shop, someoneElse.accessToken, product.id, 4);
    await placeOrder(t, shop, someoneElse.accessToken);

    const linesOf = async (id: number) =>
      (await t.request(shop, { method: 'GET', url: `/api/orders/orders/${id}/`, token: customer.accessToken }))
        .json()
        .items.map((item: { product_name: string; quantity: number }) => [item.product_name, item.quantity]);
    expect(first.items.map((item: { product_name: string }) => item.product_name)).toEqual(['Birenpati', 'Karda']);
    expect(await linesOf(first.id)).toEqual([
      ['Birenpati', 1],
      ['Karda', 2],
    ]);
    expect(await linesOf(second.id)).toEqual([['Karda', 3]]);
  });

  it('numbers each shop’s orders on their own from 1001', async () => {
    const a = await shopWithCart();
    const b = await shopWithCart();
    expect((await placeOrder(t, a.shop, a.customer.accessToken)).json().number).toBe('1001');
    expect((await placeOrder(t, b.shop, b.customer.accessToken)).json().number).toBe('1001');
    await addToCart(t, a.shop, a.customer.accessToken, a.product.id, 1);
    expect((await placeOrder(t, a.shop, a.customer.accessToken)).json().number).toBe('1002');
  });

  it('mails the customer a confirmation with the lines, total and bank details', async () => {
    const { shop, customer } = await shopWithCart();
    const order = (await placeOrder(t, shop, customer.accessToken)).json();
    await t.settled();
    const mail = mailsTo(t.config.DATA_DIR, customer.user.email).at(-1);
    expect(mail?.raw).toContain(`Subject: Khukuri test shop: order ${order.number} received`);
    expect(mail?.body).toContain('2 x Birenpati (engraving text: For Ram)');
    expect(mail?.body).toContain('Total: $170.00 USD');
    expect(mail?.body).toContain('Test Bank, IBAN XX00 1234');
    expect(mail?.body).toContain(`/account/orders/${order.id}`);
  });

  it('takes a custom payment with its label and instructions', async () => {
    const { shop, customer } = await shopWithCart();
    await setPayments(t, shop, {
      enableCustomPayment: true,
      customPaymentLabel: 'PayPal invoice',
      customPaymentInstructions: 'We e-mail a PayPal invoice.',
    });
    const response = await placeOrder(t, shop, customer.accessToken, { payment_method: 'custom' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      payment_method: 'custom',
      payment_label: 'PayPal invoice',
      payment_instructions: 'We e-mail a PayPal invoice.',
    });
  });

  it("refuses a method the shop does not take with the spec's text, changing nothing", async () => {
    const { shop, customer, product } = await shopWithCart();
    for (const method of ['custom', 'card_2c2p', 'bitcoin', '']) {
      const response = await placeOrder(t, shop, customer.accessToken, { payment_method: method });
      expect(response.statusCode, method).toBe(400);
      expect(response.json().detail).toBe('Invalid payment method selected.');
    }
    expect(await stockOf(product.id)).toBe(5);
    expect((await getCart(shop, customer.accessToken)).json().total_items).toBe(2);
    expect(await ordersOf(customer.user.id)).toBe(0);
  });

  it('needs all six address fields non-blank after trimming, with a field error for each', async () => {
    const { shop, customer, product } = await shopWithCart();
    const blank = await placeOrder(t, shop, customer.accessToken, {
      delivery_address: { ...TEST_ADDRESS, city: '   ', contact_number: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      'delivery_address.city': ['This field may not be blank.'],
      'delivery_address.contact_number': ['This field may not be blank.'],
    });
    const { fullname: _omitted, ...missing } = TEST_ADDRESS;
    const absent = await placeOrder(t, shop, customer.accessToken, { delivery_address: missing });
    expect(absent.statusCode).toBe(400);
    expect(absent.json()).toEqual({ 'delivery_address.fullname': ['This field is required.'] });
    expect(await stockOf(product.id)).toBe(5);
    expect(await ordersOf(customer.user.id)).toBe(0);
  });

  it('refuses a postal code not written as the delivery country writes them, changing nothing', async () => {
    const { shop, customer, product } = await shopWithCart();
    const wrong = await placeOrder(t, shop, customer.accessToken, {
      delivery_address: { ...TEST_ADDRESS, postalCode: 'SW1A 1AA' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ 'delivery_address.postalCode': ['Enter a valid postal code for Nepal.'] });
    expect(await stockOf(product.id)).toBe(5);
    expect(await ordersOf(customer.user.id)).toBe(0);
  });

  it('refuses an empty cart', async () => {
    const shop = await t.createTenant();
    await setPayments(t, shop);
    const { accessToken } = await createCustomer(t, shop);
    const response = await placeOrder(t, shop, accessToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Your cart is empty.');
  });

  it('refuses when the stock fell below the cart, or the product left the catalog, changing nothing', async () => {
    const { shop, customer, product } = await shopWithCart({ stock: 5, quantity: 4 });
    const second = await createProduct(t, shop, { name: 'Chitlange', stock: 2 });
    await addToCart(t, shop, customer.accessToken, second.id, 1);
    await adjustStock(t.context(shop), { productId: product.id, quantity: -2, note: 'counted' });
    const short = await placeOrder(t, shop, customer.accessToken);
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe('Only 3 items of Birenpati available.');

    await adjustStock(t.context(shop), { productId: product.id, quantity: -3, note: 'broken' });
    expect((await placeOrder(t, shop, customer.accessToken)).json().detail).toBe('Birenpati is out of stock.');

    await adjustStock(t.context(shop), { productId: product.id, quantity: 5, note: 'delivery' });
    await setProductActive(t.scope(shop), second.id, false);
    expect((await placeOrder(t, shop, customer.accessToken)).json().detail).toBe(
      'Chitlange is no longer available. Remove it from your cart.',
    );
    expect(await stockOf(product.id)).toBe(5);
    expect(await stockOf(second.id)).toBe(2);
    expect((await getCart(shop, customer.accessToken)).json().total_items).toBe(5);
    expect(await ordersOf(customer.user.id)).toBe(0);
  });

  it('leaves stock, cart and orders exactly as before when the database fails midway', async () => {
    const { shop, customer, product } = await shopWithCart({ stock: 5, quantity: 2 });
    // A failure after the stock was taken and the order row written: inserting the lines fails.
    await t.testDb.database.raw.exec(`
      create function fail_order_lines() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$;
      create trigger fail_order_lines before insert on order_lines
        for each row when (new.tenant_id = ${shop.id}) execute function fail_order_lines();`);
    try {
      const response = await placeOrder(t, shop, customer.accessToken);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'A server error occurred.', code: 'server_error' });
      expect(response.body).not.toContain('disk full');
    } finally {
      await t.testDb.database.raw.exec(
        'drop trigger fail_order_lines on order_lines; drop function fail_order_lines();',
      );
    }
    expect(await stockOf(product.id)).toBe(5);
    expect((await getCart(shop, customer.accessToken)).json().total_items).toBe(2);
    expect(await ordersOf(customer.user.id)).toBe(0);
    // And the shop goes on: the same order goes through now, numbered as if nothing had happened.
    const retry = await placeOrder(t, shop, customer.accessToken);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().number).toBe('1001');
  });

  it('answers a retried request with the same Idempotency-Key with the same order, placed once', async () => {
    const { shop, customer, product } = await shopWithCart({ stock: 5, quantity: 2 });
    const headers = { 'idempotency-key': 'checkout-7f1c2a' };
    const first = await placeOrder(t, shop, customer.accessToken, {}, headers);
    expect(first.statusCode).toBe(201);
    const retry = await placeOrder(t, shop, customer.accessToken, {}, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    expect(await stockOf(product.id)).toBe(3);
    expect(await ordersOf(customer.user.id)).toBe(1);

    const misuse = await placeOrder(
      t,
      shop,
      customer.accessToken,
      { payment_method: 'bank_transfer', delivery_address: { ...TEST_ADDRESS, city: 'Pokhara' } },
      headers,
    );
    expect(misuse.statusCode).toBe(400);
    expect(misuse.json().code).toBe('idempotency_key_reused');
    const badKey = await placeOrder(t, shop, customer.accessToken, {}, { 'idempotency-key': 'has spaces' });
    expect(badKey.statusCode).toBe(400);
  });

  it('places one order when the same Idempotency-Key arrives twice at the same moment', async () => {
    const { shop, customer, product } = await shopWithCart({ stock: 5, quantity: 2 });
    const headers = { 'idempotency-key': 'double-click' };
    const [a, b] = await Promise.all([
      placeOrder(t, shop, customer.accessToken, {}, headers),
      placeOrder(t, shop, customer.accessToken, {}, headers),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await stockOf(product.id)).toBe(3);
    expect(await ordersOf(customer.user.id)).toBe(1);
  });

  it('refuses guests with 401 before looking at the body', async () => {
    const shop = await t.createTenant();
    const response = await t.request(shop, { method: 'POST', url: '/api/orders/orders/', payload: { x: 1 } });
    expect(response.statusCode).toBe(401);
    expect((await t.request(shop, { method: 'GET', url: '/api/orders/orders/' })).statusCode).toBe(401);
  });
});

describe('GET /api/orders/orders/', () => {
  it("lists the customer's own orders, newest first, a page at a time", async () => {
    const { shop, customer, product } = await shopWithCart({ stock: 50, quantity: 1 });
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) await addToCart(t, shop, customer.accessToken, product.id, 1);
      numbers.push((await placeOrder(t, shop, customer.accessToken)).json().number);
    }
    const someoneElse = await createCustomer(t, shop);
    await addToCart(t, shop, someoneElse.accessToken, product.id, 1);
    await placeOrder(t, shop, someoneElse.accessToken);

    const first = await t.request(shop, {
      method: 'GET',
      url: '/api/orders/orders/?page_size=2',
      token: customer.accessToken,
    });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.count).toBe(3);
    expect(page.results.map((o: { number: string }) => o.number)).toEqual([numbers[2], numbers[1]]);
    expect(page.results[0]).toEqual({
      id: expect.any(Number),
      number: numbers[2],
      status: 'awaiting_payment',
      payment_method: 'bank_transfer',
      payment_label: 'Bank Transfer',
      total: '85.00',
      currency: 'USD',
      total_items: 1,
      created_at: expect.any(String),
      ships_by: null,
    });
    expect(page.next).toContain('page=2');
    const second = (
      await t.request(shop, {
        method: 'GET',
        url: '/api/orders/orders/?page=2&page_size=2',
        token: customer.accessToken,
      })
    ).json();
    expect(second.results.map((o: { number: string }) => o.number)).toEqual([numbers[0]]);
    expect(second.next).toBeNull();
  });

  it("answers 404 for another customer's order and for another shop's", async () => {
    const { shop, customer } = await shopWithCart();
    const order = (await placeOrder(t, shop, customer.accessToken)).json();
    const intruder = await createCustomer(t, shop);
    const stolen = await t.request(shop, {
      method: 'GET',
      url: `/api/orders/orders/${order.id}/`,
      token: intruder.accessToken,
    });
    expect(stolen.statusCode).toBe(404);
    expect(
      (await t.request(shop, { method: 'GET', url: '/api/orders/orders/', token: intruder.accessToken })).json().count,
    ).toBe(0);

    const other = await t.createTenant();
    const otherCustomer = await createCustomer(t, other);
    const foreign = await t.request(other, {
      method: 'GET',
      url: `/api/orders/orders/${order.id}/`,
      token: otherCustomer.accessToken,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('order lifecycle', () => {
  it('moves awaiting_payment → paid → processing → shipped → delivered, and refuses skipping or going back', async () => {
    const { shop, customer } = await shopWithCart();
    const order = (await placeOrder(t, shop, customer.accessToken)).json();
    const ctx = t.context(shop);
    const move = (orderId: number, to: 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled') =>
      transitionOrder(ctx, { orderId, to });
    await expect(move(order.id, 'shipped')).rejects.toThrow(/cannot become shipped/);
    for (const status of ['paid', 'processing', 'shipped', 'delivered'] as const) {
      expect((await move(order.id, status))?.status).toBe(status);
    }
    await expect(move(order.id, 'cancelled')).rejects.toThrow(/cannot become cancelled/);
    await expect(move(order.id, 'paid')).rejects.toThrow();
    expect(await move(999_999, 'paid')).toBeNull();
    const detail = (
      await t.request(shop, { method: 'GET', url: `/api/orders/orders/${order.id}/`, token: customer.accessToken })
    ).json();
    // Instructions to pay are no longer shown once paid.
    expect(detail).toMatchObject({ status: 'delivered', payment_instructions: '', payment_due_at: null });
  });

  it('gives the stock back exactly once when an order is cancelled, even by two callers at once', async () => {
    const { shop, customer, product } = await shopWithCart({ stock: 5, quantity: 2 });
    const order = (await placeOrder(t, shop, customer.accessToken)).json();
    expect(await stockOf(product.id)).toBe(3);
    const results = await Promise.allSettled([
      transitionOrder(t.context(shop), { orderId: order.id, to: 'cancelled' }),
      transitionOrder(t.context(shop), { orderId: order.id, to: 'cancelled' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('marks a review as a verified purchase once the customer has paid for the product', async () => {
    const { shop, customer, product } = await shopWithCart();
    const order = (await placeOrder(t, shop, customer.accessToken)).json();
    await transitionOrder(t.context(shop), { orderId: order.id, to: 'paid' });
    const review = await t.request(shop, {
      method: 'POST',
      url: '/api/products/reviews/',
      token: customer.accessToken,
      payload: { product: product.id, rating: 5, comment: 'Holds an edge.' },
    });
    expect(review.statusCode).toBe(201);
    expect(review.json().is_verified_purchase).toBe(true);
    const stranger = await createCustomer(t, shop);
    const unverified = await t.request(shop, {
      method: 'POST',
      url: '/api/products/reviews/',
      token: stranger.accessToken,
      payload: { product: product.id, rating: 4, comment: 'Looks good.' },
    });
    expect(unverified.json().is_verified_purchase).toBe(false);
  });
});

describe('expiry of unpaid orders', () => {
  it('cancels orders unpaid past their time and gives their stock back once, leaving others alone', async () => {
    const { shop, customer, product } = await shopWithCart({ stock: 10, quantity: 2 });
    const overdue = (await placeOrder(t, shop, customer.accessToken)).json();
    await addToCart(t, shop, customer.accessToken, product.id, 3);
    const paid = (await placeOrder(t, shop, customer.accessToken)).json();
    await transitionOrder(t.context(shop), { orderId: paid.id, to: 'paid' });
    await addToCart(t, shop, customer.accessToken, product.id, 1);
    const fresh = (await placeOrder(t, shop, customer.accessToken)).json();
    expect(await stockOf(product.id)).toBe(4);

    // The first order's time is up; the third has an hour left.
    await t.testDb.database.raw.query("update orders set payment_due_at = now() + interval '1 hour' where id = $1", [
      fresh.id,
    ]);
    const later = new Date(Date.now() + 2 * 3_600_000);
    await t.testDb.database.raw.query("update orders set payment_due_at = now() - interval '1 minute' where id = $1", [
      overdue.id,
    ]);
    const [first, second] = await Promise.all([cancelOverdueOrders(t.app.deps), cancelOverdueOrders(t.app.deps)]);
    expect(first + second).toBe(1);
    expect(await cancelOverdueOrders(t.app.deps)).toBe(0);
    expect(await stockOf(product.id)).toBe(6);
    const statusOf = async (id: number) =>
      (await t.request(shop, { method: 'GET', url: `/api/orders/orders/${id}/`, token: customer.accessToken })).json()
        .status;
    expect(await statusOf(overdue.id)).toBe('cancelled');
    expect(await statusOf(paid.id)).toBe('paid');
    expect(await statusOf(fresh.id)).toBe('awaiting_payment');
    // Time moves on: the paid order never expires; the fresh one does once its hour is over.
    // (The job serves every shop of the database: other tests' orders fall due too.)
    expect(await cancelOverdueOrders(t.app.deps, later)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(fresh.id)).toBe('cancelled');
    expect(await statusOf(paid.id)).toBe('paid');
    expect(await stockOf(product.id)).toBe(7);
  });

  it('runs as a scheduled job that cancels at once on start and logs what it did', async () => {
    const { shop, customer, product } = await shopWithCart({ stock: 5, quantity: 2 });
    const order = (await placeOrder(t, shop, customer.accessToken)).json();
    await t.testDb.database.raw.query("update orders set payment_due_at = now() - interval '1 minute' where id = $1", [
      order.id,
    ]);
    const logged: object[] = [];
    // The orders' jobs, as the app starts them with ORDER_EXPIRY_INTERVAL_SECONDS set (the tests' own is 0: none).
    expect(orderJobs(t.app.deps, { info: () => undefined, error: () => undefined })).toEqual([]);
    const hourly = { ...t.app.deps, config: { ...t.app.deps.config, ORDER_EXPIRY_INTERVAL_SECONDS: 3600 } };
    const jobs = orderJobs(hourly, {
      info: (object: object) => logged.push(object),
      error: (object: object) => logged.push(object),
    });
    expect(jobs).toHaveLength(2);
    for (const job of jobs) await job.stop();
    expect(logged).toEqual([{ job: 'order expiry', cancelled: 1 }]);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('gives card payments one hour by default', async () => {
    const { shop, customer } = await shopWithCart();
    await takeCards(t, shop);
    const order = (await placeOrder(t, shop, customer.accessToken, { payment_method: 'card_2c2p' })).json();
    const dueInHours = (Date.parse(order.payment_due_at) - Date.parse(order.created_at)) / 3_600_000;
    expect(dueInHours).toBeCloseTo(1, 2);
    expect(order.payment_label).toBe('Credit/Debit Card');
  });
});
