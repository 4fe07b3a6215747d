// Search help: a search that finds nothing offers the closest search that finds something.
import { expect, test } from '@playwright/test';

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
