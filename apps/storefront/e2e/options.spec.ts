// Products sold in options (decision 018): the shopper chooses a blade length and a finish on a desktop and on a
// phone, the price, the stock and the address follow, and the choice travels through the cart into the order; an
// engraving is written on the wedding khukuri; an old address of a size leads to its variant; a variant's own picture
// leads the gallery.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  confirmAgeIfAsked,
  expectOnPath,
  hydrated,
  newCustomer,
  openPage,
  signIn,
  TENANT,
  watchProblems,
} from './support.ts';

interface Variant {
  id: number;
  sku: string;
  price: string;
  stock: number;
}

const ANGKHOLA = 'angkhola-khukuri';

/** The demo Angkhola's variants by SKU (ANG-<length>-<VIL|MIR>). */
async function variantsOf(request: APIRequestContext, slug: string): Promise<Record<string, Variant>> {
  const response = await request.get(`/api/products/products/${slug}/`, { headers: TENANT });
  expect(response.status()).toBe(200);
  const product: { variants: Variant[] } = await response.json();
  return Object.fromEntries(product.variants.map((variant) => [variant.sku, variant]));
}

const price = (page: Page) => page.locator('.product-detail__price .price').first();
const stock = (page: Page) => page.locator('.product-detail__stock');
const option = (page: Page, name: string) => page.getByRole('radio', { name, exact: false });

let problems: string[] = [];
test.beforeEach(({ page }) => {
  problems = watchProblems(page);
});
test.afterEach(() => {
  expect(problems).toEqual([]);
});

interface Choice {
  length: string;
  finish: string;
  sku: string;
  price: string;
}

/**
 * Chooses a blade length and a finish of the Angkhola, checking what the page shows on the way (a sold-out
 * combination first), and orders it by bank transfer. Each journey orders its own variant: they run side by side.
 */
