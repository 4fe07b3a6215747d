import { expect, test } from '@playwright/test';
import { failOnProblems, ownerToken, signInAsOwner } from './admin-support.ts';
import { openPage, TENANT, watchProblems } from './support.ts';

// Every journey fails on an error answer, a console error or a page error, in the administration and on the shop.
failOnProblems(test);

// The home page is the owner's: its words are written in the administration, previewed there, and shown by the shop
// at once (its cached pages emptied by the save). This journey changes the demo shop's home page, so it runs with the
// other journeys that change the shop, after those that read it, and puts the page back as it was.
test.describe.configure({ timeout: 120_000 });

test('the owner writes the home page’s title and introduction; the preview and then the shop show them', async ({
  page,
  request,
}) => {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const title = `Khukuris for every trail ${id}`;
  const intro = `Forged this season in small batches, ${id}.`;
  const asOwner = { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` };
  const before = await (await request.get('/api/admin/home-page/', { headers: asOwner })).json();

  try {
    // The shop serves its page first, so that the save must replace a cached one.
    const earlier = await request.get('/');
    expect(await earlier.text()).toContain(before.hero_title);

    await signInAsOwner(page);
    await page.getByRole('menuitem').filter({ hasText: 'Home page' }).click();
    await expect(page).toHaveURL(/\/admin\/home-page$/);
    const titleField = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(titleField).toHaveValue(before.hero_title);
    const introField = page.getByRole('textbox', { name: 'Introduction' });
    await expect(introField).toContainText('Forged in the foothills');

    await titleField.fill(title);
    await introField.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await introField.pressSequentially(intro);
    const preview = page.getByRole('region', { name: 'Preview of the hero' });
    await expect(preview).toContainText(title);
    await expect(preview).toContainText(intro);
    await expect(preview).not.toContainText('Every blade forged by hand');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Home page saved: the shop shows it now.')).toBeVisible();

    // The server's HTML carries the new words (no cached page of before), and the page shows them once hydrated.
    const served = await request.get('/');
    expect(served.status()).toBe(200);
    const html = await served.text();
    expect(html).toContain(title);
    expect(html).toContain(intro);
    // The intro's old words are gone (its first line is the footer's tagline too, which the site settings keep).
    expect(html).not.toContain('Every blade forged by hand');

    const shop = await page.context().newPage();
    const shopProblems = watchProblems(shop);
    await openPage(shop, '/');
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(shop.locator('.home-hero__intro')).toHaveText(intro);
    await expect(shop.getByText('Hand-forged in Dharan, Nepal')).toBeVisible();
    // An in-app navigation back to the home page reads it through the browser's loader.
    await shop.getByRole('link', { name: 'Shop the Collection' }).click();
    await expect(shop).toHaveURL(/\/products$/);
    await shop.goBack();
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(shopProblems).toEqual([]);
  } finally {
    const restored = await request.patch('/api/admin/home-page/', {
      headers: asOwner,
      data: { hero_title: before.hero_title, hero_intro: before.hero_intro },
    });
    expect(restored.status()).toBe(200);
  }
});
