// The header search box's type-ahead: an ARIA 1.2 combobox whose suggestions come from two letters on.
import { expect, type Page, test } from '@playwright/test';
import { axeViolations, expectOnPath, openPage } from './support.ts';

const COMPLETIONS = '**/api/products/search-completions/**';

/** The search box's parts, found as assistive technology finds them. */
function searchBox(page: Page) {
  const box = page.getByRole('banner').getByRole('search');
  return {
    combobox: box.getByRole('combobox', { name: 'Search products' }),
    listbox: box.getByRole('listbox', { name: 'Search suggestions' }),
    options: box.getByRole('option'),
    // A live region without the status role (the page's own status messages keep that role to themselves).
    status: box.locator('[aria-live="polite"]'),
  };
}

/** Counts the type-ahead's requests from now on, by the text each asked for. */
function recordCompletionRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/products/search-completions/') asked.push(url.searchParams.get('search') ?? '');
  });
  return asked;
}

/** Starts adding up every layout shift of the page (those right after input too, which CLS leaves out). */
async function watchLayoutShifts(page: Page) {
  await page.evaluate(() => {
    const target = window as unknown as { shifts: number };
    target.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) target.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift' });
  });
}

async function layoutShifts(page: Page): Promise<number> {
  // Entries are delivered after the frame that shifted: give them two frames.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
  return page.evaluate(() => (window as unknown as { shifts: number }).shifts);
}

