// A production install before its first shop: the built storefront on a fresh database with no demo answers its pages
// with a page saying the shop is not set up yet and how to set it up (503), never a server error.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../../../scripts/lib/net.mjs';
import { start, stopAll, waitUntilUp } from './processes-support.ts';

test.describe('a storefront without its shop', () => {
  test.describe.configure({ timeout: 180_000 });
  const output: string[] = [];
  const children: ChildProcess[] = [];
  let dataDir: string;
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-not-set-up-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // What a deployment sets: no SEED_DEMO.
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: origin };
    children.push(start('apps/storefront/dist/main.js', env, output));
    await waitUntilUp(`${origin}/api/health/`, children[0] as ChildProcess, output);
  });

  test.afterAll(async () => {
    await stopAll(children);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('answers its pages 503 with what is missing and the command that makes the shop', async ({ page, request }) => {
    for (const address of ['/', '/products', '/cart']) {
      const answer = await request.get(`${origin}${address}`, { maxRedirects: 0 });
      expect(answer.status(), address).toBe(503);
      expect(await answer.text(), address).toContain('This shop is not set up yet');
    }
    await page.goto(`${origin}/products`);
    await expect(page.getByRole('heading', { name: 'This shop is not set up yet' })).toBeVisible();
    await expect(page.getByText('npm run platform -- tenant create')).toBeVisible();
    await expect(page).toHaveTitle('This shop is not set up yet');
  });
});
