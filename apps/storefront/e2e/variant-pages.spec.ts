// A product sold in options tells the truth about the variant chosen (issue 45): its lead text, Details and picture's
// alt text are the variant's; its option pickers are in the server's HTML and do not move the page as it hydrates or
// as the app goes to it; and an add's confirmation stays in view on a phone until it is dismissed or the page is left.
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { axeViolations, newCustomer, openPage, signIn, TENANT, watchProblems } from './support.ts';

const ANGKHOLA = 'angkhola-khukuri';

interface Variant {
  id: number;
  sku: string;
}

async function variantId(request: APIRequestContext, slug: string, sku: string): Promise<number> {
  const response = await request.get(`/api/products/products/${slug}/`, { headers: TENANT });
  expect(response.status()).toBe(200);
  const { variants }: { variants: Variant[] } = await response.json();
  const found = variants.find((variant) => variant.sku === sku);
  if (!found) throw new Error(`the demo ${slug} has no variant ${sku}`);
  return found.id;
}

const option = (page: Page, name: string) => page.getByRole('radio', { name, exact: false });
const leadText = (page: Page) => page.locator('.product-detail__description');
const detail = (page: Page, key: string) =>
  page
    .locator('.product-detail__details dl > div')
    .filter({ has: page.getByText(key, { exact: true }) })
    .locator('dd');
const shownPicture = (page: Page) => page.getByTestId('zoom-stage').getByRole('img');

let problems: string[] = [];
test.beforeEach(({ page }) => {
  problems = watchProblems(page);
});
test.afterEach(() => {
  expect(problems).toEqual([]);
});

/** The page's HTML as a browser without JavaScript gets it, in a context of its own. */
async function withoutJavaScript<T>(
  browser: Browser,
  baseURL: string | undefined,
  work: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const page = await context.newPage();
    return await work(page);
  } finally {
    await context.close();
  }
}

