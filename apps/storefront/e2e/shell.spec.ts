import { expect, test } from '@playwright/test';
import { expectOnPath, openPage, SITE_TITLE, stubCategories, unverifiedAccessToken, watchProblems } from './support.ts';

test.describe('header', () => {
  test('shows the site title as logo, the product search and Login and Register when signed out', async ({ page }) => {
    await openPage(page, '/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: SITE_TITLE })).toHaveAttribute('href', '/');
    await expect(header.getByPlaceholder('Search products...')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', '/register');
    await expect(header.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });

  test('while the shop pays through the test gateway, every page says so above the header, the sign-in pages too', async ({
    page,
  }) => {
    // The banner is part of every page: none of them may answer an error or log one.
    const problems = watchProblems(page);
    for (const path of ['/', '/products', '/cart', '/login', '/blog']) {
      await openPage(page, path);
      const banner = page.getByRole('region', { name: 'Test mode' });
      await expect(banner).toContainText('Test mode. This shop takes no real payments');
      // Above the header, in the page's flow.
      const [bannerBox, headerBox] = [await banner.boundingBox(), await page.getByRole('banner').boundingBox()];
      expect((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0)).toBeLessThanOrEqual(headerBox?.y ?? 0);
    }
    expect(problems).toEqual([]);
  });

  test('searching with Enter goes to the product list for the trimmed term', async ({ page }) => {
    await openPage(page, '/');
    await page.getByPlaceholder('Search products...').fill('  kukri ');
    await page.getByPlaceholder('Search products...').press('Enter');
    await expectOnPath(page, '/products?search=kukri');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the search button searches too', async ({ page }) => {
    await openPage(page, '/blog');
    await page.getByPlaceholder('Search products...').fill('sirupate blade');
    // The box's focus loads the type-ahead, which takes the plain box's place (text kept): click the one that stays.
    await expect(page.getByRole('combobox').and(page.getByPlaceholder('Search products...'))).toBeVisible();
    await page.getByRole('button', { name: 'Search' }).click();
    await expectOnPath(page, '/products?search=sirupate%20blade');
  });

  test('an empty or blank search does not navigate', async ({ page }) => {
    await openPage(page, '/blog');
    const search = page.getByPlaceholder('Search products...');
    await search.press('Enter');
    await search.fill('   ');
    await search.press('Enter');
    await page.getByRole('button', { name: 'Search' }).click();
    await expectOnPath(page, '/blog');
  });

  test('signed in, it offers Logout, which clears both tokens and goes home', async ({ page }) => {
    // The header's cart call must not find the token expired: a failed refresh would log out on its own.
    await page.addInitScript((access) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('authToken', access);
        localStorage.setItem('refreshToken', 'refresh-token');
        sessionStorage.setItem('seeded', 'yes');
      }
    }, unverifiedAccessToken());
    await openPage(page, '/blog');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await header.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(header.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    const tokens = await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('refreshToken')]);
    expect(tokens).toEqual([null, null]);
  });

  test('reacts when another tab signs in', async ({ page }) => {
    await openPage(page, '/');
    await page.evaluate((access) => {
      localStorage.setItem('authToken', access);
      window.dispatchEvent(new StorageEvent('storage', { key: 'authToken' }));
    }, unverifiedAccessToken());
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('the cart icon links to the cart and shows no badge for an empty cart', async ({ page }) => {
    await openPage(page, '/');
    const cart = page.getByRole('link', { name: 'Cart' });
    await expect(cart).toHaveAttribute('href', '/cart');
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  });
});

test.describe('navigation bar', () => {
  test('links HOME, ABOUT, CONTACT, BLOG and GALLERY to their pages', async ({ page }) => {
    await openPage(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = [
      ['HOME', '/'],
      ['ABOUT', '/company-info'],
      ['CONTACT', '/contact'],
      ['BLOG', '/blog'],
      ['GALLERY', '/gallery'],
    ] as const;
    for (const [name, href] of links) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test("the SHOP dropdown lists the shop's categories from the API", async ({ page }) => {
    await openPage(page, '/');
    await page.getByRole('button', { name: 'SHOP' }).click();
    const firstCategory = page.locator('.shop-menu__list').getByRole('link').first();
    await expect(firstCategory).toHaveAttribute('href', /^\/products\?category=[\w-]+$/);
  });

  test('the SHOP dropdown shows Loading... and then the categories, each opening its product list', async ({
    page,
  }) => {
    let release = () => {};
    await stubCategories(
      page,
      [
        { id: 1, slug: 'service-khukuris', name: 'Service Khukuris', description: '' },
        { id: 2, slug: 'ceremonial', name: 'Ceremonial', description: '' },
      ],
      new Promise((resolve) => {
        release = resolve;
      }),
    );
    await openPage(page, '/');
    await page.getByRole('button', { name: 'SHOP' }).click();
    await expect(page.getByText('Loading...')).toBeVisible();
    release();
    await page.getByRole('link', { name: 'Ceremonial', exact: true }).click();
    await expectOnPath(page, '/products?category=ceremonial');
    // A route change closes the dropdown.
    await expect(page.getByRole('button', { name: 'SHOP' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Service Khukuris' })).toBeHidden();
  });

  test('the SHOP dropdown says so when there are no categories', async ({ page }) => {
    await stubCategories(page, { results: [] });
    await openPage(page, '/');
    await page.getByRole('button', { name: 'SHOP' }).click();
    await expect(page.getByText('No categories found')).toBeVisible();
  });

  test('the SHOP dropdown shows the error text when the categories fail to load, and closes on an outside click', async ({
    page,
  }) => {
    await page.route('**/api/products/categories/', (route) =>
      route.fulfill({ status: 500, json: { detail: 'A server error occurred.' } }),
    );
    await openPage(page, '/');
    const shop = page.getByRole('button', { name: 'SHOP' });
    await shop.click();
    await expect(page.getByText('Failed to load categories.')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('heading', { level: 1 }).click();
    await expect(shop).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Failed to load categories.')).toBeHidden();
  });

  test('the SHOP dropdown is at most 300px high', async ({ page }) => {
    await stubCategories(
      page,
      Array.from({ length: 30 }, (_, index) => ({
        id: index,
        slug: `c${index}`,
        name: `Category ${index}`,
        description: '',
      })),
    );
    await openPage(page, '/');
    await page.getByRole('button', { name: 'SHOP' }).click();
    await expect(page.getByRole('link', { name: 'Category 29' })).toBeAttached();
    const panel = page.locator('.shop-menu__panel');
    expect((await panel.boundingBox())?.height).toBeLessThanOrEqual(300);
  });
});

test.describe('on a phone (375px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the navigation is a slide-in menu with the same links and Login/Register, closed on route change', async ({
    page,
  }) => {
    await openPage(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'BLOG', exact: true })).toBeHidden();

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    for (const name of ['HOME', 'ABOUT', 'CONTACT', 'BLOG', 'GALLERY', 'Login', 'Register']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: 'SHOP' })).toBeVisible();

    await nav.getByRole('link', { name: 'BLOG', exact: true }).click();
    await expectOnPath(page, '/blog');
    await expect(nav.getByRole('link', { name: 'GALLERY', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the menu closes with its close button', async ({ page }) => {
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'HOME' })).toBeHidden();
  });
});

test.describe('footer and scrolling', () => {
  test('the footer links the policies and the FAQ and shows the copyright line', async ({ page }) => {
    await openPage(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund-policy');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${SITE_TITLE}`);
  });

  test('the scroll-to-top button appears after scrolling more than 300px and scrolls back up', async ({ page }) => {
    await openPage(page, '/');
    await page.locator('main').evaluate((main) => {
      main.style.minHeight = '4000px';
    });
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test('a path change scrolls the page to the top', async ({ page }) => {
    await openPage(page, '/');
    await page.locator('main').evaluate((main) => {
      main.style.minHeight = '4000px';
    });
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expectOnPath(page, '/faq');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('/login and /register show only the minimal header with the logo', async ({ page }) => {
  for (const path of ['/login', '/register']) {
    await openPage(page, path);
    await expect(page.getByRole('banner').getByRole('link', { name: SITE_TITLE })).toBeVisible();
    await expect(page.getByPlaceholder('Search products...')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 1000));
    await expect(page.getByRole('button', { name: 'Scroll to top' })).toHaveCount(0);
  }
});
