// The built-in test card gateway takes no real payment: a server allows it only when asked (the demo, development,
// tests); a shop paid through it is in test mode, which its pages and its orders say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  addToCart,
  createCustomer,
  createProduct,
  placeOrder,
  setPayments,
  TEST_MERCHANT_SECRET,
  takeCards,
} from '../../../test/builders.ts';
import { upsertSettings } from '../site/site.repository.ts';
import type { Tenant } from '../tenants/index.ts';
import { configureCardGateway } from './index.ts';
import { upsertPaymentSettings } from './payments.repository.ts';

/** A shop with its site settings and bank transfers, its owner, and a customer with one product in the cart. */
async function shopWithCustomer(t: TestApp, name: string) {
  const shop = await t.createTenant(name);
  await upsertSettings(t.scope(shop), { siteTitle: name });
  await setPayments(t, shop);
  const owner = await createCustomer(t, shop, { role: 'owner' });
  const customer = await createCustomer(t, shop);
  const product = await createProduct(t, shop, { stock: 5, priceCents: 8500 });
  await addToCart(t, shop, customer.accessToken, product.id, 1);
  return { shop, owner, customer };
}

async function publicSettings(t: TestApp, shop: Tenant) {
  const response = await t.request(shop, { method: 'GET', url: '/api/pages/settings/public/' });
  expect(response.statusCode).toBe(200);
  return response.json() as { test_mode: boolean };
}

async function adminOrder(t: TestApp, shop: Tenant, token: string, id: number) {
  const response = await t.request(shop, { method: 'GET', url: `/api/admin/orders/${id}/`, token });
  expect(response.statusCode).toBe(200);
  return response.json() as { is_test: boolean };
}

describe('a server that allows the test gateway (the demo, development, tests)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SANDBOX_GATEWAY_ENABLED: 'true' });
  });
  afterAll(() => t.close());

  it('puts a shop paid through it in test mode: its pages say so and its orders are test orders', async () => {
    const { shop, owner, customer } = await shopWithCustomer(t, 'Test-mode shop');
    await takeCards(t, shop);
    expect((await publicSettings(t, shop)).test_mode).toBe(true);

    const placed = await placeOrder(t, shop, customer.accessToken, { payment_method: 'bank_transfer' });
    expect(placed.statusCode).toBe(201);
    const { id } = placed.json() as { id: number };
    expect((await adminOrder(t, shop, owner.accessToken, id)).is_test).toBe(true);
    const list = await t.request(shop, { method: 'GET', url: '/api/admin/orders/', token: owner.accessToken });
    expect(list.json().results).toEqual([expect.objectContaining({ id, is_test: true })]);
  });

  it('leaves a shop that takes no test payment out of test mode, its orders real ones', async () => {
    const { shop, owner, customer } = await shopWithCustomer(t, 'Real shop');
    expect((await publicSettings(t, shop)).test_mode).toBe(false);
    const placed = await placeOrder(t, shop, customer.accessToken);
    expect(placed.statusCode).toBe(201);
    expect((await adminOrder(t, shop, owner.accessToken, (placed.json() as { id: number }).id)).is_test).toBe(false);
  });

  it('ends test mode on every page at once when the owner moves the cards to 2C2P', async () => {
    const { shop, owner } = await shopWithCustomer(t, 'Going live');
    await takeCards(t, shop);
    // Kept in the response cache, as every page reads it.
    expect((await publicSettings(t, shop)).test_mode).toBe(true);
    expect((await publicSettings(t, shop)).test_mode).toBe(true);
    const changed = await t.request(shop, {
      method: 'PATCH',
      url: '/api/admin/payment-settings/',
      token: owner.accessToken,
      payload: { card_gateway: '2c2p', card_environment: 'production', card_merchant_id: 'JT01' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await publicSettings(t, shop)).test_mode).toBe(false);
  });
});

describe('a server started as production starts it (no demo, no SANDBOX_GATEWAY_ENABLED)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SANDBOX_GATEWAY_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it('takes no payment through the test gateway from a shop still set to it', async () => {
    const { shop, customer } = await shopWithCustomer(t, 'Left on the test gateway');
    // As a shop set up on a demo server and moved to this one would be.
    await upsertPaymentSettings(t.scope(shop), {
      enableCardPayment: true,
      cardGateway: 'sandbox',
      cardMerchantId: 'LEFTOVER',
      cardSecretKey: TEST_MERCHANT_SECRET,
    });
    const options = await t.request(shop, { method: 'GET', url: '/api/payments/options/' });
    expect(options.json()).toMatchObject({ enable_card_payment: false, enable_bank_transfer: true });
    expect((await publicSettings(t, shop)).test_mode).toBe(false);

    const refused = await placeOrder(t, shop, customer.accessToken, { payment_method: 'card_2c2p' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_payment_method' });

    // The simulator itself is not served.
    const hosted = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox-2c2p/${shop.token}/payment/4.3/paymentToken`,
      payload: { payload: 'x' },
    });
    expect(hosted.statusCode).toBe(404);
  });

  it('lets no one choose the test gateway: not the owner in the payment settings, not the platform', async () => {
    const { shop, owner } = await shopWithCustomer(t, 'Careful shop');
    const chosen = await t.request(shop, {
      method: 'PATCH',
      url: '/api/admin/payment-settings/',
      token: owner.accessToken,
      payload: {
        enable_card_payment: true,
        card_gateway: 'sandbox',
        card_merchant_id: 'SANDBOX1',
        card_secret_key: TEST_MERCHANT_SECRET,
      },
    });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json().card_gateway).toEqual([expect.stringContaining('test gateway')]);
    const settings = await t.request(shop, {
      method: 'GET',
      url: '/api/admin/payment-settings/',
      token: owner.accessToken,
    });
    expect(settings.json()).toMatchObject({ enable_card_payment: false, card_merchant_id: '' });

    await expect(
      configureCardGateway(t.context(shop), { gateway: 'sandbox', merchantId: 'X1', secretKey: TEST_MERCHANT_SECRET }),
    ).rejects.toThrow(/test gateway/);
  });
});
