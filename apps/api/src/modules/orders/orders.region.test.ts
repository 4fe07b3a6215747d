import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createCustomer, createProduct, setPayments, TEST_ADDRESS } from '../../../test/builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const US_ADDRESS = {
  ...TEST_ADDRESS,
  street: '500 Congress Ave',
  city: 'Austin',
  postalCode: '78701',
  country: 'US',
  contact_number: '+1 512 555 0100',
};

/** A shop taking bank transfers and a customer with one product in the cart. */
async function shopWithCart() {
  const shop = await t.createTenant('Region shop');
  await setPayments(t, shop);
  const customer = await createCustomer(t, shop);
  const product = await createProduct(t, shop, { name: 'Sirupate', slug: 'sirupate', stock: 10, priceCents: 9000 });
  await addToCart(t, shop, customer.accessToken, product.id, 1);
  return { shop, customer };
}

async function order(setup: Awaited<ReturnType<typeof shopWithCart>>, address: Record<string, string>) {
  return t.request(setup.shop, {
    method: 'POST',
    url: '/api/orders/orders/',
    token: setup.customer.accessToken,
    payload: { payment_method: 'bank_transfer', delivery_address: address },
  });
}

describe('the state or region of a delivery address', () => {
  it('is required for a country whose addresses need one, from its list', async () => {
    const setup = await shopWithCart();
    const missing = await order(setup, US_ADDRESS);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ 'delivery_address.region': ['This field is required.'] });
    const unknown = await order(setup, { ...US_ADDRESS, region: 'Narnia' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ 'delivery_address.region': ['Choose a state or region from the list.'] });
  });

  it('is kept with the order by its name (given as its name or code), and read back with it', async () => {
    const setup = await shopWithCart();
    const placed = await order(setup, { ...US_ADDRESS, region: 'tx' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().delivery_address).toEqual({ ...US_ADDRESS, country: 'United States', region: 'Texas' });
    const again = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/orders/orders/${placed.json().id}/`,
      token: setup.customer.accessToken,
    });
    expect(again.json().delivery_address.region).toBe('Texas');
  });

  it('is not kept for a country whose addresses need none, and the spec’s clients send none', async () => {
    const setup = await shopWithCart();
    const placed = await order(setup, { ...TEST_ADDRESS, region: 'Bagmati' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().delivery_address).toEqual(TEST_ADDRESS);
  });

  it('is kept with a saved address, required where the country needs one and dropped when it changes', async () => {
    const setup = await shopWithCart();
    const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.request(setup.shop, { method, url, token: setup.customer.accessToken, payload });
    const refused = await call('POST', '/api/accounts/addresses/', {
      ...US_ADDRESS,
      country: 'India',
      postalCode: '110001',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ region: ['This field is required.'] });
    const saved = await call('POST', '/api/accounts/addresses/', { ...US_ADDRESS, region: 'California' });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ country: 'United States', region: 'California' });
    const moved = await call('PATCH', `/api/accounts/addresses/${saved.json().id}/`, TEST_ADDRESS);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ id: saved.json().id, ...TEST_ADDRESS });
  });
});
