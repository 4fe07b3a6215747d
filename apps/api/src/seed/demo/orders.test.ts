import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoTestApp, type TestApp } from '../../../test/app.ts';
import type { Tenant } from '../../modules/tenants/tenants.service.ts';
import { DEMO_CUSTOMER, DEMO_OWNER } from './accounts.ts';

describe('demo shop payments and orders', () => {
  let t: TestApp;
  let shop: Tenant;
  beforeAll(async () => {
    ({ t, shop } = await buildDemoTestApp());
  });
  afterAll(() => t.close());

  it('takes cards (through the sandbox gateway), bank transfers and PayPal invoices', async () => {
    const options = (await t.request(shop, { method: 'GET', url: '/api/payments/options/' })).json();
    expect(options).toMatchObject({
      enable_card_payment: true,
      enable_bank_transfer: true,
      enable_custom_payment: true,
      custom_payment_label: 'PayPal invoice',
    });
    expect(options.bank_account_details).toContain('SWIFT');
  });

  it('gives the demo customer a delivered order in the history, and a demo customer can order again', async () => {
    const login = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { login_id: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    });
    const token = login.json().access as string;
    const history = (await t.request(shop, { method: 'GET', url: '/api/orders/orders/', token })).json();
    expect(history.count).toBe(1);
    // The blade (88.00) and its shipping to the United Kingdom (Europe: 28.00 per order and 4.00 per item), each
    // with the UK's VAT of 20% in it: 105.60 + 38.40.
    expect(history.results[0]).toMatchObject({ number: '1001', status: 'delivered', total: '144.00' });
    const detail = (
      await t.request(shop, { method: 'GET', url: `/api/orders/orders/${history.results[0].id}/`, token })
    ).json();
    expect(detail.items[0]).toMatchObject({ product_name: expect.stringContaining('Indian Army'), quantity: 1 });
    expect(detail.items[0].thumb_image).toMatch(/^\/media\/.+\.webp$/);

    const product = (await t.request(shop, { method: 'GET', url: '/api/products/products/chitlange-khukuri/' })).json();
    await t.request(shop, {
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      token,
      payload: { product_id: product.id, quantity: 1, customization: {} },
    });
    const order = await t.request(shop, {
      method: 'POST',
      url: '/api/orders/orders/',
      token,
      payload: {
        payment_method: 'custom',
        delivery_address: {
          street: '1 Test Street',
          city: 'Dharan',
          postalCode: '56700',
          country: 'Nepal',
          fullname: 'Demo Customer',
          contact_number: '+977 25 000000',
        },
      },
    });
    expect(order.statusCode).toBe(201);
    expect(order.json()).toMatchObject({ number: '1005', payment_label: 'PayPal invoice' });
  });

  it('gives the owner (signing in with the documented password) orders in the states of a shop’s day', async () => {
    const login = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { login_id: DEMO_OWNER.email, password: DEMO_OWNER.password },
    });
    expect(login.json().user.role).toBe('owner');
    const orders = await t.request(shop, { method: 'GET', url: '/api/admin/orders/', token: login.json().access });
    const states = orders.json().results.map((order: { status: string; payment_method: string }) => order);
    expect(states.map((order: { status: string }) => order.status).sort()).toEqual(
      expect.arrayContaining(['awaiting_payment', 'awaiting_payment', 'delivered', 'processing']),
    );
    expect(states).toContainEqual(
      expect.objectContaining({ status: 'awaiting_payment', payment_method: 'bank_transfer' }),
    );
    expect(states).toContainEqual(expect.objectContaining({ status: 'processing', payment_method: 'card_2c2p' }));
  });
});
