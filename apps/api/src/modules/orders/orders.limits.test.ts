// What one customer may hold without paying (the shop's order limits in `payment_settings`), through HTTP: orders
// awaiting payment per customer, units of a product per order and in the cart, and how long an unpaid order holds
// its stock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, type DropFirst } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createCustomer, createProduct, placeOrder, setPayments } from '../../../test/builders.ts';
import type { Tenant } from '../tenants/index.ts';
import { cancelOverdueOrders, transitionOrder } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

const THREE_UNPAID = 'You already have 3 orders awaiting payment. Pay for one of them before placing another.';

async function stockOf(productId: number): Promise<number> {
  const [row] = await t.testDb.database.raw.query<{ stock: number }>('select stock from products where id = $1', [
    productId,
  ]);
  return row?.stock ?? Number.NaN;
}

async function unpaidOf(userId: number): Promise<number> {
  const [row] = await t.testDb.database.raw.query<{ n: number }>(
    "select count(*)::integer as n from orders where user_id = $1 and status = 'awaiting_payment'",
    [userId],
  );
  return row?.n ?? Number.NaN;
}

function cartOf(shop: Tenant, token: string) {
  return t.request(shop, { method: 'GET', url: '/api/orders/cart/', token });
}

/** A shop taking bank transfers and custom payments with its default limits, its owner, staff, a customer, a product. */
async function shop(stock = 50) {
  const tenant = await t.createTenant('Limits test shop');
  await setPayments(t, tenant, {
    enableBankTransfer: true,
    bankAccountDetails: 'Test Bank, IBAN XX00 1234',
    enableCustomPayment: true,
    customPaymentLabel: 'PayPal invoice',
  });
  const owner = await createCustomer(t, tenant, { role: 'owner' });
  const staff = await createCustomer(t, tenant, { role: 'staff' });
  const customer = await createCustomer(t, tenant);
  const product = await createProduct(t, tenant, {
    name: 'Birenpati',
    stock,
    priceCents: 8500,
    personalisation: [{ key: 'engraving', label: 'Engraving', max_length: 20, price_cents: 0, required: false }],
  });
  return { shop: tenant, owner, staff, customer, product };
}

type Shop = Awaited<ReturnType<typeof shop>>;

/** The customer places an order of `quantity` units of the product by bank transfer; its id. */
async function orderOf(setup: Shop, quantity = 1): Promise<number> {
  await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, quantity);
  const answer = await placeOrder(t, setup.shop, setup.customer.accessToken);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id;
}

function patchSettings(setup: Shop, body: object, token = setup.owner.accessToken) {
  return admin(setup.shop, token, 'PATCH', '/payment-settings/', body);
}

describe('the defaults of a new shop', () => {
  it('are 3 orders awaiting payment per customer, 10 units of a product per order, 7 days to pay a bank transfer and 24 hours by the custom method', async () => {
    const setup = await shop();
    const read = await admin(setup.shop, setup.owner.accessToken, 'GET', '/payment-settings/');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      max_unpaid_orders: 3,
      max_units_per_product: 10,
      bank_transfer_timeout_minutes: 10080,
      custom_payment_timeout_minutes: 1440,
    });
    // A shop that has not set up payments at all reads the same defaults.
    const bare = await t.createTenant('Shop without payments');
    const bareOwner = await createCustomer(t, bare, { role: 'owner' });
    expect((await admin(bare, bareOwner.accessToken, 'GET', '/payment-settings/')).json()).toMatchObject({
      max_unpaid_orders: 3,
      max_units_per_product: 10,
      bank_transfer_timeout_minutes: 10080,
      custom_payment_timeout_minutes: 1440,
    });
  });

  it('give bank-transfer orders 7 days to be paid (an international transfer takes days), custom ones 24 hours', async () => {
    const setup = await shop();
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 1);
    const bank = (await placeOrder(t, setup.shop, setup.customer.accessToken)).json();
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 1);
    const custom = (await placeOrder(t, setup.shop, setup.customer.accessToken, { payment_method: 'custom' })).json();
    const hoursToPay = (order: { payment_due_at: string; created_at: string }) =>
      (Date.parse(order.payment_due_at) - Date.parse(order.created_at)) / 3_600_000;
    expect(hoursToPay(bank)).toBeCloseTo(7 * 24, 2);
    expect(hoursToPay(bank)).toBeGreaterThanOrEqual(5 * 24);
    expect(hoursToPay(custom)).toBeCloseTo(24, 2);
  });
});

