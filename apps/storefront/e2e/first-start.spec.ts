// The quick start as a newcomer meets it: the built shop started with `npm start`'s settings (the demo, on
// localhost, no PUBLIC_URL), whose configured origin is http://localhost:PORT though it listens on 127.0.0.1. What it
// prints says where to go; a page asked for on 127.0.0.1 is sent to localhost, so a shopper who began there keeps one
// browser storage across the card gateway and comes back signed in.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, request as newRequest, test } from '@playwright/test';
import { freePort } from '../../../scripts/lib/net.mjs';
import { quickStartEnv } from '../../../scripts/lib/quick-start.mjs';
import { start, stopAll, waitUntilUp } from './processes-support.ts';
import { confirmAgeIfAsked, fillAddress, newCustomer, PASSWORD, stockedProducts, TENANT } from './support.ts';

test.describe('the first start', () => {
  test.describe.configure({ timeout: 240_000 });
  const output: string[] = [];
  const children: ChildProcess[] = [];
  let dataDir: string;
  let port: number;
  let origin: string;
  let listenedOn: string;
  let api: APIRequestContext;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
    port = await freePort();
    origin = `http://localhost:${port}`;
    listenedOn = `http://127.0.0.1:${port}`;
    const env = quickStartEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' });
    children.push(start('apps/storefront/dist/main.js', env, output));
    await waitUntilUp(`${listenedOn}/api/health/`, children[0] as ChildProcess, output);
    await expect.poll(() => output.join(''), { timeout: 30_000 }).toContain('The shop is ready');
    api = await newRequest.newContext({ baseURL: origin });
  });

  test.afterAll(async () => {
    await api?.dispose();
    await stopAll(children);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('says while it seeds the demo, then where the shop and its admin are and who to sign in as', async ({
    request,
  }) => {
    const printed = output.join('');
    const preparing = printed.indexOf('Preparing the demo shop');
    expect(preparing).toBeGreaterThan(-1);
    expect(printed.indexOf('demo shop seeded')).toBeGreaterThan(preparing);
    expect(printed).toContain(`Listening on 127.0.0.1:${port}`);
    // The shop's address is its configured origin, never the listen address.
    expect(printed).not.toContain('http://127.0.0.1');
    const banner = printed.slice(printed.indexOf('The shop is ready:'));
    expect(banner.split('\n').slice(0, 6)).toEqual([
      'The shop is ready:',
      `  shop   ${origin}/`,
      `  admin  ${origin}/admin/`,
      'Demo accounts (published passwords: this machine only):',
      '  customer@khukuri.example  Gurkha-blade-1994  (shopper)',
      '  owner@khukuri.example     Sagarmatha-8848  (shop owner, signs in at the admin)',
    ]);
    // What it names answers there.
    for (const address of [`${origin}/`, `${origin}/admin/`]) {
      expect((await request.get(address, { maxRedirects: 0 })).status(), address).toBe(200);
    }
    for (const [email, password] of [
      ['customer@khukuri.example', 'Gurkha-blade-1994'],
      ['owner@khukuri.example', 'Sagarmatha-8848'],
    ]) {
      const login = await request.post(`${origin}/api/accounts/login/`, {
        headers: TENANT,
        data: { login_id: email, password },
      });
      expect(login.status(), email).toBe(200);
    }
  });

  test('sends pages asked for on 127.0.0.1 to the same address on localhost; the API, media and checks stay', async ({
    request,
  }) => {
    for (const [method, address] of [
      ['GET', '/products?search=kukri&page=1'],
      ['HEAD', '/'],
      ['GET', '/admin/'],
      ['GET', '/payment/return?paymentId=x'],
    ] as const) {
      const answer = await request.fetch(`${listenedOn}${address}`, { method, maxRedirects: 0 });
      expect(answer.status(), address).toBe(301);
      expect(answer.headers().location).toBe(`${origin}${address}`);
    }
    expect((await request.get(`${listenedOn}/api/health/`, { maxRedirects: 0 })).status()).toBe(200);
    const products = await request.get(`${listenedOn}/api/products/products/`, { headers: TENANT, maxRedirects: 0 });
    expect(products.status()).toBe(200);
    const [product] = (await products.json()) as { main_image: { image: string } | null }[];
    const image = new URL(product?.main_image?.image ?? '', listenedOn);
    expect(image.pathname).toMatch(/^\/media\//);
    expect((await request.get(`${listenedOn}${image.pathname}`, { maxRedirects: 0 })).status()).toBe(200);
  });

  test('a shopper who starts on 127.0.0.1 pays by card through the test gateway and sees the success, signed in', async ({
    page,
  }) => {
    const customer = await newCustomer(api);
    const [product] = await stockedProducts(api);
    if (!product) throw new Error('no stocked product');
    const added = await api.post('/api/orders/cart/add-item/', {
      headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
      data: { product_id: product.id, quantity: 1, customization: {} },
    });
    expect(added.status()).toBe(200);

    await page.goto(`${listenedOn}/login?redirect=/cart`);
    await expect(page).toHaveURL(`${origin}/login?redirect=/cart`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`${origin}/cart`);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('radio', { name: 'Credit/Debit Card' })).toBeChecked();
    await fillAddress(page);
    await confirmAgeIfAsked(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/api\/sandbox-2c2p\//);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page).toHaveURL((url) => url.origin === origin && url.pathname === '/payment/return');
    await expect(page.locator('.payment-result h1')).toHaveText('Payment Successful!');
    await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
  });
});
