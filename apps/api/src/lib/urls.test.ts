import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { addToCart, createCustomer, createProduct, placeOrder, setPayments } from '../../test/builders.ts';
import { mailsTo } from '../../test/outbox.ts';
import { shopOrigin } from './urls.ts';

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

describe('shop origins', () => {
  it('is the primary domain over HTTPS, else PUBLIC_URL, else the local demo address', () => {
    const local = { PUBLIC_URL: undefined, PORT: 8000 };
    const configured = { PUBLIC_URL: 'https://shop.example/', PORT: 8000 };
    expect(shopOrigin({ domains: [] }, local)).toBe('http://localhost:8000');
    expect(shopOrigin({ domains: ['localhost'] }, local)).toBe('http://localhost:8000');
    expect(shopOrigin({ domains: [] }, configured)).toBe('https://shop.example');
    expect(shopOrigin({ domains: ['shop.example'] }, configured)).toBe('https://shop.example');
    expect(shopOrigin({ domains: ['localhost'] }, { PUBLIC_URL: 'http://127.0.0.1:9000', PORT: 8000 })).toBe(
      'http://127.0.0.1:9000',
    );
    expect(shopOrigin({ domains: ['khukuri.example', 'www.khukuri.example'] }, configured)).toBe(
      'https://khukuri.example',
    );
  });
});

describe.each([
  ['PUBLIC_URL unset', {}, 'http://localhost:8000'],
  ['PUBLIC_URL set', { PUBLIC_URL: 'https://shop.example' }, 'https://shop.example'],
])('links in answers and e-mails with %s', (_name, env, origin) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...env, TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('puts a password reset link requested with a forged Host on the configured origin', async () => {
    const shop = await t.createTenant();
    const { user } = await createCustomer(t, shop);
    const response = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/password-reset/',
      headers: FORGED,
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(202);
    await t.settled();
    const mail = mailsTo(t.config.DATA_DIR, user.email).at(-1);
    expect(mail?.body).toContain(`${origin}/reset-password?token=`);
    expect(mail?.raw).not.toContain('evil.example');
  });

  it("puts the links of a shop on its own domain on that domain, whatever the request's Host", async () => {
    const shop = await t.createTenant('Own domain shop', { domains: ['khukuri.example'] });
    await setPayments(t, shop);
    const customer = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 3 });
    await addToCart(t, shop, customer.accessToken, product.id, 1);
    const order = (await placeOrder(t, shop, customer.accessToken, {}, FORGED)).json();
    await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/password-reset/',
      headers: FORGED,
      payload: { email: customer.user.email },
    });
    await t.settled();
    const mails = mailsTo(t.config.DATA_DIR, customer.user.email);
    const bodies = mails.map((mail) => mail.body).join('\n');
    expect(bodies).toContain(`https://khukuri.example/account/orders/${order.id}`);
    expect(bodies).toContain('https://khukuri.example/reset-password?token=');
    expect(mails.some((mail) => mail.raw.includes('evil.example'))).toBe(false);
  });

  it('builds pagination links on the configured origin', async () => {
    const shop = await t.createTenant();
    for (let i = 0; i < 3; i++) await createProduct(t, shop);
    const page = (
      await t.request(shop, { method: 'GET', url: '/api/products/products/?page=2&page_size=1', headers: FORGED })
    ).json();
    expect(page.next).toBe(`${origin}/api/products/products/?page=3&page_size=1`);
    expect(page.previous).toBe(`${origin}/api/products/products/?page=1&page_size=1`);
  });
});

describe('GET /api/platform/shops/by-host/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the token of the shop running on the host name, 404 for any other, with no shop header', async () => {
    const shop = await t.createTenant('Domain shop', { domains: ['kukri-house.example'] });
    const ask = (host: string) =>
      t.app.inject({ method: 'GET', url: `/api/platform/shops/by-host/?host=${encodeURIComponent(host)}` });
    const found = await ask('Kukri-House.example');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ token: shop.token });
    for (const host of ['other.example', 'kukri-house.example:8000', '<script>', ' ']) {
      expect((await ask(host)).statusCode, host).toBe(404);
    }
  });
});
