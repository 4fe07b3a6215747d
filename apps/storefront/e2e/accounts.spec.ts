import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectOnPath, openPage } from './support.ts';

const TENANT = { 'X-Tenant-Token': 'khukuri-demo' };
const PASSWORD = 'Sirupate-blade-77';
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${process.pid}.${++counter}@example.com`;

async function registerThroughApi(request: APIRequestContext, email: string, password = PASSWORD) {
  const response = await request.post('/api/accounts/register/', {
    headers: TENANT,
    data: { email, password, password_confirm: password },
  });
  expect(response.status()).toBe(201);
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const storedTokens = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('refreshToken')]);

/** The outbox of the server the Playwright config started (its DATA_DIR, handed to the workers by environment). */
function outboxDir(): string {
  const dataDir = process.env.STOREFRONT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('STOREFRONT_E2E_DATA_DIR is not set: run through playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

/** The body of the newest mail to `to`, quoted-printable undone; waits for the background delivery. */
async function mailTo(to: string): Promise<string> {
  let body = '';
  await expect
    .poll(() => {
      const dir = outboxDir();
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')) : [];
      const mails = files
        .sort()
        .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
        .filter((raw) => raw.includes(`To: ${to}`));
      body = (mails.at(-1) ?? '')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return body.length > 0;
    })
    .toBe(true);
  return body;
}

test.describe('registration', () => {
  test('checks the passwords before any call: mismatch, then length', async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/accounts/register/')) calls += 1;
    });
    await openPage(page, '/register');
    await page.getByLabel('Email').fill(uniqueEmail('mismatch'));
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByLabel('Confirm Password').fill('long-enough-2');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');

    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters long.');
    expect(calls).toBe(0);
  });

  test('shows the server field errors as "field: messages"', async ({ page }) => {
    // Long enough for the form's own checks; the server finds it too common.
    const common = 'password123';
    await openPage(page, '/register');
    await page.getByLabel('Email').fill(uniqueEmail('common'));
    await page.getByLabel('Password', { exact: true }).fill(common);
    await page.getByLabel('Confirm Password').fill(common);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('password: This password is too common.');
  });

  test('registering an address that has an account looks like any registration; its owner is told', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('taken');
    await registerThroughApi(request, email);
    await openPage(page, '/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Registration successful! You can now log in.')).toBeVisible();
    expect(await mailTo(email)).toContain('Someone tried to create an account');
  });

  test('succeeds with a message and a cleared form, then goes to /login after 3 seconds', async ({ page }) => {
    await openPage(page, '/register');
    await page.getByLabel('Email').fill(uniqueEmail('new'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Registration successful! You can now log in.')).toBeVisible();
    const shownAt = Date.now();
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Confirm Password')).toHaveValue('');
    await expectOnPath(page, '/register');
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2500);
  });

  test('a shopper sent to log in who registers instead comes back where they were going', async ({ page }) => {
    await openPage(page, '/login?redirect=/cart');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register\?redirect=%2Fcart$/);
    // The address changes as the new page is drawn: until it is, the login page's Email and Password are still there.
    await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
    const email = uniqueEmail('redirected');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Registration successful! You can now log in.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/, { timeout: 6000 });
    await logIn(page, email);
    await expectOnPath(page, '/cart');
  });
});

test.describe('login and logout', () => {
  test('logs in with the e-mail, goes home and offers Logout, which ends the session', async ({ page, request }) => {
    const email = uniqueEmail('login');
    await registerThroughApi(request, email);
    await openPage(page, '/login');
    await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await logIn(page, email);
    await expectOnPath(page, '/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    const [access, refresh] = await storedTokens(page);
    expect(access?.split('.')).toHaveLength(3);
    expect(refresh?.split('.')).toHaveLength(3);

    const loggedOut = page.waitForResponse('**/api/accounts/logout/');
    await header.getByRole('button', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(200);
    await expectOnPath(page, '/');
    await expect(header.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    expect(await storedTokens(page)).toEqual([null, null]);
    // The server revoked the refresh token too.
    const reuse = await request.post('/api/accounts/token/refresh/', { headers: TENANT, data: { refresh } });
    expect(reuse.status()).toBe(401);
  });

  test('shows the server detail when the login fails, and keeps no tokens', async ({ page, request }) => {
    const email = uniqueEmail('wrong');
    await registerThroughApi(request, email);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('authToken', 'stale-access');
        localStorage.setItem('refreshToken', 'stale-refresh');
        sessionStorage.setItem('seeded', 'yes');
      }
    });
    await openPage(page, '/login');
    await logIn(page, email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('No active account found with the given credentials');
    await expectOnPath(page, '/login');
    expect(await storedTokens(page)).toEqual([null, null]);
  });

  test('goes back to the redirect path after login, and never to another site', async ({ page, request }) => {
    const email = uniqueEmail('redirect');
    await registerThroughApi(request, email);
    await openPage(page, '/login?redirect=/blog');
    await logIn(page, email);
    await expectOnPath(page, '/blog');

    await page.evaluate(() => localStorage.clear());
    await openPage(page, '/login?redirect=https://evil.example/steal');
    await logIn(page, email);
    await expectOnPath(page, '/');
  });
});

test('resets a forgotten password through the link of the outbox e-mail', async ({ page, request }) => {
  const email = uniqueEmail('forgot');
  await registerThroughApi(request, email);
  await openPage(page, '/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expectOnPath(page, '/forgot-password');
  // The address changes as the new page is drawn: until it is, the login page's Email is still there.
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('a link to reset its password has been sent');

  const body = await mailTo(email);
  const link = body.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  await openPage(page, new URL(link ?? '').pathname + new URL(link ?? '').search);
  await page.getByLabel('New Password').fill('Chitlange-forge-2024');
  await page.getByLabel('Confirm Password').fill('Chitlange-forge-2024');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been reset. You can now log in.');

  await page.getByRole('link', { name: 'Go to login' }).click();
  await logIn(page, email, 'Chitlange-forge-2024');
  await expectOnPath(page, '/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();

  // The link works once.
  await openPage(page, new URL(link ?? '').pathname + new URL(link ?? '').search);
  await page.getByLabel('New Password').fill('Another-forge-2025');
  await page.getByLabel('Confirm Password').fill('Another-forge-2025');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This password reset link is invalid or has expired.');
});
