// The API and the storefront as two processes (`npm run start:api`, `npm run start:storefront` after the build):
// the storefront renders its pages from the API over HTTP, and passes the browser's /api and /media on to it.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../../../scripts/lib/net.mjs';
import { start, stopAll, waitUntilUp } from './processes-support.ts';
import { openPage, SITE_TITLE, TENANT } from './support.ts';

// A database of Redis's own, apart from the other tests' (15 and 14).
const REDIS_URL = (() => {
  const url = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15');
  url.pathname = '/13';
  return url.toString();
})();

test.describe('the API and the storefront as separate processes', () => {
  test.describe.configure({ timeout: 240_000 });
  const output: string[] = [];
  const children: ChildProcess[] = [];
  let dataDir: string;
  let storefront: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'separate-processes-'));
    const [apiPort, storefrontPort] = [await freePort(), await freePort()];
    const api = `http://127.0.0.1:${apiPort}`;
    storefront = `http://127.0.0.1:${storefrontPort}`;
    const common = { HOST: '127.0.0.1', RATE_LIMIT_ENABLED: 'false', PUBLIC_URL: storefront };
    children.push(
      start(
        'apps/api/dist/server.js',
        {
          ...common,
          PORT: String(apiPort),
          DATA_DIR: path.join(dataDir, 'api'),
          SEED_DEMO: 'true',
        },
        output,
      ),
    );
    await waitUntilUp(`${api}/api/health/`, children[0] as ChildProcess, output);
    children.push(
      start(
        'apps/storefront/dist/main.js',
        {
          ...common,
          PORT: String(storefrontPort),
          DATA_DIR: path.join(dataDir, 'storefront'),
          API_URL: api,
          // Redis, but not the API's JWT_SECRET: it cannot ask the API what each answer shows, so it keeps no page.
          REDIS_URL,
        },
        output,
      ),
    );
    await waitUntilUp(`${storefront}/api/health/`, children[1] as ChildProcess, output);
  });

  test.afterAll(async () => {
    await stopAll(children);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a storefront with Redis but without the API’s JWT_SECRET keeps no page, and says so when it starts', async ({
    request,
  }) => {
    expect(output.join('')).toContain('pages are not kept: set JWT_SECRET to the API’s');
    for (let load = 0; load < 2; load++) {
      const page = await request.get(`${storefront}/blog`);
      expect(page.status()).toBe(200);
      expect(page.headers()['x-cache']).toBeUndefined();
    }
  });

  test('the storefront renders a page with the API data on the server, and answers API calls from the API', async ({
    request,
  }) => {
    const page = await request.get(`${storefront}/`);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<title>${SITE_TITLE}`);
    // The catalog's featured products, read from the API while rendering.
    const featured = await request.get(
      `${storefront}/api/products/products/?is_active=true&featured=true&page=1&page_size=4`,
      {
        headers: TENANT,
      },
    );
    expect(featured.status()).toBe(200);
    const products = (await featured.json()).results as { name: string }[];
    expect(products.length).toBeGreaterThan(0);
    expect(html).toContain(products[0]?.name);

    const settings = await request.get(`${storefront}/api/pages/settings/public/`, { headers: TENANT });
    expect(settings.status()).toBe(200);
    expect(settings.headers()['x-request-id']).toBeTruthy();
    const { site_title, favicon } = await settings.json();
    expect(site_title).toBe(SITE_TITLE);

    // A body passes through, and the API's answer comes back as it gave it.
    const login = await request.post(`${storefront}/api/accounts/login/`, {
      headers: TENANT,
      data: { login_id: 'nobody@khukuri.example', password: 'not-the-password' },
    });
    expect(login.status()).toBe(401);
    expect((await login.json()).code).toBe('no_active_account');

    const icon = await request.get(`${storefront}${favicon}`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/svg+xml');
    expect(icon.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a visitor browses the storefront served apart from the API', async ({ page }) => {
    await openPage(page, `${storefront}/products`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main').getByRole('link').first()).toBeVisible();
  });
});