test.describe('the search box type-ahead', () => {
  test('suggests from two letters on, after a pause, with one request for a word typed quickly', async ({ page }) => {
    // The page's clock is the test's: however slowly a loaded machine sends the keys, no delay runs out between them.
    await page.clock.install();
    await openPage(page, '/');
    const { combobox, listbox, options, status } = searchBox(page);
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await expect(combobox).toHaveAttribute('aria-autocomplete', 'list');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const asked = recordCompletionRequests(page);
    /** Lets the page's time run on in small steps until `done` holds (the answers themselves come when they come). */
    const runUntil = (done: () => Promise<boolean>) =>
      expect
        .poll(async () => {
          await page.clock.runFor(50);
          return done();
        })
        .toBe(true);

    await combobox.pressSequentially('k');
    await page.clock.runFor(700);
    expect(asked).toEqual([]);
    await expect(listbox).toBeHidden();
    await expect(options).toHaveCount(0);
    await expect(status).toHaveText('');

    // Keys one after another with no time between them on the page's clock: the 200 ms delay asks once, for the word.
    await combobox.pressSequentially('huk');
    await page.clock.runFor(150);
    expect(asked).toEqual([]);
    await runUntil(() => listbox.isVisible());
    expect(asked).toEqual(['khuk']);
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await expect(combobox).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) as string);
    const count = await options.count();
    expect(count).toBeGreaterThanOrEqual(3);
    await runUntil(async () => (await status.textContent()) === `${count} suggestions`);

    // A product's line: its name with the typed part emphasized, its category and its price; then the category.
    const first = options.first();
    await expect(first.locator('mark').first()).toHaveText(/^khuk$/i);
    await expect(first).toContainText(/\$\d+\.\d{2}/);
    await expect(options.filter({ hasText: 'Traditional Khukuris' }).last()).toContainText('Category');

    // Back to one letter: nothing is shown and nothing is asked.
    await combobox.press('Backspace');
    await combobox.press('Backspace');
    await combobox.press('Backspace');
    await expect(combobox).toHaveValue('k');
    await expect(listbox).toBeHidden();
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await expect(status).toHaveText('');
    await page.clock.runFor(500);
    expect(asked).toEqual(['khuk']);
  });

  test('ArrowDown and ArrowUp move the active option; Enter opens the chosen product', async ({ page }) => {
    await openPage(page, '/');
    const { combobox, listbox, options } = searchBox(page);
    await combobox.fill('kh');
    await expect(listbox).toBeVisible();
    await expect(combobox).not.toHaveAttribute('aria-activedescendant');

    await combobox.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(combobox).toHaveAttribute(
      'aria-activedescendant',
      (await options.nth(0).getAttribute('id')) as string,
    );
    await combobox.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
    await expect(combobox).toHaveAttribute(
      'aria-activedescendant',
      (await options.nth(1).getAttribute('id')) as string,
    );
    await combobox.press('ArrowUp');
    await combobox.press('ArrowDown');
    // The focus never left the input.
    await expect(combobox).toBeFocused();

    const name = (await options.nth(1).locator('.search-box__name').textContent()) as string;
    await combobox.press('Enter');
    await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(listbox).toBeHidden();
  });

  test('Enter without an active option searches; Escape closes, a second Escape clears', async ({ page }) => {
    await openPage(page, '/blog');
    const { combobox, listbox } = searchBox(page);
    await combobox.fill('kh');
    await expect(listbox).toBeVisible();
    await combobox.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await expect(combobox).toHaveValue('kh');
    // ArrowDown opens it again, on the first suggestion.
    await combobox.press('ArrowDown');
    await expect(listbox).toBeVisible();
    await expect(searchBox(page).options.first()).toHaveAttribute('aria-selected', 'true');
    await combobox.press('Escape');
    await combobox.press('Escape');
    await expect(combobox).toHaveValue('');
    await expectOnPath(page, '/blog');

    await combobox.fill(' kukri ');
    await expect(listbox).toBeVisible();
    await combobox.press('Enter');
    await expectOnPath(page, '/products?search=kukri');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "kukri"');
    await expect(listbox).toBeHidden();
  });

  test('a click elsewhere or Tab closes the list; a click on a category opens its list', async ({ page }) => {
    await openPage(page, '/faq');
    const { combobox, listbox, options } = searchBox(page);
    await combobox.fill('kh');
    await expect(listbox).toBeVisible();
    // The page's margin, left of its content, well below the list.
    await page.mouse.click(5, 700);
    await expect(listbox).toBeHidden();

    await combobox.pressSequentially('u');
    await expect(listbox).toBeVisible();
    await combobox.press('Tab');
    await expect(listbox).toBeHidden();
    await expect(combobox).not.toBeFocused();

    await combobox.fill('traditional');
    await options.filter({ hasText: 'Category' }).first().click();
    await expectOnPath(page, '/products?category=traditional');
  });

  test('a misspelled beginning still suggests the product it means', async ({ page }) => {
    await openPage(page, '/');
    const { combobox, options } = searchBox(page);
    await combobox.fill('gurhk');
    await expect(options.first()).toContainText('Gurkha');
    await combobox.fill('kukr');
    await expect(options.first()).toContainText('Khukuri');
  });

  test('says when nothing matches, and never shows an answer that came after a newer one', async ({ page }) => {
    await openPage(page, '/');
    const { combobox, listbox, options, status } = searchBox(page);
    await combobox.fill('xqzv');
    await expect(status).toHaveText('No suggestions');
    await expect(page.locator('.search-box__none')).toHaveText('No suggestions');
    await expect(listbox).toBeHidden();

    // The answer for "sir" is held back until "sirup" has been answered, and then comes with a product of its own.
    let releaseOld: () => void = () => undefined;
    const oldHeld = new Promise<void>((resolve) => {
      releaseOld = resolve;
    });
    let oldAnswered = false;
    await page.route(COMPLETIONS, async (route) => {
      if (new URL(route.request().url()).searchParams.get('search') !== 'sir') return route.continue();
      await oldHeld;
      await route
        .fulfill({
          json: {
            products: [
              {
                slug: 'stale',
                name: 'Stale answer',
                price: '1.00',
                thumbnail: null,
                category: { name: 'Old', slug: 'old' },
              },
            ],
            categories: [],
          },
        })
        .catch(() => undefined);
      oldAnswered = true;
    });
    await combobox.fill('sir');
    await page.waitForRequest((request) => request.url().includes('search=sir'));
    await combobox.fill('sirup');
    await expect(options.first()).toContainText('Sirupate');
    releaseOld();
    await expect.poll(() => oldAnswered).toBe(true);
    await page.waitForTimeout(300);
    await expect(options.filter({ hasText: 'Stale answer' })).toHaveCount(0);
    await expect(options.first()).toContainText('Sirupate');
  });

  test('opening the list moves nothing on the page', async ({ page }) => {
    await openPage(page, '/');
    const { combobox, listbox } = searchBox(page);
    const main = page.getByRole('main');
    const before = await main.boundingBox();
    await watchLayoutShifts(page);
    await combobox.pressSequentially('kh', { delay: 30 });
    await expect(listbox).toBeVisible();
    await expect(searchBox(page).options.first().locator('img')).toBeVisible();
    expect(await layoutShifts(page)).toBeLessThan(0.01);
    expect(await main.boundingBox()).toEqual(before);
    // The list lies over the page, under the search field.
    const field = await combobox.boundingBox();
    const list = await listbox.boundingBox();
    expect(list?.y).toBeGreaterThanOrEqual((field?.y ?? 0) + (field?.height ?? 0));
  });

  test('open, it has no WCAG 2.2 AA violation, wide and narrow', async ({ page }) => {
    await openPage(page, '/');
    const { combobox, listbox, options } = searchBox(page);
    await combobox.fill('kh');
    await expect(listbox).toBeVisible();
    await combobox.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    expect(await axeViolations(page), 'open combobox').toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, '/');
    await watchLayoutShifts(page);
    await combobox.pressSequentially('kh', { delay: 30 });
    await expect(listbox).toBeVisible();
    expect(await layoutShifts(page)).toBeLessThan(0.01);
    // On a phone the list spans the search field's width, inside the screen.
    const list = await listbox.boundingBox();
    expect(list?.x).toBeGreaterThanOrEqual(0);
    expect((list?.x ?? 0) + (list?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page), 'open combobox, narrow').toEqual([]);
  });
});

test.describe('the search box without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is a plain form that searches the product list', async ({ page }) => {
    await page.goto('/');
    const input = page.getByRole('banner').getByPlaceholder('Search products...');
    await expect(input).not.toHaveAttribute('role', 'combobox');
    await input.fill('kukri');
    await input.press('Enter');
    await expectOnPath(page, '/products?search=kukri');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "kukri"');
  });
});