async function chooseAndOrder(page: Page, request: APIRequestContext, choice: Choice) {
  const variants = await variantsOf(request, ANGKHOLA);
  const wanted = variants[choice.sku];
  const soldOut = variants['ANG-15-MIR'];
  if (!wanted || !soldOut) throw new Error('the demo Angkhola is not sold in options');
  await signIn(page, await newCustomer(request));

  await openPage(page, `/products/${ANGKHOLA}`);
  // The default variant: 10 inch, village finish.
  await expect(option(page, '10 inch')).toBeChecked();
  await expect(option(page, 'Village')).toBeChecked();
  await expect(price(page)).toHaveText('$85.00');
  await expect(stock(page)).toContainText('In stock');

  await option(page, '15 inch').check();
  await option(page, 'Mirror-polished').check();
  await expectOnPath(page, `/products/${ANGKHOLA}?variant=${soldOut.id}`);
  await expect(price(page)).toHaveText('$135.00');
  await expect(stock(page)).toContainText('Out of stock');
  await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  // The other values stay choosable.
  await expect(option(page, '12 inch')).toBeEnabled();

  await option(page, choice.length).check();
  await option(page, choice.finish).check();
  await expectOnPath(page, `/products/${ANGKHOLA}?variant=${wanted.id}`);
  await expect(price(page)).toHaveText(choice.price);
  await expect(stock(page)).toContainText('In stock');
  await expect(stock(page)).toContainText(`SKU: ${choice.sku}`);
  const added = page.waitForResponse((response) => response.url().includes('/api/orders/cart/add-item/'));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const body = (await added).request().postDataJSON();
  expect(body).toMatchObject({ product_id: expect.any(Number), variant_id: wanted.id, quantity: 1, customization: {} });
  await expect(page.getByText('1 x Angkhola Khukuri added to cart!')).toBeVisible();

  await openPage(page, '/cart');
  const row = page.locator('.cart-row').filter({ hasText: 'Angkhola Khukuri' });
  await expect(row).toContainText(`Blade length: ${choice.length}, Finish: ${choice.finish}`);
  await expect(row.locator('[data-label="Price"]')).toHaveText(choice.price);
  await expect(row.getByRole('link', { name: 'Angkhola Khukuri' })).toHaveAttribute(
    'href',
    `/products/${ANGKHOLA}?variant=${wanted.id}`,
  );

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  for (const [label, value] of Object.entries({
    'Street Address': 'Lazimpat 12',
    City: 'Kathmandu',
    'Postal Code': '44600',
    Country: 'Nepal',
    'Full Name': 'Sita Gurung',
    'Contact Number': '+977 1 4410000',
  })) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('radio', { name: 'Bank Transfer' }).check();
  const created = page.waitForResponse(
    (response) => response.url().includes('/api/orders/orders/') && response.request().method() === 'POST',
  );
  await confirmAgeIfAsked(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const order: { id: number; number: string } = await (await created).json();
  await expectOnPath(page, '/order-confirmation');
  const confirmed = page.locator('.order-lines');
  // An order's line keeps the options as its customization (no order of their keys).
  await expect(confirmed).toContainText(`Blade length: ${choice.length}`);
  await expect(confirmed).toContainText(`Finish: ${choice.finish}`);
  await expect(confirmed).toContainText(`SKU: ${choice.sku}`);

  await openPage(page, `/account/orders/${order.id}`);
  const line = page.locator('.order-line').filter({ hasText: 'Angkhola Khukuri' });
  await expect(line).toContainText(`Blade length: ${choice.length}`);
  await expect(line).toContainText(`Finish: ${choice.finish}`);
  await expect(line).toContainText(`SKU: ${choice.sku}`);

  // Only the ordered variant's stock went down.
  const after = await variantsOf(request, ANGKHOLA);
  expect(after[choice.sku]?.stock).toBe(wanted.stock - 1);
  expect(after['ANG-15-VIL']?.stock).toBe(variants['ANG-15-VIL']?.stock);
}

test.describe('on a desktop', () => {
  test('choosing options changes the price, stock and address; the cart and the order show them', async ({
    page,
    request,
  }) => {
    await chooseAndOrder(page, request, { length: '12 inch', finish: 'Village', sku: 'ANG-12-VIL', price: '$105.00' });
  });

  test('a picker works with the keyboard, and announces the new price', async ({ page, request }) => {
    const variants = await variantsOf(request, ANGKHOLA);
    await openPage(page, `/products/${ANGKHOLA}`);
    // The pickers take input once hydrated (they load with the page's product only).
    await expect(option(page, '10 inch')).toBeEnabled();
    await option(page, '10 inch').focus();
    await page.keyboard.press('ArrowRight');
    await expect(option(page, '12 inch')).toBeChecked();
    await expect(option(page, '12 inch')).toBeFocused();
    await expect(price(page)).toHaveText('$105.00');
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: '$105.00' })).toHaveText('$105.00, In stock');
    await expectOnPath(page, `/products/${ANGKHOLA}?variant=${variants['ANG-12-VIL']?.id}`);
    await page.keyboard.press('Tab');
    await expect(option(page, 'Village')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(option(page, 'Mirror-polished')).toBeChecked();
    await expect(price(page)).toHaveText('$115.00');
  });

  test('the page opened with a variant renders it from the server, with one offer per variant', async ({
    page,
    request,
  }) => {
    const variants = await variantsOf(request, ANGKHOLA);
    const chosen = variants['ANG-12-MIR'];
    const html = await (await request.get(`/products/${ANGKHOLA}?variant=${chosen?.id}`)).text();
    expect(html).toContain('$115.00');
    const data = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
      .map((match) => JSON.parse(match[1] ?? 'null'))
      .find((item) => item?.['@type'] === 'Product');
    expect(data.offers).toHaveLength(Object.keys(variants).length);
    expect(data.offers).toContainEqual(
      expect.objectContaining({
        sku: 'ANG-12-MIR',
        price: '115.00',
        availability: 'https://schema.org/InStock',
        url: expect.stringMatching(new RegExp(`/products/${ANGKHOLA}\\?variant=${chosen?.id}$`)),
      }),
    );

    await openPage(page, `/products/${ANGKHOLA}?variant=${chosen?.id}`);
    await expect(option(page, '12 inch')).toBeChecked();
    await expect(option(page, 'Mirror-polished')).toBeChecked();
    await expect(price(page)).toHaveText('$115.00');
  });

  test('an old address of a size leads to its product with that variant chosen', async ({ page, request }) => {
    const variants = await variantsOf(request, ANGKHOLA);
    const old = await request.get('/products/angkhola-khukuri-10-inch', { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/products/${ANGKHOLA}?variant=${variants['ANG-10-VIL']?.id}`);

    await openPage(page, '/products/angkhola-khukuri-10-inch');
    await expectOnPath(page, `/products/${ANGKHOLA}?variant=${variants['ANG-10-VIL']?.id}`);
    await expect(page.getByRole('heading', { name: 'Angkhola Khukuri', level: 1 })).toBeVisible();
    await expect(option(page, '10 inch')).toBeChecked();
    await expect(option(page, 'Village')).toBeChecked();
  });

  test('an old address reached inside the shop is replaced by its product’s own', async ({ page, request }) => {
    const variants = await variantsOf(request, ANGKHOLA);
    await openPage(page, '/products');
    // A link of the shop's own pages to the old address (the browser's fetch follows the API's redirect).
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate('/products/angkhola-khukuri-10-inch'),
    );
    await expectOnPath(page, `/products/${ANGKHOLA}?variant=${variants['ANG-10-VIL']?.id}`);
    await expect(page.getByRole('heading', { name: 'Angkhola Khukuri', level: 1 })).toBeVisible();
    await expect(option(page, '10 inch')).toBeChecked();
    await expect(price(page)).toHaveText('$85.00');
  });

  test('a variant with a picture of its own shows it first: the Sirupate’s mirror polish, its close-up', async ({
    page,
    request,
  }) => {
    const response = await request.get('/api/products/products/sirupate-khukuri/', { headers: TENANT });
    const product: {
      images: { id: number; alt_text: string; order: number }[];
      variants: { id: number; sku: string; image_ids: number[] }[];
    } = await response.json();
    const [whole, closeUp] = [...product.images].sort((a, b) => a.order - b.order);
    const mirror = product.variants.find((variant) => variant.sku === 'SIR-12-MIR');
    if (!whole || !closeUp || !mirror) throw new Error('the demo Sirupate has no mirror polish with its own picture');
    expect(mirror.image_ids).toEqual([closeUp.id]);
    await openPage(page, '/products/sirupate-khukuri');
    const shown = page.getByTestId('zoom-stage').getByRole('img');
    await expect(shown).toHaveAttribute('alt', whole.alt_text);
    await expect(option(page, 'Mirror-polished')).toBeEnabled();
    await option(page, 'Mirror-polished').check();
    await expectOnPath(page, `/products/sirupate-khukuri?variant=${mirror.id}`);
    await expect(shown).toHaveAttribute('alt', closeUp.alt_text);
    await expect(page.getByRole('button', { name: 'Show image 1' })).toHaveAttribute('aria-pressed', 'true');
    // Back to the satin finish: the product's own order again.
    await option(page, 'Satin').check();
    await expect(shown).toHaveAttribute('alt', whole.alt_text);
  });

  test('a variant shows its own reduction: the struck price and the lowest of the 30 days before, else none', async ({
    page,
  }) => {
    const struck = page.locator('.product-detail__price .price--before');
    const lowest = page.locator('.product-detail .price-lowest');
    // The demo Bhojpure's 12 inch, the default, is reduced from 130.00; a week at 125.00 came within the 30 days.
    await openPage(page, '/products/bhojpure-khukuri');
    await expect(option(page, '12 inch')).toBeChecked();
    await expect(option(page, '14 inch')).toBeEnabled();
    await expect(price(page)).toHaveText('$110.00');
    await expect(struck).toHaveText('$130.00');
    await expect(lowest).toHaveText('Lowest price in the last 30 days: $125.00');
    // The 14 inch sells above the 12 inch's old price and has no reduction of its own: nothing struck.
    await option(page, '14 inch').check();
    await expect(price(page)).toHaveText('$135.00');
    await expect(struck).toHaveCount(0);
    await expect(lowest).toHaveCount(0);

    // The Angkhola is not reduced, but its 12 inch mirror-polished is.
    await openPage(page, `/products/${ANGKHOLA}`);
    await expect(option(page, '12 inch')).toBeEnabled();
    await expect(struck).toHaveCount(0);
    await option(page, '12 inch').check();
    await option(page, 'Mirror-polished').check();
    await expect(price(page)).toHaveText('$115.00');
    await expect(struck).toHaveText('$130.00');
    await expect(lowest).toHaveText('Lowest price in the last 30 days: $130.00');
    await option(page, 'Village').check();
    await expect(price(page)).toHaveText('$105.00');
    await expect(struck).toHaveCount(0);
    await expect(lowest).toHaveCount(0);

    // The card shows the product's (its default variant's) reduction the same way.
    await openPage(page, '/products?category=traditional');
    const bhojpure = page.locator('.product-card').filter({ hasText: 'Bhojpure Khukuri' });
    await expect(bhojpure.locator('.price--before')).toHaveText('$130.00');
    await expect(bhojpure.locator('.price-lowest')).toHaveText('Lowest price in the last 30 days: $125.00');
    await expect(
      page.locator('.product-card').filter({ hasText: 'Angkhola Khukuri' }).locator('.price-lowest'),
    ).toHaveCount(0);
  });

  test('a card of a product sold at several prices shows its lowest as “From”', async ({ page }) => {
    await openPage(page, '/products?search=angkhola');
    const card = page.locator('.product-card').filter({ hasText: 'Angkhola Khukuri' });
    await expect(card.locator('.product-card__price')).toHaveText('From $85.00');
  });

  test('an engraving is written on the wedding khukuri, priced, and shown in the cart', async ({ page, request }) => {
    await signIn(page, await newCustomer(request));
    await openPage(page, '/products/wedding-khukuri-brass');
    const engraving = await hydrated(page.getByLabel('Engraving'));
    await expect(page.locator('.personalisation-field label')).toContainText('+ $15.00');
    await expect(engraving).toHaveAttribute('maxlength', '20');
    await engraving.fill('Ram & Sita 2026');
    const added = page.waitForResponse((response) => response.url().includes('/api/orders/cart/add-item/'));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    expect((await added).request().postDataJSON()).toMatchObject({ customization: { engraving: 'Ram & Sita 2026' } });
    await expect(page.getByText('added to cart!')).toBeVisible();

    await openPage(page, '/cart');
    const row = page.locator('.cart-row').filter({ hasText: 'Wedding Khukuri' });
    await expect(row).toContainText('engraving: Ram & Sita 2026');
    await expect(row.locator('[data-label="Price"]')).toHaveText('$195.00');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('choosing options changes the price, stock and address; the cart and the order show them', async ({
    page,
    request,
  }) => {
    await chooseAndOrder(page, request, {
      length: '10 inch',
      finish: 'Mirror-polished',
      sku: 'ANG-10-MIR',
      price: '$95.00',
    });
  });
});
