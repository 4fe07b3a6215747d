import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createCustomer, createProduct, setPayments, TEST_ADDRESS } from '../../../test/builders.ts';

// On PostgreSQL (CI sets TEST_DATABASE_URL) these are real races between pooled connections, and between two app
// instances with pools of their own; on PGlite the same checks run with its single connection.
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  second = await t.secondInstance();
});
afterAll(() => t.close());

describe.each([
  ['one app instance', () => [t.app]],
  ['two app instances on one database', () => [t.app, second]],
])('customers racing for the last use of a code (%s)', (_name, instances) => {
  it('gives the last use to exactly one of 50 customers ordering at the same moment, and refuses the others', async () => {
    const setup = await shopWithStaff(t, 'Race shop');
    await setPayments(t, setup.shop);
    const product = await createProduct(t, setup.shop, { name: 'Prayer Flags', priceCents: 2000, stock: 100 });
    const created = await adminCall(t, setup.shop, setup.owner.accessToken, 'POST', '/discounts/', {
      code: 'LASTONE',
      kind: 'percentage',
      value: '50.00',
      usage_limit: 2,
    });
    expect(created.statusCode).toBe(201);
    const discount = created.json();
    // One use is taken already: one is left.
    const early = await createCustomer(t, setup.shop);
    await addToCart(t, setup.shop, early.accessToken, product.id, 1);
    await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/cart/discount/',
      token: early.accessToken,
      payload: { code: 'LASTONE' },
    });
    const first = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/orders/',
      token: early.accessToken,
      payload: { payment_method: 'bank_transfer', delivery_address: TEST_ADDRESS },
    });
    expect(first.json().discount).toBe('10.00');

    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) {
      const customer = await createCustomer(t, setup.shop);
      await addToCart(t, setup.shop, customer.accessToken, product.id, 1);
      const applied = await t.request(setup.shop, {
        method: 'POST',
        url: '/api/orders/cart/discount/',
        token: customer.accessToken,
        // Each from an address of its own: one address may try 30 codes in a quarter of an hour.
        remoteAddress: `10.1.0.${i}`,
        payload: { code: 'lastone' },
      });
      expect(applied.statusCode).toBe(200);
      tokens.push(customer.accessToken);
    }

    const answers = await Promise.all(
      tokens.map((token, i) =>
        (instances()[i % instances().length] as FastifyInstance).inject({
          method: 'POST',
          url: '/api/orders/orders/',
          headers: { 'x-tenant-token': setup.shop.token, authorization: `Bearer ${token}` },
          payload: { payment_method: 'bank_transfer', delivery_address: TEST_ADDRESS },
        }),
      ),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.json()).toMatchObject({ subtotal: '20.00', discount: '10.00', total: '10.00' });
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ detail: 'This code is not valid.', code: 'discount_code_invalid' });
    }
    const read = await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', `/discounts/${discount.id}/`);
    expect(read.json().times_used).toBe(2);
    const [uses] = await t.testDb.database.raw.query<{ n: number }>(
      'select count(*)::integer as n from discount_uses where discount_id = $1 and released_at is null',
      [discount.id],
    );
    expect(uses?.n).toBe(2);
  });
});
