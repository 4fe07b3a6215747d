import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createCustomer, createProduct } from '../../../test/builders.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_ENABLED: 'true' });
});
afterAll(() => t.close());

function applyCode(shop: Tenant, token: string, code: string, remoteAddress = '10.0.0.1') {
  return t.request(shop, {
    method: 'POST',
    url: '/api/orders/cart/discount/',
    token,
    remoteAddress,
    payload: { code },
  });
}

describe('guessing discount codes', () => {
  it('meets a 429 with a sentence for people after ten attempts of one account, from any address', async () => {
    const setup = await shopWithStaff(t, 'Guessed shop');
    const product = await createProduct(t, setup.shop, { priceCents: 2000, stock: 5 });
    const created = await adminCall(t, setup.shop, setup.owner.accessToken, 'POST', '/discounts/', {
      code: 'REAL10',
      kind: 'percentage',
      value: '10.00',
    });
    expect(created.statusCode).toBe(201);
    const guesser = await createCustomer(t, setup.shop);
    await addToCart(t, setup.shop, guesser.accessToken, product.id, 1);
    const statuses: number[] = [];
    for (let index = 0; index < 60 && statuses.at(-1) !== 429; index++) {
      statuses.push((await applyCode(setup.shop, guesser.accessToken, `GUESS${index}`, `10.0.0.${index}`)).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    // The right code is refused too now: the limit does not tell a guess from a find.
    const refused = await applyCode(setup.shop, guesser.accessToken, 'REAL10', '10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(/^You have tried too many discount codes\. Try again in 1[45] minutes\.$/),
      code: 'throttled',
    });
    // Another customer of the shop is not held back by the guesser.
    const other = await createCustomer(t, setup.shop);
    await addToCart(t, setup.shop, other.accessToken, product.id, 1);
    expect((await applyCode(setup.shop, other.accessToken, 'REAL10', '10.0.2.2')).statusCode).toBe(200);
  });

  it('meets a 429 after thirty attempts from one address, whatever the accounts', async () => {
    const shop = await t.createTenant();
    const statuses: number[] = [];
    for (let index = 0; index < 31; index++) {
      const someone = await createCustomer(t, shop);
      statuses.push((await applyCode(shop, someone.accessToken, `GUESS${index}`, '10.9.9.9')).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