// First in the file: on a server that has rendered no product page yet, the pickers' code was not there before.
test.describe('the option pickers', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('are in the server’s HTML, in their place, and do not move when the page hydrates', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const html = await (await request.get(`/products/${ANGKHOLA}`)).text();
    const pickers = html.indexOf('class="variant-options"');
    expect(pickers).toBeGreaterThan(0);
    // Rendered in the summary, before the cart button: not streamed later into a hidden part of the document.
    expect(pickers).toBeLessThan(html.indexOf('class="add-to-cart"'));
    const streamed = html.indexOf('<div hidden id="S:');
    if (streamed >= 0) expect(pickers).toBeLessThan(streamed);
    expect(html).toMatch(/<input type="radio"[^>]* value="15 inch"/);

    const serverBox = await withoutJavaScript(browser, baseURL, async (bare) => {
      await bare.goto(`/products/${ANGKHOLA}`);
      await expect(bare.getByRole('radio', { name: '10 inch' })).toBeChecked();
      await expect(bare.locator('.variant-options')).toBeVisible();
      return bare.locator('.variant-options').boundingBox();
    });
    await openPage(page, `/products/${ANGKHOLA}`);
    await expect(option(page, '10 inch')).toBeEnabled();
    expect(await page.locator('.variant-options').boundingBox()).toEqual(serverBox);
  });

  test('are there as soon as the app goes to the page, with nothing moving after', async ({ page }) => {
    await openPage(page, '/products?search=angkhola');
    // Watches the page the app renders: whether the pickers come with its heading, and how far below the heading
    // the cart button is then (what the pickers coming late would push down).
    await page.evaluate(() => {
      const seen: { withHeading: boolean | null; buttonBelow: number | null } = {
        withHeading: null,
        buttonBelow: null,
      };
      Object.assign(window, { seenProduct: seen });
      new MutationObserver((_, observer) => {
        const heading = document.querySelector('.product-detail h1');
        if (!heading) return;
        seen.withHeading = document.querySelector('.product-detail .variant-options') !== null;
        const button = document.querySelector('.product-detail .add-to-cart');
        if (button) seen.buttonBelow = button.getBoundingClientRect().top - heading.getBoundingClientRect().top;
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.locator('.product-card').filter({ hasText: 'Angkhola Khukuri' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Angkhola Khukuri', level: 1 })).toBeVisible();
    await page.waitForTimeout(1000);
    const seen = await page.evaluate(
      () => (window as unknown as { seenProduct: { withHeading: boolean; buttonBelow: number } }).seenProduct,
    );
    expect(seen.withHeading).toBe(true);
    const now = await page.evaluate(() => {
      const heading = document.querySelector('.product-detail h1') as Element;
      const button = document.querySelector('.product-detail .add-to-cart') as Element;
      return button.getBoundingClientRect().top - heading.getBoundingClientRect().top;
    });
    expect(now).toBe(seen.buttonBelow);
  });
});

test.describe('a variant’s own page', () => {
  test('choosing 15 inch makes the lead text, Details and picture say 15 inch; 10 inch the product’s again', async ({
    page,
  }) => {
    await openPage(page, `/products/${ANGKHOLA}`);
    await expect(option(page, '10 inch')).toBeChecked();
    await expect(leadText(page)).toContainText('a 10 inch blade');
    await expect(detail(page, 'Blade length')).toHaveText('10 inches (25 cm)');
    await expect(shownPicture(page)).toHaveAttribute('alt', /, 10-inch blade, /);

    await expect(option(page, '15 inch')).toBeEnabled();
    await option(page, '15 inch').check();
    await expect(leadText(page)).toContainText('a 15 inch blade');
    await expect(leadText(page)).not.toContainText('10 inch');
    await expect(detail(page, 'Blade length')).toHaveText('15 inches (38 cm)');
    await expect(detail(page, 'Overall length')).toHaveText('20 inches (51 cm)');
    await expect(detail(page, 'Weight')).toHaveText('850 g');
    // The product's other specifications stay.
    await expect(detail(page, 'Steel')).toHaveText('5160 leaf-spring carbon steel');
    await expect(shownPicture(page)).toHaveAttribute('alt', /, 15-inch blade, /);
    await expect(page.locator('.product-detail__long')).not.toContainText('10 inches');

    // Another finish of the same length says the same length.
    await option(page, 'Mirror-polished').check();
    await expect(detail(page, 'Blade length')).toHaveText('15 inches (38 cm)');

    await option(page, '10 inch').check();
    await expect(leadText(page)).toContainText('a 10 inch blade');
    await expect(detail(page, 'Blade length')).toHaveText('10 inches (25 cm)');
    await expect(shownPicture(page)).toHaveAttribute('alt', /, 10-inch blade, /);
  });

  test('the server’s page of a variant’s address says its own length; the Bhojpure’s 14 inch says 14', async ({
    page,
    request,
  }) => {
    const fifteen = await variantId(request, ANGKHOLA, 'ANG-15-VIL');
    const html = await (await request.get(`/products/${ANGKHOLA}?variant=${fifteen}`)).text();
    expect(html).toContain('a 15 inch blade');
    expect(html).toMatch(/<dt>Blade length<\/dt><dd>15 inches \(38 cm\)<\/dd>/);
    expect(html).toMatch(/<img[^>]* alt="Angkhola Khukuri, 15-inch blade, /);

    const fourteen = await variantId(request, 'bhojpure-khukuri', 'BHO-14');
    await openPage(page, `/products/bhojpure-khukuri?variant=${fourteen}`);
    await expect(option(page, '14 inch')).toBeChecked();
    await expect(leadText(page)).toContainText('14 inch blade');
    await expect(detail(page, 'Blade length')).toHaveText('14 inches (36 cm)');
    await expect(shownPicture(page)).toHaveAttribute('alt', /, 14-inch blade, /);
  });
});

test.describe('a cart line of a variant', () => {
  test('shows the variant’s own picture: the Sirupate’s mirror polish, its close-up', async ({ page, request }) => {
    const answer = await request.get('/api/products/products/sirupate-khukuri/', { headers: TENANT });
    const sirupate: {
      id: number;
      images: { id: number; alt_text: string }[];
      main_image: { alt_text: string };
      variants: { id: number; sku: string; image_ids: number[] }[];
    } = await answer.json();
    const mirror = sirupate.variants.find((variant) => variant.sku === 'SIR-15-MIR');
    const satin = sirupate.variants.find((variant) => variant.sku === 'SIR-12-SAT');
    const closeUp = sirupate.images.find((image) => image.id === mirror?.image_ids[0]);
    if (!mirror || !satin || !closeUp) throw new Error('the demo Sirupate has no mirror polish with its own picture');
    const customer = await newCustomer(request);
    for (const variant of [satin, mirror]) {
      const added = await request.post('/api/orders/cart/add-item/', {
        headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
        data: { product_id: sirupate.id, variant_id: variant.id, quantity: 1, customization: {} },
      });
      expect(added.status()).toBe(200);
    }
    await signIn(page, customer);
    await openPage(page, '/cart');
    const rows = page.locator('.cart-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).locator('img')).toHaveAttribute('alt', sirupate.main_image.alt_text);
    await expect(rows.nth(1).locator('img')).toHaveAttribute('alt', closeUp.alt_text);
  });
});

test.describe('the added-to-cart confirmation on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('is in view without scrolling, stays until dismissed, and goes with the page', async ({ page, request }) => {
    await signIn(page, await newCustomer(request));
    await openPage(page, `/products/${ANGKHOLA}`);
    await expect(option(page, '12 inch')).toBeEnabled();
    await option(page, '12 inch').check();
    const add = page.getByRole('button', { name: 'Add to Cart' });
    // The button at the very foot of the window: a message under it would fall outside.
    await add.scrollIntoViewIfNeeded();
    await add.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 2));
    await expect(add).toBeInViewport();
    await add.click();

    const confirmation = page.getByRole('status').filter({ hasText: 'added to cart!' });
    await expect(confirmation).toHaveText('1 x Angkhola Khukuri added to cart!');
    await expect(confirmation).toBeInViewport({ ratio: 1 });
    const viewCart = page.getByRole('link', { name: 'View Cart' });
    await expect(viewCart).toBeInViewport({ ratio: 1 });
    // Longer than the 3 seconds other success messages stay, and wherever the page is scrolled.
    await page.waitForTimeout(3500);
    await expect(confirmation).toBeInViewport({ ratio: 1 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(confirmation).toBeInViewport({ ratio: 1 });
    // WCAG 2.2 AA as axe-core checks it, the confirmation shown.
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(viewCart).toHaveCount(0);

    // Added again, it comes back; leaving the page takes it away.
    await add.click();
    await expect(confirmation).toHaveText('1 x Angkhola Khukuri added to cart!');
    await expect(confirmation).toBeInViewport({ ratio: 1 });
    await viewCart.click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator('.cart-row').filter({ hasText: 'Angkhola Khukuri' })).toBeVisible();
    await expect(confirmation).toHaveCount(0);
  });
});
