import { expect, test } from '@playwright/test';
import { customerWithCart, openPage, axeViolations as violations } from './support.ts';

// WCAG 2.2 AA, as axe-core checks it in the browser, on every storefront route and with its overlays open.

const ROUTES = [
  '/',
  '/products',
  '/products?category=service',
  '/products?search=kukri',
  '/products?search=kukri&category=traditional&ordering=-price&min_price=50&in_stock=true',
  '/products?option=12+inch',
  '/products/angkhola-khukuri',
  '/blog',
  '/blog/history-of-the-khukuri',
  '/contact',
  '/company-info',
  '/faq',
  '/gallery',
  '/refund-policy',
  '/privacy-policy',
  '/withdrawal',
  '/cart',
  '/login',
  '/register',
  '/forgot-password',
  '/account/orders',
  '/payment/return',
  '/no/such/page',
];

test.describe('accessibility', () => {
  test.describe.configure({ timeout: 120_000 });

  // A journey per route: each has its own time, and one that fails names its route.
  for (const path of ROUTES) {
    test(`${path} has no WCAG 2.2 AA violation`, async ({ page }) => {
      await openPage(page, path);
      expect(await violations(page), path).toEqual([]);
    });
  }

  test('the check finds what breaks a rule, and where, in the page and in the part it is asked about', async ({
    page,
  }) => {
    await openPage(page, '/');
    await page.evaluate(() => {
      const nameless = document.createElement('button');
      nameless.id = 'nameless';
      document.querySelector('footer')?.append(nameless);
    });
    expect(await violations(page)).toEqual(['button-name: #nameless']);
    // Asked again on the same page (axe is loaded once), about the footer that holds it, and about the main part.
    expect(await violations(page, { include: 'footer' })).toEqual(['button-name: #nameless']);
    expect(await violations(page, { include: 'main' })).toEqual([]);
  });

  test('the mobile menu and the gallery overlay, open, have none', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
    expect(await violations(page), 'mobile menu').toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, '/gallery');
    await page.locator('.gallery-item').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations(page), 'gallery overlay').toEqual([]);
  });

  test('the checkout view has none', async ({ page, request }) => {
    await customerWithCart(page, request, 1);
    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
    expect(await violations(page), 'checkout').toEqual([]);
  });
});
