import { expect, test } from '@playwright/test';
import { openPage, SITE_TITLE, withoutStructuredData } from './support.ts';

test('the home page as served, before any script, holds the site title and the embedded settings', async ({
  request,
}) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<title>${SITE_TITLE}</title>`);
  expect(html).toContain(`<span class="logo__text">${SITE_TITLE}</span>`);
  // The settings ride along in the page for hydration: fields of the settings record that the home page does not
  // show (the contact e-mail, a core value), and the tenant token.
  const [visible] = withoutStructuredData(html).split('<script');
  expect(visible).not.toContain('hello@khukuri-house.example');
  expect(html).toContain('hello@khukuri-house.example');
  expect(html).toContain('Our smiths earn above the regional wage');
  expect(html).toContain('khukuri-demo');
});

test('the settings are fixed in the page: the browser never asks the API for them', async ({ page }) => {
  const settingsCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/pages/settings/public')) settingsCalls.push(request.url());
  });
  await openPage(page, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ABOUT', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`About ${SITE_TITLE}`);
  await expect(page.getByText('Our smiths earn above the regional wage')).toBeVisible();
  expect(settingsCalls).toEqual([]);
});

test('the tab title, meta description and favicon come from the site settings', async ({ page }) => {
  await openPage(page, '/');
  await expect(page).toHaveTitle(SITE_TITLE);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Handcrafted Nepalese khukuri knives, forged by Kami blacksmiths in Dharan and shipped worldwide.',
  );
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveCount(1);
  await expect(icon).toHaveAttribute('type', 'image/svg+xml');
  await expect(icon).toHaveAttribute('href', '/media/t1/site/favicon.svg');
  expect((await page.request.get('/media/t1/site/favicon.svg')).ok()).toBe(true);
});

test('no analytics script is loaded for a shop without an analytics id', async ({ page }) => {
  await openPage(page, '/');
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
});

test('an unknown path answers 404 with the not-found page and a way home', async ({ page }) => {
  const response = await openPage(page, '/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! The page you are looking for does not exist.')).toBeVisible();
  await page.getByRole('link', { name: 'Go Back Home' }).click();
  await expect(page).toHaveURL('/');
});

test('every page of the spec is routed inside the shop layout', async ({ page }) => {
  const pages = [
    ['/products', 'Our Products'],
    ['/blog', 'Blog'],
    ['/gallery', 'Product Gallery'],
    ['/company-info', `About ${SITE_TITLE}`],
  ] as const;
  for (const [path, heading] of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }
});

test('a product page links each stylesheet once, also once the parts it loads apart have come', async ({ page }) => {
  await openPage(page, '/products/angkhola-khukuri');
  // The Deliver to select loads apart: its module is asked for (a modulepreload link) with whatever it needs.
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/deliver-to-"]')).not.toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Deliver to' })).toBeVisible();
  const stylesheets = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
  expect(stylesheets).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/deliver-to-.*\.css$/)]));
  expect(stylesheets.length).toBeGreaterThan(1);
  expect(new Set(stylesheets).size).toBe(stylesheets.length);
});
