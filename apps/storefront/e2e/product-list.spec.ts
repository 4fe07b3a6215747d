import { expect, type Page, test } from '@playwright/test';
import { expectOnPath, openPage, withoutStructuredData } from './support.ts';

// The demo shop's Service & Military knives, by price: 125, 105 (sold out), 98, 88.
const SERVICE_BY_PRICE_DOWN = [
  'Gurkha Survival Khukuri',
  'Mk II World War Khukuri',
  'British Gurkha Army Issue Khukuri',
  'Indian Army Khukuri',
];
const SERVICE_IN_STOCK_BY_PRICE_DOWN = SERVICE_BY_PRICE_DOWN.filter((name) => name !== 'Mk II World War Khukuri');

function cardNames(page: Page) {
  return page.locator('.product-card__name');
}

function resultCount(page: Page) {
  return page.getByRole('status').filter({ hasText: /product/ });
}

/** Marks the document: the mark is gone after a full page load, and kept by the app's own navigation. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { listMark: boolean }).listMark = true;
  });
}

async function documentIsMarked(page: Page) {
  return page.evaluate(() => (window as unknown as { listMark?: boolean }).listMark === true);
}

test.describe('product list: sort, filters, count and breadcrumb', () => {
  test('a sort and a filter, applied without a reload, shared by address and undone by Back', async ({
    page,
    context,
  }) => {
    await openPage(page, '/products?category=service');
    await markDocument(page);
    const sort = page.getByLabel('Sort by');
    const inStock = page.getByRole('checkbox', { name: 'In stock only' });
    await expect(sort).toHaveValue('-created_at');
    await expect(resultCount(page)).toHaveText('4 products');

    await sort.selectOption({ label: 'Price: high to low' });
    await expectOnPath(page, '/products?category=service&ordering=-price');
    await expect(cardNames(page)).toHaveText(SERVICE_BY_PRICE_DOWN);

    await inStock.check();
    await expectOnPath(page, '/products?category=service&ordering=-price&in_stock=true');
    await expect(cardNames(page)).toHaveText(SERVICE_IN_STOCK_BY_PRICE_DOWN);
    await expect(resultCount(page)).toHaveText('3 products');
    expect(await documentIsMarked(page)).toBe(true);

    // The address alone gives the same list, in a new page.
    const shared = await context.newPage();
    await openPage(shared, '/products?category=service&ordering=-price&in_stock=true');
    await expect(cardNames(shared)).toHaveText(SERVICE_IN_STOCK_BY_PRICE_DOWN);
    await expect(resultCount(shared)).toHaveText('3 products');
    await expect(shared.getByLabel('Sort by')).toHaveValue('-price');
    await expect(shared.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    await expect(shared.getByLabel('Category')).toHaveValue('service');
    await shared.close();

    // Back undoes the filter, then the sort; Forward applies the sort again.
    await page.goBack();
    await expectOnPath(page, '/products?category=service&ordering=-price');
    await expect(cardNames(page)).toHaveText(SERVICE_BY_PRICE_DOWN);
    await expect(inStock).not.toBeChecked();
    await expect(resultCount(page)).toHaveText('4 products');
    await page.goBack();
    await expectOnPath(page, '/products?category=service');
    await expect(sort).toHaveValue('-created_at');
    await expect(cardNames(page)).toHaveCount(4);
    await expect(cardNames(page)).not.toHaveText(SERVICE_BY_PRICE_DOWN);
    await page.goForward();
    await expectOnPath(page, '/products?category=service&ordering=-price');
    await expect(cardNames(page)).toHaveText(SERVICE_BY_PRICE_DOWN);
    expect(await documentIsMarked(page)).toBe(true);
  });

  test('the server renders the sorted and filtered list of an address, with its count and breadcrumb', async ({
    request,
  }) => {
    const response = await request.get('/products?category=service&ordering=price&in_stock=true');
    expect(response.status()).toBe(200);
    const [visible = ''] = withoutStructuredData(await response.text()).split('<script');
    const positions = [...SERVICE_IN_STOCK_BY_PRICE_DOWN].reverse().map((name) => visible.indexOf(name));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(visible).not.toContain('Mk II World War Khukuri');
    expect(visible).toContain('3 products');
    expect(visible).toContain('aria-label="Breadcrumb"');
    expect(visible).toMatch(/<option value="price" selected="">Price: low to high<\/option>/);
  });

  test('a price range applies with Apply, keeps the search, and is cleared in one step', async ({ page }) => {
    await openPage(page, '/products?search=khukuri');
    await markDocument(page);
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await page.getByLabel('Min price ($)').fill('90');
    await page.getByLabel('Max price ($)').fill('100');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expectOnPath(page, '/products?search=khukuri&min_price=90&max_price=100');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "khukuri"');
    // The address changes before the filtered list's answer comes: the cards are read once they are its own.
    const shown = page.locator('.product-card__price .price:not(.price--before)');
    const amounts = async () => (await shown.allTextContents()).map((price) => Number(price.replace('$', '')));
    await expect
      .poll(async () => {
        const now = await amounts();
        return now.length > 0 && now.every((amount) => amount >= 90 && amount <= 100);
      })
      .toBe(true);
    const prices = await amounts();
    expect(prices.length).toBeGreaterThan(0);
    for (const amount of prices) {
      expect(amount).toBeGreaterThanOrEqual(90);
      expect(amount).toBeLessThanOrEqual(100);
    }
    await expect(resultCount(page)).toHaveText(`${prices.length} products`);

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expectOnPath(page, '/products?search=khukuri');
    await expect(page.getByLabel('Min price ($)')).toHaveValue('');
    expect(await documentIsMarked(page)).toBe(true);
  });

  test('price bands and category counts are filters, chosen and undone without a reload', async ({ page }) => {
    await openPage(page, '/products?category=service');
    await markDocument(page);
    const bands = page.getByRole('group', { name: 'Price range' }).getByRole('link');
    // Service & Military: 88 and 98 in one band, 105 and 125 in the next.
    await expect(bands).toHaveText(['$50.00–$99.99 (2)', '$100.00–$199.99 (2)']);
    const service = page.getByLabel('Category').locator('option[value="service"]');
    await expect(service).toHaveText(/\(4\)$/);

    await bands.nth(1).click();
    await expectOnPath(page, '/products?category=service&min_price=100.00&max_price=199.99');
    await expect(cardNames(page)).toHaveText(['Gurkha Survival Khukuri', 'Mk II World War Khukuri']);
    await expect(resultCount(page)).toHaveText('2 products');
    await expect(bands.nth(1)).toHaveAttribute('aria-current', 'true');
    // The category counts now keep the price band; the bands do not keep themselves.
    await expect(service).toHaveText(/\(2\)$/);
    await expect(bands).toHaveText(['$50.00–$99.99 (2)', '$100.00–$199.99 (2)']);

    // Choosing the band again clears it; Back brings it back.
    await bands.nth(1).click();
    await expectOnPath(page, '/products?category=service');
    await expect(resultCount(page)).toHaveText('4 products');
    await page.goBack();
    await expectOnPath(page, '/products?category=service&min_price=100.00&max_price=199.99');
    await expect(resultCount(page)).toHaveText('2 products');
    expect(await documentIsMarked(page)).toBe(true);
  });

  test('an option value is a filter of its option type, chosen and cleared without a reload', async ({ page }) => {
    await openPage(page, '/products');
    await markDocument(page);
    const bladeLengths = page.getByRole('group', { name: 'Blade length' }).getByRole('link');
    // The demo sells the Angkhola, the Bhojpure and the Sirupate in 12 inch.
    const twelveInch = bladeLengths.filter({ hasText: /^12 inch \(\d+\)$/ });
    await expect(twelveInch).toHaveText('12 inch (3)');
    const all = await resultCount(page).textContent();

    await twelveInch.click();
    await expectOnPath(page, '/products?option=12+inch');
    await expect(resultCount(page)).toHaveText('3 products');
    expect((await cardNames(page).allTextContents()).sort()).toEqual([
      'Angkhola Khukuri',
      'Bhojpure Khukuri',
      'Sirupate Khukuri',
    ]);
    await expect(twelveInch).toHaveAttribute('aria-current', 'true');
    // The option facets do not keep the option: the other lengths still say what choosing them would list.
    await expect(bladeLengths.filter({ hasText: /^10 inch / })).toBeVisible();

    // Choosing it again clears it; so does Clear filters.
    await twelveInch.click();
    await expectOnPath(page, '/products');
    await expect(resultCount(page)).toHaveText(all ?? '');
    await expect(twelveInch).not.toHaveAttribute('aria-current', 'true');
    await twelveInch.click();
    await expectOnPath(page, '/products?option=12+inch');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expectOnPath(page, '/products');
    await expect(resultCount(page)).toHaveText(all ?? '');
    expect(await documentIsMarked(page)).toBe(true);
  });

  test('two option values of two types combine: both chips, the products selling both in one variant, cleared', async ({
    page,
  }) => {
    await openPage(page, '/products');
    await markDocument(page);
    const bladeLengths = page.getByRole('group', { name: 'Blade length' }).getByRole('link');
    const finishes = page.getByRole('group', { name: 'Finish' }).getByRole('link');
    await bladeLengths.filter({ hasText: /^15 inch / }).click();
    await expectOnPath(page, '/products?option=15+inch');
    // The Angkhola, the Sirupate and the machete are sold in 15 inch; the finishes count the 15 inch variants only.
    await expect(resultCount(page)).toHaveText('3 products');
    await expect(finishes.filter({ hasText: /^Mirror-polished / })).toHaveText('Mirror-polished (2)');

    await finishes.filter({ hasText: /^Mirror-polished / }).click();
    await expectOnPath(page, '/products?option=15+inch&option=Mirror-polished');
    await expect(resultCount(page)).toHaveText('2 products');
    expect((await cardNames(page).allTextContents()).sort()).toEqual(['Angkhola Khukuri', 'Sirupate Khukuri']);
    const chips = page.getByRole('list', { name: 'Chosen options' });
    await expect(chips.locator('.search-intent__label')).toHaveText([
      'Blade length: 15 inch',
      'Finish: Mirror-polished',
    ]);
    // Both stay chosen; the lengths now count what a mirror-polished variant has.
    await expect(bladeLengths.filter({ hasText: /^15 inch / })).toHaveAttribute('aria-current', 'true');
    await expect(finishes.filter({ hasText: /^Mirror-polished / })).toHaveAttribute('aria-current', 'true');
    await expect(bladeLengths.filter({ hasText: /^15 inch / })).toHaveText('15 inch (2)');

    // A chip removes its value only.
    await chips.getByRole('link', { name: 'Remove Blade length: 15 inch' }).click();
    await expectOnPath(page, '/products?option=Mirror-polished');
    await expect(page.getByRole('list', { name: 'Chosen options' }).locator('.search-intent__label')).toHaveText([
      'Finish: Mirror-polished',
    ]);
    await bladeLengths.filter({ hasText: /^12 inch / }).click();
    await expectOnPath(page, '/products?option=Mirror-polished&option=12+inch');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expectOnPath(page, '/products');
    await expect(page.getByRole('list', { name: 'Chosen options' })).toHaveCount(0);
    expect(await documentIsMarked(page)).toBe(true);
  });

  test("a search's results mark the words of their names that answered it", async ({ page }) => {
    await openPage(page, '/products?search=gurkha%20kukris');
    const marks = page.locator('.product-card__name mark');
    await expect(marks.first()).toBeVisible();
    for (const text of await marks.allTextContents()) expect(text.toLowerCase()).toMatch(/^(gurkha|khukuri|kukri)/);
    await expect(
      page.locator('.product-card__name', { has: page.locator('mark', { hasText: 'Gurkha' }) }).first(),
    ).toBeVisible();
  });

  test('a filter that keeps nothing shows the empty message and a count of 0', async ({ page }) => {
    await openPage(page, '/products?category=service&min_price=1000');
    await expect(page.getByText('No products found in this category.')).toBeVisible();
    await expect(resultCount(page)).toHaveText('0 products');
  });

  test('the breadcrumb leads from the home page to the category, which is the current page', async ({ page }) => {
    await openPage(page, '/products?category=service&ordering=-price');
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Home', 'Products', 'Service & Military']);
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Service & Military');
    await breadcrumb.getByRole('link', { name: 'Products' }).click();
    await expectOnPath(page, '/products');
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Products');
  });

  test('the cards of a row are as tall as each other, with their prices on one line', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, '/products?ordering=price');
    const rows = await page.locator('.product-card').evaluateAll((cards) => {
      const byRow = new Map<number, { card: DOMRect; body: DOMRect; price: DOMRect; name: DOMRect }[]>();
      for (const card of cards) {
        const box = card.getBoundingClientRect();
        const part = (selector: string) => (card.querySelector(selector) as Element).getBoundingClientRect();
        const row = byRow.get(Math.round(box.top)) ?? [];
        row.push({
          card: box,
          body: part('.product-card__body'),
          price: part('.product-card__price'),
          name: part('.product-card__name'),
        });
        byRow.set(Math.round(box.top), row);
      }
      return [...byRow.values()].map((row) =>
        row.map(({ card, body, price, name }) => ({
          cardHeight: card.height,
          cardBottom: card.bottom,
          bodyBottom: body.bottom,
          priceBottom: price.bottom,
          nameHeight: name.height,
        })),
      );
    });
    expect(rows.length).toBeGreaterThan(1);
    // At least one row holds names of different lengths in lines: the case the layout is for.
    expect(rows.some((row) => new Set(row.map((card) => Math.round(card.nameHeight))).size > 1)).toBe(true);
    for (const row of rows) {
      const [first] = row;
      if (!first) continue;
      for (const card of row) {
        expect(Math.abs(card.cardHeight - first.cardHeight)).toBeLessThan(1);
        expect(Math.abs(card.priceBottom - first.priceBottom)).toBeLessThan(1);
        expect(Math.abs(card.bodyBottom - card.cardBottom)).toBeLessThan(1);
      }
    }
  });
});
