import { expect, type Page, test } from '@playwright/test';
import { expectOnPath, openPage, TENANT, withoutStructuredData } from './support.ts';

const EMPTY_PAGE = { count: 0, next: null, previous: null, results: [] };

function cardOf(page: Page, name: string) {
  return page.locator('.product-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test.describe('home page', () => {
  test('is a shop front rendered on the server: promise, categories, featured and discounted blades, story', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('Shop the Collection');
    expect(html).toContain('Sirupate Khukuri');

    await openPage(page, '/');
    await expect(page.getByRole('link', { name: 'Shop the Collection' })).toHaveAttribute('href', '/products');
    const categories = page.getByRole('region', { name: 'Shop by category' }).or(page.locator('.category-tiles'));
    await expect(categories.getByRole('link', { name: 'Service & Military' })).toHaveAttribute(
      'href',
      '/products?category=service',
    );
    await expect(page.getByRole('heading', { name: 'Featured khukuris' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Discount offers' })).toBeVisible();
    await expect(cardOf(page, 'British Gurkha Army Issue Khukuri').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read our story →' })).toHaveAttribute('href', '/company-info');
  });
});

test.describe('product list', () => {
  test('titles the plain list, a category, a search and a search in a category', async ({ page }) => {
    await openPage(page, '/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Products');

    await openPage(page, '/products?category=service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products in Service & Military');
    await expect(page.locator('.category-description')).toContainText('Gurkha regiments');

    await openPage(page, '/products?search=kukri');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "kukri"');

    await openPage(page, '/products?search=horn&category=traditional');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Search Results for "horn" in Traditional Khukuris',
    );
  });

  test('shows the empty messages of a search, a search in a category, a category and the whole list', async ({
    page,
  }) => {
    await openPage(page, '/products?search=zzqxv');
    await expect(page.getByText('No products found matching "zzqxv".')).toBeVisible();
    await openPage(page, '/products?search=zzqxv&category=traditional');
    await expect(
      page.getByText('No products found matching "zzqxv" in the Traditional Khukuris category.'),
    ).toBeVisible();

    // The demo shop has no empty category: the browser's own calls are answered empty.
    await openPage(page, '/');
    await page.route('**/api/products/products/**', (route) => route.fulfill({ json: EMPTY_PAGE }));
    await page.getByRole('link', { name: 'Shop the Collection' }).click();
    await expect(page.getByText('No products found.', { exact: true })).toBeVisible();
    await page.goto('/');
    await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber')));
    await page.getByRole('link', { name: 'Kitchen & Utility' }).first().click();
    await expect(page.getByText('No products found in this category.')).toBeVisible();
  });

  test('cards show prices, badges, the attributes tooltip and take their colour from the image', async ({
    page,
    request,
  }) => {
    await openPage(page, '/products?page=1');
    const discounted = cardOf(page, 'Bhojpure Khukuri');
    await expect(discounted.getByText('DISCOUNT OFFER')).toBeVisible();
    await expect(discounted.locator('s')).toHaveText('$130.00');
    await expect(discounted.locator('.price').first()).toHaveText('$110.00');
    await expect(discounted.getByText('SOLD OUT')).toHaveCount(0);

    const soldOut = cardOf(page, 'Mk II World War Khukuri');
    await expect(soldOut.getByText('SOLD OUT')).toBeVisible();
    await expect(soldOut.getByText('DISCOUNT OFFER')).toHaveCount(0);

    await discounted.hover();
    const tooltip = discounted.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText('Handle: Water buffalo horn');
    // The centre pixel's colour as the API read it when the picture was stored, in the server's HTML already.
    const product = await (await request.get('/api/products/products/bhojpure-khukuri/', { headers: TENANT })).json();
    const [r, g, b] = (product.main_image.centre_colour.match(/[0-9a-f]{2}/g) as string[]).map((hex) =>
      Number.parseInt(hex, 16),
    );
    await expect(discounted).toHaveCSS('background-color', `rgb(${r}, ${g}, ${b})`);
    const html = await (await request.get('/products?page=1')).text();
    expect(html).toContain(`background-color:${product.main_image.centre_colour}`);
  });

  test('the header search finds a knife typed as a transliteration', async ({ page }) => {
    await openPage(page, '/');
    await page.getByPlaceholder('Search products...').fill('kukri machete');
    await page.getByPlaceholder('Search products...').press('Enter');
    await expectOnPath(page, '/products?search=kukri%20machete');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "kukri machete"');
    await expect(cardOf(page, 'Khukuri Machete')).toBeVisible();
  });
});

test.describe('product page', () => {
  test('is rendered on the server with name, price and description', async ({ request }) => {
    const response = await request.get('/products/angkhola-khukuri');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('Angkhola Khukuri');
    expect(html).toContain('$85.00');
    expect(html).toContain('The everyday khukuri of the Nepali hills');
  });

  test('a category page is rendered on the server with its description and its products', async ({ request }) => {
    const response = await request.get('/products?category=service');
    expect(response.status()).toBe(200);
    const [visible] = withoutStructuredData(await response.text()).split('<script');
    expect(visible).toContain('Products in Service &amp; Military');
    expect(visible).toContain('Patterns carried by Gurkha regiments');
    expect(visible).toContain('British Gurkha Army Issue Khukuri');
    expect(visible).toContain('$98.00');
  });

  test('shows gallery, category, rating, price, details, description and reviews when loaded', async ({ page }) => {
    await openPage(page, '/products/angkhola-khukuri');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Angkhola Khukuri');
    await expect(page.getByRole('link', { name: 'Traditional Khukuris' })).toHaveAttribute(
      'href',
      '/products?category=traditional',
    );
    await expect(page.locator('.product-detail__rating')).toContainText('4.7');
    await expect(page.getByRole('link', { name: '(3 reviews)' })).toHaveAttribute('href', '#reviews');
    await expect(page.locator('.product-detail__price .price')).toHaveText('$85.00');
    const details = page.locator('.product-detail__details');
    await expect(details.locator('dt').first()).toHaveText('Blade length');
    await expect(details).toContainText('Rosewood with brass rings');
    await expect(page.getByRole('heading', { name: 'Detailed Description' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Show image/ })).toHaveCount(3);
    await expect(page.locator('.review')).toHaveCount(3);
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
    await expect(page.getByRole('button', { name: 'Decrease' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'You must be logged in to write a review.' })).toHaveAttribute(
      'href',
      '/login?redirect=/products/angkhola-khukuri#reviews',
    );
  });

  test('labels the button Sold Out without stock and hides the quantity for the last piece', async ({ page }) => {
    await openPage(page, '/products/mk2-ww2-khukuri');
    await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveCount(0);
    await openPage(page, '/products/budhume-khukuri');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveCount(0);
    await expect(page.getByText('No reviews yet').first()).toBeVisible();
  });

  test('answers an unknown product with "Product not found." and 404', async ({ page }) => {
    const response = await openPage(page, '/products/no-such-khukuri');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText('Product not found.');
  });

  test('shows a spinner while loading and the server detail when loading fails', async ({ page }) => {
    await openPage(page, '/products?category=service');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/products/products/indian-army-khukuri/', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { detail: 'The catalog is resting.' } });
    });
    await cardOf(page, 'Indian Army Khukuri').getByRole('link').click();
    await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
    release();
    await expect(page.getByRole('alert')).toHaveText('The catalog is resting.');
  });

  test('a product card hovered and then followed shows the product with the one request its hover made', async ({
    page,
  }) => {
    const answer = '/api/products/products/indian-army-khukuri/';
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === answer) asked.push(request.url());
    });
    await openPage(page, '/products?category=service');
    const link = cardOf(page, 'Indian Army Khukuri').getByRole('link');
    const fetchedAhead = page.waitForResponse((response) => new URL(response.url()).pathname === answer);
    await link.hover();
    await fetchedAhead;
    await link.click();
    await expectOnPath(page, '/products/indian-army-khukuri');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Indian Army Khukuri');
    await expect(page.locator('.product-detail__price .price')).toBeVisible();
    expect(asked).toHaveLength(1);
  });

  test('a product page the server rendered is shown again from what it was rendered with', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/products/products/angkhola-khukuri')) {
        asked.push(request.url());
      }
    });
    await openPage(page, '/products/angkhola-khukuri');
    await page.getByRole('link', { name: 'Traditional Khukuris' }).click();
    await expectOnPath(page, '/products?category=traditional');
    const link = cardOf(page, 'Angkhola Khukuri').getByRole('link');
    await link.hover();
    await link.click();
    await expectOnPath(page, '/products/angkhola-khukuri');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Angkhola Khukuri');
    expect(asked).toEqual([]);
  });

  test('zooms the image ×2 under the pointer and under a finger', async ({ page }) => {
    await openPage(page, '/products/bhojpure-khukuri');
    const stage = page.getByTestId('zoom-stage');
    const image = stage.locator('img');
    await expect(image).not.toHaveAttribute('style', /scale/);
    const box = await stage.boundingBox();
    if (!box) throw new Error('no stage');
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.5);
    await expect(image).toHaveAttribute('style', /scale\(2\)/);
    await expect(image).toHaveAttribute('style', /transform-origin: 25(\.\d+)?% 50(\.\d+)?%/);
    await page.mouse.move(box.x - 50, box.y - 50);
    await expect(image).not.toHaveAttribute('style', /scale/);

    // A finger on the picture zooms under it too, until it is lifted.
    const touch = { pointerType: 'touch', isPrimary: true, clientX: box.x + box.width * 0.75, clientY: box.y + 10 };
    await stage.dispatchEvent('pointerdown', touch);
    await expect(image).toHaveAttribute('style', /scale\(2\)/);
    await expect(image).toHaveAttribute('style', /transform-origin: 75(\.\d+)?% /);
    await stage.dispatchEvent('pointerup', touch);
    await expect(image).not.toHaveAttribute('style', /scale/);
  });

  test('a signed-in customer submits a review: prepended, counted, form reset', async ({ page, request }) => {
    const email = `reviewer.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
    const password = 'a-long-enough-password';
    const headers = { 'x-tenant-token': 'khukuri-demo' };
    const registered = await request.post('/api/accounts/register/', {
      headers,
      data: { email, password, password_confirm: password },
    });
    expect(registered.ok()).toBe(true);
    const login = await request.post('/api/accounts/login/', { headers, data: { login_id: email, password } });
    const { access, refresh } = await login.json();
    await page.addInitScript(
      ([accessToken, refreshToken]) => {
        localStorage.setItem('authToken', accessToken as string);
        localStorage.setItem('refreshToken', refreshToken as string);
      },
      [access, refresh],
    );

    await openPage(page, '/products/chitlange-khukuri');
    await expect(page.getByText('No reviews yet').first()).toBeVisible();
    const form = page.locator('.review-form');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter your review comment.');
    await form.locator('label').filter({ hasText: '4 stars' }).click();
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await form.getByLabel('Comment').fill('  Holds an edge through a week of camp chores.  ');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(form.getByRole('status')).toHaveText('Review submitted successfully!');
    await expect(page.locator('.review').first()).toContainText('Holds an edge through a week of camp chores.');
    await expect(page.getByRole('link', { name: '(1 review)' })).toBeVisible();
    await expect(page.locator('.product-detail__rating')).toContainText('4.0');
    await expect(form.getByLabel('Comment')).toHaveValue('');
    await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();

    await form.getByLabel('Comment').fill('Again');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(form.getByRole('alert')).toHaveText('You have already reviewed this product.');
  });
});

test.describe('gallery', () => {
  test('opens a product full screen, closed by × and by the backdrop', async ({ page }) => {
    await openPage(page, '/gallery');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product Gallery');
    await expect(page.locator('.gallery-item')).toHaveCount(18);
    await page.locator('.gallery-item').first().click();
    const overlay = page.getByRole('dialog');
    await expect(overlay).toBeVisible();
    await expect(overlay.locator('img')).toHaveAttribute('src', /\/media\/.+\.webp$/);
    await overlay.getByRole('button', { name: 'Close' }).click();
    await expect(overlay).toHaveCount(0);

    await page.locator('.gallery-item').nth(1).click();
    await expect(overlay).toBeVisible();
    await overlay.click({ position: { x: 5, y: 5 } });
    await expect(overlay).toHaveCount(0);
  });
});
