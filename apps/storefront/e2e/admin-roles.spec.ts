// A member of staff whose role is `staff` (decision 021): invited by the owner, they sign in to an administration that
// offers what their role may do — orders and products, no settings, no staff, no revenue — and every screen it
// offers opens without an error.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { failOnProblems, openAdmin, ownerToken, signInAtAdmin } from './admin-support.ts';
import { TENANT } from './support.ts';

failOnProblems(test);

/** The token of the newest password link mailed to `to` (an invitation sets a password through it). */
async function mailedToken(to: string): Promise<string> {
  const dataDir = process.env.STOREFRONT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('STOREFRONT_E2E_DATA_DIR is not set: run through playwright.config.ts');
  const dir = path.join(dataDir, 'outbox');
  let token = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')) : [];
      const mail = files
        .sort()
        .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
        .filter((raw) => raw.includes(`To: ${to}`))
        .at(-1);
      const body = (mail ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      token = decodeURIComponent(body.match(/reset-password\?token=([\w%-]+)/)?.[1] ?? '');
      return token.length > 0;
    })
    .toBe(true);
  return token;
}

test('a member of staff sees orders and products, and neither the settings nor the revenue', async ({
  page,
  request,
}) => {
  const email = `staff-${Date.now()}@khukuri.example`;
  const password = 'Chitlange-forge-2026';
  const invited = await request.post('/api/admin/staff/', {
    headers: { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` },
    data: { email, role: 'staff' },
  });
  expect(invited.status()).toBe(201);
  const chosen = await request.post('/api/accounts/password-reset/confirm/', {
    headers: TENANT,
    data: { token: await mailedToken(email), password, password_confirm: password },
  });
  expect(chosen.status()).toBe(200);

  await openAdmin(page);
  await signInAtAdmin(page, email, password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The dashboard opens with the day's orders and what awaits payment; no revenue, no sales report.
  await expect(page.getByLabel('Orders today', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Awaiting payment', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Revenue today', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Loading the dashboard')).toHaveCount(0);

  const menu = page.getByRole('menu').first();
  await expect(menu.getByRole('menuitem', { name: 'Orders', exact: true })).toBeVisible();
  for (const offered of ['Orders', 'Products', 'Categories', 'Discounts', 'Customers'])
    await expect(menu.getByRole('menuitem', { name: offered, exact: true })).toBeVisible();
  for (const withheld of [
    'Payment settings',
    'Mail settings',
    'Staff',
    'Audit log',
    'Site settings',
    'Home page',
    'Tax',
  ])
    await expect(menu.getByRole('menuitem', { name: withheld, exact: true })).toHaveCount(0);

  // A screen of the owner's, opened by its address, says why it does not open.
  await page.goto('/admin/payment-settings');
  await expect(page.getByText('Only the owner can change this.')).toBeVisible();

  for (const screen of ['orders', 'products', 'discounts']) {
    await page.goto(`/admin/${screen}`);
    // A list, or the line an empty one shows.
    await expect(
      page.locator('.RaList-main, .RaList-content').or(page.getByText('Nothing here yet.')).first(),
    ).toBeVisible();
  }
});
