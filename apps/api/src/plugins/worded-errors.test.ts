// Staff type amounts as people do ("110", "110.5") and read every refusal in words: no regular expression, type name
// or validation library's phrase reaches an answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminCatalogShop } from '../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const LIBRARY_PHRASES =
  /Invalid (input|string|option)|must match|pattern|\/\^|expected \w+|received|Too (small|big)|Unrecognized/;

describe('amounts and refusals in the administration', () => {
  it('takes plain numbers for prices, shipping rates and discount values, kept with two decimals', async () => {
    const setup = await adminCatalogShop(t, 'Plain amounts');
    const call = (method: 'POST' | 'PATCH', url: string, body: object) =>
      adminCall(t, setup.shop, setup.owner.accessToken, method, url, body);

    const product = await call('POST', '/products/', { name: 'Angkhola', category: setup.category.id, price: '110' });
    expect(product.statusCode, product.body).toBe(201);
    expect(product.json()).toMatchObject({ price: '110.00' });
    const changed = await call('PATCH', `/products/${product.json().id}/`, { price: '110.5' });
    expect(changed.json()).toMatchObject({ price: '110.50' });

    const zone = await call('POST', '/shipping-zones/', {
      name: 'Europe',
      countries: ['DE'],
      flat_rate: '20',
      per_item: '2.5',
      delivery_days_min: 5,
      delivery_days_max: 9,
    });
    expect(zone.statusCode, zone.body).toBe(201);
    expect(zone.json()).toMatchObject({ flat_rate: '20.00', per_item: '2.50' });

    const code = await call('POST', '/discounts/', {
      code: 'TEN',
      kind: 'percentage',
      value: '10',
      min_subtotal: '50',
    });
    expect(code.statusCode, code.body).toBe(201);
    expect(code.json()).toMatchObject({ value: '10.00', min_subtotal: '50.00' });
  });

  it('refuses a wrong amount, a wrong type and an unknown field with sentences for a person', async () => {
    const setup = await adminCatalogShop(t, 'Worded refusals');
    const call = (url: string, body: object) => adminCall(t, setup.shop, setup.owner.accessToken, 'POST', url, body);
    const product = await call('/products/', { name: 'X', category: setup.category.id, price: '11o', stock: 'many' });
    expect(product.statusCode).toBe(400);
    expect(product.json()).toMatchObject({
      price: ['Enter an amount such as 110 or 110.50.'],
      stock: ['A valid number is required.'],
    });
    const discount = await call('/discounts/', { kind: 'percentage', value: '10%', colour: 'red' });
    expect(discount.statusCode).toBe(400);
    const answers = [product.body, discount.body];
    expect(discount.json()).toMatchObject({ value: ['Enter an amount such as 110 or 110.50.'] });
    expect(JSON.stringify(discount.json())).toContain('Unknown field: colour.');
    for (const body of answers) expect(body).not.toMatch(LIBRARY_PHRASES);
  });
});
