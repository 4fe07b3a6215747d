// The owner's journeys through the first half of the administration's menu (sales and catalog), on a desktop and
// on a phone (admin-journeys.ts); that the journeys cover the whole menu; a member of staff's own name.
import { expect } from '@playwright/test';
import { JOURNEYS, journeysThrough, menuEntries, SALES_AND_CATALOG, violations } from './admin-journeys.ts';
import { ownerToken, signInAsOwnerThroughApi, sharedBrowserTest as test } from './admin-support.ts';
import { TENANT, watchProblems } from './support.ts';

test.describe.configure({ timeout: 120_000 });

test('the journeys cover every entry of the menu', async ({ page, request }) => {
  await signInAsOwnerThroughApi(page, request);
  await page.goto('/admin');
  expect((await menuEntries(page)).sort()).toEqual(Object.keys(JOURNEYS).sort());
});

journeysThrough(SALES_AND_CATALOG);

test.describe('a member of staff’s own name', () => {
  test('is set in My profile, and the user menu shows it', async ({ page, request }) => {
    const token = await ownerToken(request);
    const me = await request.get('/api/accounts/me/', { headers: { ...TENANT, Authorization: `Bearer ${token}` } });
    const before = (await me.json()).display_name as string;
    await signInAsOwnerThroughApi(page, request);
    const problems = watchProblems(page);
    try {
      await page.goto('/admin');
      await page.getByRole('button', { name: 'Profile' }).click();
      await page.getByRole('menuitem', { name: 'My profile' }).click();
      await expect(page).toHaveURL(/\/admin\/profile$/);
      const name = page.getByLabel('Display name');
      await expect(name).toHaveValue(before);
      expect(await violations(page)).toEqual([]);
      await name.fill('kiran@example.com');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('A display name may not contain "@".')).toBeVisible();
      await name.fill('Kiran Thapa');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Your name is saved.')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('banner')).toContainText('Kiran Thapa');

      expect(problems).toEqual([]);
    } finally {
      await request.patch('/api/accounts/me/', {
        headers: { ...TENANT, Authorization: `Bearer ${token}` },
        data: { display_name: before },
      });
    }
  });

  test('the app bar and the tab name the shop, with its logo', async ({ page, request }) => {
    const settings = await (await request.get('/api/pages/settings/public/', { headers: TENANT })).json();
    await signInAsOwnerThroughApi(page, request);
    const problems = watchProblems(page);
    await page.goto('/admin');
    const brand = page.getByRole('banner').getByTestId('shop-brand');
    await expect(brand).toContainText(settings.site_title);
    if (settings.logo) await expect(brand.locator('img')).toHaveAttribute('src', settings.logo);
    await expect(page).toHaveTitle(`${settings.site_title} administration`);
    expect(problems).toEqual([]);
  });
});
