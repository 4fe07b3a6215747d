import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoTestApp, type TestApp } from '../../../test/app.ts';
import { pdfText } from '../../../test/pdf.ts';
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
        // A khukuri: sold to adults only.
        age_confirmed: true,
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

  it('sells the Angkhola to adults only, with its customs papers, and closes a destination in the shop’s words', async () => {
    const angkhola = (await t.request(shop, { method: 'GET', url: '/api/products/products/angkhola-khukuri/' })).json();
    expect(angkhola).toMatchObject({ hs_code: '8211.92', country_of_origin: 'NP', age_restricted: true });
    const kit = (await t.request(shop, { method: 'GET', url: '/api/products/products/blade-care-kit/' })).json();
    expect(kit.age_restricted).toBe(false);

    const register = (email: string) =>
      t.request(shop, {
        method: 'POST',
        url: '/api/accounts/register/',
        payload: { email, password: 'Sirupate-blade-77', password_confirm: 'Sirupate-blade-77' },
      });
    const signIn = async (email: string) => {
      expect((await register(email)).statusCode).toBe(201);
      const login = await t.request(shop, {
        method: 'POST',
        url: '/api/accounts/login/',
        payload: { login_id: email, password: 'Sirupate-blade-77' },
      });
      return login.json().access as string;
    };
    const singapore = {
      street: '1 Raffles Place',
      city: 'Singapore',
      postalCode: '048616',
      country: 'Singapore',
      fullname: 'Tan Wei Ming',
      contact_number: '+65 6123 4567',
    };
    const order = (token: string, body: object) =>
      t.request(shop, {
        method: 'POST',
        url: '/api/orders/orders/',
        token,
        payload: { payment_method: 'bank_transfer', delivery_address: singapore, ...body },
      });
    const buyer = await signIn('abroad.buyer@example.com');
    const add = await t.request(shop, {
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      token: buyer,
      payload: { product_id: angkhola.id, quantity: 1 },
    });
    expect(add.statusCode).toBe(200);

    const refused = await order(buyer, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/\b18\b/);
    const placed = await order(buyer, { age_confirmed: true });
    expect(placed.statusCode, placed.body).toBe(201);

    const login = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { login_id: DEMO_OWNER.email, password: DEMO_OWNER.password },
    });
    const owner = login.json().access as string;
    const declaration = await t.request(shop, {
      method: 'GET',
      url: `/api/admin/orders/${placed.json().id}/customs-declaration/`,
      token: owner,
    });
    expect(declaration.statusCode).toBe(200);
    expect(declaration.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(declaration.rawPayload);
    expect(text).toContain('8211.92');
    expect(text).toContain('Nepal');
    const slip = await t.request(shop, {
      method: 'GET',
      url: `/api/admin/orders/${placed.json().id}/packing-slip/`,
      token: owner,
    });
    expect(await pdfText(slip.rawPayload)).toContain('Adult signature required');

    // The shop closes Singapore to the Angkhola: an order there is refused with its message.
    const message = 'Singapore does not let khukuris in: we cannot send this blade there.';
    const restricted = await t.request(shop, {
      method: 'POST',
      url: '/api/admin/shipping-restrictions/',
      token: owner,
      payload: { country: 'SG', product_ids: [angkhola.id], message },
    });
    expect(restricted.statusCode, restricted.body).toBe(201);
    const second = await signIn('abroad.second@example.com');
    await t.request(shop, {
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      token: second,
      payload: { product_id: angkhola.id, quantity: 1 },
    });
    const closed = await order(second, { age_confirmed: true });
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toEqual({ detail: message, code: 'shipping_restricted' });
  });
});