describe('orders awaiting payment per customer', () => {
  it('refuses a fourth order while three await payment (409, the limit named), changing nothing', async () => {
    const setup = await shop();
    for (let i = 0; i < 3; i++) await orderOf(setup);
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 2);

    const refused = await placeOrder(t, setup.shop, setup.customer.accessToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: THREE_UNPAID, code: 'unpaid_orders_limit' });
    expect(await unpaidOf(setup.customer.user.id)).toBe(3);
    expect(await stockOf(setup.product.id)).toBe(47);
    expect((await cartOf(setup.shop, setup.customer.accessToken)).json().total_items).toBe(2);
  });

  it('counts only orders awaiting payment: once one is paid or cancelled, the next order goes through', async () => {
    const setup = await shop();
    const first = await orderOf(setup);
    const second = await orderOf(setup);
    await orderOf(setup);
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 1);
    expect((await placeOrder(t, setup.shop, setup.customer.accessToken)).statusCode).toBe(409);

    await transitionOrder(t.context(setup.shop), { orderId: first, to: 'paid' });
    expect((await placeOrder(t, setup.shop, setup.customer.accessToken)).statusCode).toBe(201);
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 1);
    expect((await placeOrder(t, setup.shop, setup.customer.accessToken)).statusCode).toBe(409);
    await transitionOrder(t.context(setup.shop), { orderId: second, to: 'cancelled' });
    expect((await placeOrder(t, setup.shop, setup.customer.accessToken)).statusCode).toBe(201);
  });

  it("counts each customer's own orders only", async () => {
    const setup = await shop();
    for (let i = 0; i < 3; i++) await orderOf(setup);
    const neighbour = await createCustomer(t, setup.shop);
    await addToCart(t, setup.shop, neighbour.accessToken, setup.product.id, 1);
    expect((await placeOrder(t, setup.shop, neighbour.accessToken)).statusCode).toBe(201);
  });

  it('answers a retried request of the order that reached the limit with that order, not the refusal', async () => {
    const setup = await shop();
    await orderOf(setup);
    await orderOf(setup);
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 1);
    const headers = { 'idempotency-key': 'third-order-attempt' };
    const third = await placeOrder(t, setup.shop, setup.customer.accessToken, {}, headers);
    expect(third.statusCode).toBe(201);
    const retried = await placeOrder(t, setup.shop, setup.customer.accessToken, {}, headers);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().id).toBe(third.json().id);
    expect(await unpaidOf(setup.customer.user.id)).toBe(3);
  });
});

describe('units of a product per order', () => {
  it('lets the cart hold 10 units of a product and refuses more, over all its lines, with the limit named', async () => {
    const setup = await shop();
    const token = setup.customer.accessToken;
    const cart = await addToCart(t, setup.shop, token, setup.product.id, 6, { engraving: 'Ram' });
    await addToCart(t, setup.shop, token, setup.product.id, 4, { engraving: 'Sita' });

    const more = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      token,
      payload: { product_id: setup.product.id, quantity: 1, customization: {} },
    });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({
      detail: 'You can order at most 10 of this item at a time.',
      code: 'product_quantity_limit',
    });
    const raised = await t.request(setup.shop, {
      method: 'PATCH',
      url: `/api/orders/cart/items/${cart.items[0].id}/`,
      token,
      payload: { quantity: 7 },
    });
    expect(raised.statusCode).toBe(400);
    expect(raised.json().code).toBe('product_quantity_limit');
    expect((await cartOf(setup.shop, token)).json().total_items).toBe(10);
    // Ten units is an order.
    expect((await placeOrder(t, setup.shop, token)).statusCode).toBe(201);
    expect(await stockOf(setup.product.id)).toBe(40);
  });

  it('refuses an order of more units than the shop allows now, naming the product; lowering the cart lets it through', async () => {
    const setup = await shop();
    const token = setup.customer.accessToken;
    const cart = await addToCart(t, setup.shop, token, setup.product.id, 8);
    expect((await patchSettings(setup, { max_units_per_product: 5 })).statusCode).toBe(200);

    const refused = await placeOrder(t, setup.shop, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'You can order at most 5 of Birenpati at a time. Lower its quantity in your cart.',
      code: 'product_quantity_limit',
    });
    expect(await stockOf(setup.product.id)).toBe(50);
    // Lowering is allowed even while still above the limit; the order goes through at the limit.
    const lower = (quantity: number) =>
      t.request(setup.shop, {
        method: 'PATCH',
        url: `/api/orders/cart/items/${cart.items[0].id}/`,
        token,
        payload: { quantity },
      });
    expect((await lower(6)).statusCode).toBe(200);
    expect((await placeOrder(t, setup.shop, token)).statusCode).toBe(400);
    expect((await lower(5)).statusCode).toBe(200);
    expect((await placeOrder(t, setup.shop, token)).statusCode).toBe(201);
    expect(await stockOf(setup.product.id)).toBe(45);
  });
});

