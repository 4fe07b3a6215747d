import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  addToCart,
  createCustomer,
  createProduct,
  placeOrder,
  setPayments,
  TEST_ADDRESS,
} from '../../../test/builders.ts';
import { findStockLedgerMismatches, listStockMovements } from '../inventory/index.ts';
import type { Tenant } from '../tenants/index.ts';

// On PostgreSQL (CI sets TEST_DATABASE_URL) these are real races between pooled connections, and between two app
// instances with pools of their own; on PGlite the same checks run with its single connection.
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  second = await t.secondInstance();
});
afterAll(() => t.close());

async function customersWithCarts(shop: Tenant, productId: number, count: number, quantity: number) {
  const customers = [];
  for (let i = 0; i < count; i++) {
    const customer = await createCustomer(t, shop);
    await addToCart(t, shop, customer.accessToken, productId, quantity);
    customers.push(customer);
  }
  return customers;
}

/** Every customer places an order at the same moment, through the given app instances in turn. */
function placeAllAtOnce(shop: Tenant, tokens: string[], instances: FastifyInstance[]) {
  return Promise.all(
    tokens.map((token, i) =>
      (instances[i % instances.length] as FastifyInstance).inject({
        method: 'POST',
        url: '/api/orders/orders/',
        headers: { 'x-tenant-token': shop.token, authorization: `Bearer ${token}` },
        payload: { payment_method: 'bank_transfer', delivery_address: TEST_ADDRESS },
      }),
    ),
  );
}

/** The ledger check after a race: every product's stock is its opening stock plus its movements, one per order. */
async function expectLedgerHolds(shop: Tenant, productId: number, orders: number) {
  const ctx = t.context(shop);
  expect(await findStockLedgerMismatches(ctx)).toEqual([]);
  const movements = await listStockMovements(ctx, { productId });
  expect(movements.filter((m) => m.reason === 'initial').map((m) => m.quantity)).toEqual([10]);
  const sold = movements.filter((m) => m.reason === 'order');
  expect(sold).toHaveLength(orders);
  expect(new Set(sold.map((m) => m.orderId)).size).toBe(orders);
  expect(movements.reduce((sum, m) => sum + m.quantity, 0)).toBe(0);
}

async function soldAndStock(productId: number) {
  const [row] = await t.testDb.database.raw.query<{ sold: number; stock: number }>(
    `select coalesce((select sum(quantity) from order_lines where product_id = $1), 0)::integer as sold,
            (select stock from products where id = $1) as stock`,
    [productId],
  );
  return row;
}

describe.each([
  ['one app instance', () => [t.app]],
  ['two app instances on one database', () => [t.app, second]],
])('orders racing for the last units (%s)', (_name, instances) => {
  it('sells the last 10 units once when 50 customers each holding all 10 order at the same moment', async () => {
    const shop = await t.createTenant();
    await setPayments(t, shop);
    const product = await createProduct(t, shop, { name: 'Last Batch', stock: 10 });
    const customers = await customersWithCarts(shop, product.id, 50, 10);

    const answers = await placeAllAtOnce(
      shop,
      customers.map((c) => c.accessToken),
      instances(),
    );
    const placed = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().detail).toBe('Last Batch is out of stock.');
    }
    expect(await soldAndStock(product.id)).toEqual({ sold: 10, stock: 0 });
    await expectLedgerHolds(shop, product.id, 1);
  });

  it('sells exactly 10 units when 50 customers each holding one of the last 10 order at the same moment', async () => {
    const shop = await t.createTenant();
    await setPayments(t, shop);
    const product = await createProduct(t, shop, { name: 'Small Run', stock: 10 });
    const customers = await customersWithCarts(shop, product.id, 50, 1);

    const answers = await placeAllAtOnce(
      shop,
      customers.map((c) => c.accessToken),
      instances(),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.json().detail).toBe('Small Run is out of stock.');
    }
    expect(await soldAndStock(product.id)).toEqual({ sold: 10, stock: 0 });
    await expectLedgerHolds(shop, product.id, 10);
    // Refused customers keep their carts.
    const [row] = await t.testDb.database.raw.query<{ n: number }>(
      'select count(*)::integer as n from cart_items where product_id = $1',
      [product.id],
    );
    expect(row?.n).toBe(40);
  });
});

describe.each([
  ['one app instance', () => [t.app]],
  ['two app instances on one database', () => [t.app, second]],
])("one customer's orders racing for the unpaid-orders limit (%s)", (_name, instances) => {
  it('places one order and refuses the others with the limit when a customer one below it places six at once', async () => {
    const shop = await t.createTenant();
    await setPayments(t, shop);
    const product = await createProduct(t, shop, { name: 'Limited Run', stock: 10 });
    const [customer] = await customersWithCarts(shop, product.id, 1, 1);
    if (!customer) throw new Error('no customer');
    for (let i = 0; i < 2; i++) {
      expect((await placeOrder(t, shop, customer.accessToken)).statusCode).toBe(201);
      await addToCart(t, shop, customer.accessToken, product.id, 1);
    }

    // Every placement holds the customer's cart in turn: the first places the third order, the others count three.
    const answers = await placeAllAtOnce(shop, Array(6).fill(customer.accessToken), instances());
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({
        detail: 'You already have 3 orders awaiting payment. Pay for one of them before placing another.',
        code: 'unpaid_orders_limit',
      });
    }
    const [row] = await t.testDb.database.raw.query<{ n: number }>(
      "select count(*)::integer as n from orders where user_id = $1 and status = 'awaiting_payment'",
      [customer.user.id],
    );
    expect(row?.n).toBe(3);
    expect(await soldAndStock(product.id)).toEqual({ sold: 3, stock: 7 });
    expect(await findStockLedgerMismatches(t.context(shop))).toEqual([]);
  });
});
