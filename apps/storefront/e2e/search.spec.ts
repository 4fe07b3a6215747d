// Search help: a search that finds nothing offers the closest search that finds something.
import { expect, test } from '@playwright/test';
import { openPage, watchProblems } from './support.ts';

test.describe('a search that finds nothing', () => {
  test('shows the spec’s empty message and "Did you mean …?", which leads to the results', async ({ page }) => {
    await page.goto('/products?search=wlantu');
    await expect(page.getByText('No products found matching "wlantu".')).toBeVisible();
    const suggestion = page.locator('.search-suggestion');
    await expect(suggestion).toHaveText('Did you mean walnut?');
    await suggestion.getByRole('link', { name: 'walnut' }).click();
    await expect(page).toHaveURL(/\/products\?search=walnut$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "walnut"');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.locator('.search-suggestion')).toHaveCount(0);
  });

  test('offers nothing when no close search finds anything', async ({ page }) => {
    await page.goto('/products?search=laptop');
    await expect(page.getByText('No products found matching "laptop".')).toBeVisible();
    await expect(page.locator('.search-suggestion')).toHaveCount(0);
  });
});

test.describe('a search whose words ask a price or an order', () => {
  test('applies them, shows each as a chip, and lets the shopper remove it', async ({ page }) => {
    const problems = watchProblems(page);
    await openPage(page, `/products?search=${encodeURIComponent('heaviest khukuri under $90')}`);
    const chips = page.getByRole('list', { name: 'Understood from your search' });
    await expect(chips.locator('.search-intent__label')).toHaveText(['Price: up to $90.00', 'Heaviest first']);
    await expect(page.getByRole('article').first()).toContainText('Indian Army Khukuri');
    // Removing the price keeps the search's words; the order asked goes with its words.
    await chips.getByRole('link', { name: 'Remove Price: up to $90.00' }).click();
    await expect(page).toHaveURL(/\/products\?search=khukuri$/);
    await expect(page.getByRole('list', { name: 'Understood from your search' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "khukuri"');
    expect(problems).toEqual([]);
  });

  test('keeps a removed order’s price as the list’s own price filter', async ({ page }) => {
    const problems = watchProblems(page);
    await openPage(page, `/products?search=${encodeURIComponent('cheapest khukuri over 100')}`);
    const chips = page.getByRole('list', { name: 'Understood from your search' });
    await expect(chips.locator('.search-intent__label')).toHaveText(['Price: from $100.00', 'Cheapest first']);
    await chips.getByRole('link', { name: 'Remove Cheapest first' }).click();
    await expect(page).toHaveURL(/\/products\?search=khukuri&min_price=100\.00$/);
    await expect(page.getByRole('list', { name: 'Understood from your search' })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('a price band chosen after the words replaces their price, and the fields say what applies', async ({
    page,
  }) => {
    const problems = watchProblems(page);
    await openPage(page, `/products?search=${encodeURIComponent('khukuri under 100')}`);
    const chips = page.getByRole('list', { name: 'Understood from your search' });
    await expect(chips.locator('.search-intent__label')).toHaveText(['Price: up to $100.00']);
    // The fields show the bound that applies, the words'.
    await expect(page.getByLabel('Min price ($)')).toHaveValue('');
    await expect(page.getByLabel('Max price ($)')).toHaveValue('100.00');
    const band = page.getByRole('group', { name: 'Price range' }).getByRole('link', { name: /^\$100\.00–\$199\.99 / });
    const count = Number(/\((\d+)\)/.exec((await band.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);

    await band.click();
    await expect(page).toHaveURL(/min_price=100\.00&max_price=199\.99/);
    await expect(page.getByRole('status').filter({ hasText: /product/ })).toHaveText(`${count} products`);
    await expect(page.getByRole('article')).toHaveCount(count);
    // The band applies, not the words' bound: no chip says "up to $100", the fields say the band.
    await expect(page.getByRole('list', { name: 'Understood from your search' })).toHaveCount(0);
    await expect(page.getByLabel('Min price ($)')).toHaveValue('100.00');
    await expect(page.getByLabel('Max price ($)')).toHaveValue('199.99');
    await expect(band).toHaveAttribute('aria-current', 'true');
    expect(problems).toEqual([]);
  });

  test('finds nothing for a meaning word no product holds, with the spec’s empty message', async ({ page }) => {
    await page.goto(`/products?search=${encodeURIComponent('left handed')}`);
    await expect(page.getByText('No products found matching "left handed".')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });
});
