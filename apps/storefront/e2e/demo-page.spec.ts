import { expect, test } from '@playwright/test';
import { openPage } from './support.ts';

test.describe('/test demo landing page', () => {
  test('shows the hero with a link to the collection', async ({ page }) => {
    await openPage(page, '/test');
    await expect(page.getByRole('heading', { level: 1, name: 'The Blade of the Himalayas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Discover Our Collection' })).toHaveAttribute('href', '#products');
  });

  test('shows six sample products with their prices, badges and View Details buttons', async ({ page }) => {
    await openPage(page, '/test');
    const products = page.locator('#products li');
    await expect(products).toHaveCount(6);
    for (const price of ['$85.00', '$70.00', '$120.00', '$95.00', '$45.00', '$110.00']) {
      await expect(page.locator('#products').getByText(price, { exact: true })).toBeVisible();
    }
    for (const badge of ['Best Seller', 'New Arrival', 'Featured']) {
      await expect(page.locator('#products').getByText(badge, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'View Details' })).toHaveCount(6);
  });

  test('has a sticky section navigation, an about section and three testimonials', async ({ page }) => {
    await openPage(page, '/test');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const name of ['Home', 'Products', 'Our Story', 'Testimonials', 'Contact']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    await expect(nav).toBeInViewport();
    await expect(page.locator('#story')).toContainText('Our Story');
    await expect(page.locator('#testimonials figure')).toHaveCount(3);
  });

  test('has a footer with its links and social links, and none of the shop shell', async ({ page }) => {
    await openPage(page, '/test');
    const footer = page.getByRole('contentinfo');
    const links = footer.getByRole('navigation', { name: 'Footer' });
    for (const name of [
      'Home',
      'Products',
      'Our Story',
      'Testimonials',
      'Contact',
      'FAQ',
      'Privacy Policy',
      'Terms of Service',
    ]) {
      await expect(links.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole('list', { name: 'Social media' }).getByRole('link')).toHaveCount(3);
    await expect(page.getByPlaceholder('Search products...')).toHaveCount(0);
  });
});