describe('the owner changes the limits', () => {
  it('reads and changes them in the payment settings, audited; the next checkout follows them', async () => {
    const setup = await shop();
    const changed = await patchSettings(setup, {
      max_unpaid_orders: 1,
      max_units_per_product: 25,
      bank_transfer_timeout_minutes: 120,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      max_unpaid_orders: 1,
      max_units_per_product: 25,
      bank_transfer_timeout_minutes: 120,
      custom_payment_timeout_minutes: 1440,
    });
    const audit = await admin(setup.shop, setup.owner.accessToken, 'GET', '/audit-log/?entity=payment_settings');
    expect(audit.json().results[0]).toMatchObject({
      action: 'payment_settings.update',
      actor_user_id: setup.owner.user.id,
      summary: {
        before: { max_unpaid_orders: 3, max_units_per_product: 10, bank_transfer_timeout_minutes: 10080 },
        after: { max_unpaid_orders: 1, max_units_per_product: 25, bank_transfer_timeout_minutes: 120 },
      },
    });

    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 25);
    const placed = (await placeOrder(t, setup.shop, setup.customer.accessToken)).json();
    expect((Date.parse(placed.payment_due_at) - Date.parse(placed.created_at)) / 3_600_000).toBeCloseTo(2, 2);
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 1);
    const refused = await placeOrder(t, setup.shop, setup.customer.accessToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'You already have 1 order awaiting payment. Pay for it before placing another.',
      code: 'unpaid_orders_limit',
    });
  });

  it('is the owner’s alone: staff can neither read nor change them', async () => {
    const setup = await shop();
    expect((await admin(setup.shop, setup.staff.accessToken, 'GET', '/payment-settings/')).statusCode).toBe(403);
    const attempt = await patchSettings(
      setup,
      { max_unpaid_orders: 100, max_units_per_product: 10000 },
      setup.staff.accessToken,
    );
    expect(attempt.statusCode).toBe(403);
    expect((await admin(setup.shop, setup.owner.accessToken, 'GET', '/payment-settings/')).json()).toMatchObject({
      max_unpaid_orders: 3,
      max_units_per_product: 10,
    });
  });

  it('validates them: whole numbers within their ranges, each refusal with its message', async () => {
    const setup = await shop();
    const refusal = async (body: object) => {
      const answer = await patchSettings(setup, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      return answer.json();
    };
    const unpaid = { max_unpaid_orders: ['A customer may have 1 to 100 orders awaiting payment.'] };
    expect(await refusal({ max_unpaid_orders: 0 })).toEqual(unpaid);
    expect(await refusal({ max_unpaid_orders: 101 })).toEqual(unpaid);
    expect(await refusal({ max_unpaid_orders: 2.5 })).toEqual(unpaid);
    expect(await refusal({ max_unpaid_orders: '3' })).toEqual(unpaid);
    const units = { max_units_per_product: ['An order may take 1 to 10000 units of a product.'] };
    expect(await refusal({ max_units_per_product: 0 })).toEqual(units);
    expect(await refusal({ max_units_per_product: 10_001 })).toEqual(units);
    const time = ['A time to pay is 60 to 43200 minutes (1 hour to 30 days).'];
    expect(await refusal({ bank_transfer_timeout_minutes: 59 })).toEqual({ bank_transfer_timeout_minutes: time });
    expect(await refusal({ custom_payment_timeout_minutes: 43_201 })).toEqual({ custom_payment_timeout_minutes: time });
    // The card's hour follows the gateway's payment page, not the owner's choice.
    await refusal({ card_payment_timeout_minutes: 120 });
    expect((await admin(setup.shop, setup.owner.accessToken, 'GET', '/payment-settings/')).json()).toMatchObject({
      max_unpaid_orders: 3,
      max_units_per_product: 10,
      bank_transfer_timeout_minutes: 10080,
      custom_payment_timeout_minutes: 1440,
    });
  });

  it("changes only the owner's own shop", async () => {
    const mine = await shop();
    const theirs = await shop();
    expect((await patchSettings(mine, { max_unpaid_orders: 1 })).statusCode).toBe(200);
    expect((await patchSettings(mine, { max_unpaid_orders: 1 }, theirs.owner.accessToken)).statusCode).toBe(401);
    expect((await admin(theirs.shop, theirs.owner.accessToken, 'GET', '/payment-settings/')).json()).toMatchObject({
      max_unpaid_orders: 3,
    });
    await orderOf(theirs);
    await orderOf(theirs);
    await addToCart(t, theirs.shop, theirs.customer.accessToken, theirs.product.id, 1);
    expect((await placeOrder(t, theirs.shop, theirs.customer.accessToken)).statusCode).toBe(201);
  });
});

// NOTE: last: the job serves every shop of the database, so it also cancels the orders of the tests above.
describe('expiry of unpaid orders with the shorter hold', () => {
  it('cancels a bank-transfer order unpaid after 7 days, and not before, giving its stock back', async () => {
    const setup = await shop();
    const placedAt = Date.now();
    const orderId = await orderOf(setup, 4);
    expect(await stockOf(setup.product.id)).toBe(46);
    const statusOf = async () =>
      (
        await t.request(setup.shop, {
          method: 'GET',
          url: `/api/orders/orders/${orderId}/`,
          token: setup.customer.accessToken,
        })
      ).json().status;

    await cancelOverdueOrders(t.app.deps, new Date(placedAt + 6 * 24 * 3_600_000));
    expect(await statusOf()).toBe('awaiting_payment');
    await cancelOverdueOrders(t.app.deps, new Date(placedAt + 7 * 24 * 3_600_000 + 60_000));
    expect(await statusOf()).toBe('cancelled');
    expect(await stockOf(setup.product.id)).toBe(50);
    // Its place under the unpaid-orders limit is free again.
    expect(await unpaidOf(setup.customer.user.id)).toBe(0);
  });
});
