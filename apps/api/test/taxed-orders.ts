// Orders with taxes, for the tests of what staff read of an order's money (its admin answer, the CSV, the invoice and
// credit note, the sales report): a German order holding VAT in its prices, a New York order with sales tax added.
import type { Order } from '@platform/contracts';
import { expect } from 'vitest';
import { adminCall, type ShopWithStaff, shopWithStaff } from './admin.ts';
import type { TestApp } from './app.ts';
import { addShippingZone, addToCart, createCustomer, createProduct, placeOrder, setPayments } from './builders.ts';

export const GERMANY = {
  street: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
  fullname: 'Anna Schmidt',
  contact_number: '+49 30 1234567',
};

export const NEW_YORK = {
  street: '350 Fifth Avenue',
  city: 'New York',
  postalCode: '10118',
  country: 'US',
  region: 'New York',
  fullname: 'John Doe',
  contact_number: '+1 212 555 0100',
};

/**
 * A shop taking bank transfers, shipping to Germany (20.00) and the United States (10.00), charging German VAT of
 * 19% in the prices and New York's sales tax of 8.88% added; a product at 99.99 (entered without tax) and a
 * discount code `TENOFF` (10.00 off).
 */
export async function taxedShop(t: TestApp, name: string) {
  const setup = await shopWithStaff(t, name);
  await setPayments(t, setup.shop);
  await addShippingZone(t, setup.shop, { name: 'Germany', countries: ['DE'], flat_rate: '20.00', per_item: '0.00' });
  await addShippingZone(t, setup.shop, {
    name: 'United States',
    countries: ['US'],
    flat_rate: '10.00',
    per_item: '0.00',
  });
  const owner = (url: string, body: object) => adminCall(t, setup.shop, setup.owner.accessToken, 'POST', url, body);
  for (const [url, body] of [
    ['/tax-rates/', { name: 'VAT', rate: '19.00', country: 'DE', display: 'included' }],
    ['/tax-rates/', { name: 'Sales tax', rate: '8.88', country: 'US', region: 'NY', display: 'added' }],
    ['/discounts/', { code: 'TENOFF', kind: 'fixed', value: '10.00' }],
  ] as const) {
    const answer = await owner(url, body);
    expect(answer.statusCode, answer.body).toBe(201);
  }
  const product = await createProduct(t, setup.shop, { name: 'Kukri', stock: 100, priceCents: 9999 });
  return { ...setup, product };
}

export type TaxedShop = ShopWithStaff & { product: Awaited<ReturnType<typeof createProduct>> };

/**
 * A new customer's order of `quantity` units delivered to `address` (with the code `TENOFF` when `discounted`), as
 * the customer's answer has it, with the customer.
 */
export async function taxedOrder(
  t: TestApp,
  setup: TaxedShop,
  address: typeof GERMANY | typeof NEW_YORK,
  options: { quantity?: number; discounted?: boolean } = {},
) {
  const customer = await createCustomer(t, setup.shop);
  await addToCart(t, setup.shop, customer.accessToken, setup.product.id, options.quantity ?? 1);
  if (options.discounted) {
    const query = new URLSearchParams({ country: address.country, ...('region' in address ? { region: 'NY' } : {}) });
    const applied = await t.request(setup.shop, {
      method: 'POST',
      url: `/api/orders/cart/discount/?${query}`,
      token: customer.accessToken,
      payload: { code: 'tenoff' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
  }
  const placed = await placeOrder(t, setup.shop, customer.accessToken, { delivery_address: address });
  expect(placed.statusCode, placed.body).toBe(201);
  return { order: placed.json() as Order, customer };
}
