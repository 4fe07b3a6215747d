import { expect, type Page, test } from '@playwright/test';
import { failOnProblems, ownerToken, signInAsOwner } from './admin-support.ts';
import { newCustomer, openPage, solidPng, TENANT } from './support.ts';

// Every journey fails on an error answer, a console error or a page error it does not expect.
failOnProblems(test);

// The administration adding to what the shop shows: a blog post, an approved comment (a product with its pictures:
// admin-products.spec.ts).
// These journeys run after every other browser journey (their own Playwright project), because the shop's lists that
// those count grow here.
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The rich-text editor of a field (a contenteditable area under its label). */
function richText(page: Page, label: string) {
  return page
    .locator('.ra-input')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('[contenteditable="true"]');
}

async function openMenu(page: Page, name: string) {
  await page.getByRole('menuitem').filter({ hasText: name }).click();
}

test.describe('the administration fills the shop', () => {
  test('publishes a blog post written in the rich-text editor, with an uploaded featured image', async ({ page }) => {
    const id = unique();
    const title = `News from the forge ${id}`;
    const slug = `news-from-the-forge-${id}`;
    await signInAsOwner(page);
    await openMenu(page, 'Blog posts');
    await page.getByRole('link', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/create$/);
    await expect(richText(page, 'Content')).toBeVisible();

    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Slug' }).fill(slug);
    await page.getByLabel('Excerpt').fill('What the smiths made this week.');
    const content = richText(page, 'Content');
    await content.click();
    await content.pressSequentially('This week the forge made ');
    await page.keyboard.press('Control+b');
    await content.pressSequentially('forty blades');
    await page.keyboard.press('Control+b');
    await content.pressSequentially('.');
    await page.getByLabel('Featured image file').setInputFiles({
      name: 'forge.png',
      mimeType: 'image/png',
      buffer: solidPng([200, 120, 30], 120, 80),
    });
    await expect(page.getByRole('img', { name: 'Current featured image' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: /^Published/ }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Element created')).toBeVisible();

    const shop = await page.context().newPage();
    await openPage(shop, '/blog');
    const card = shop.locator('article, li').filter({ hasText: title }).first();
    await expect(card).toBeVisible();
    await expect(card.getByRole('img').first()).toHaveAttribute('src', /\/media\/t\d+\/blog\/[0-9a-f]+\.webp$/);

    await openPage(shop, `/blog/${slug}`);
    await expect(shop.getByRole('heading', { name: title })).toBeVisible();
    await expect(shop.locator('strong, b').filter({ hasText: 'forty blades' })).toBeVisible();
    await expect(shop.getByText('This week the forge made')).toBeVisible();
  });

  test('approves a comment held for moderation; the post shows it then', async ({ page, request }) => {
    const token = await ownerToken(request);
    const asOwner = { ...TENANT, Authorization: `Bearer ${token}` };
    const setModeration = async (on: boolean) => {
      const answer = await request.patch('/api/admin/blog-settings/', {
        headers: asOwner,
        data: { moderate_comments: on },
      });
      expect(answer.status()).toBe(200);
    };
    const posts = await (await request.get('/api/blog/posts/', { headers: TENANT })).json();
    const post = (posts.results ?? posts)[0] as { id: number; slug: string };
    const text = `Held for a moment ${unique()}`;

    await signInAsOwner(page);
    await openMenu(page, 'Blog settings');
    const moderation = page.getByLabel('Hold new comments for approval');
    try {
      await moderation.check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Element updated')).toBeVisible();

      const customer = await newCustomer(request);
      const posted = await request.post('/api/blog/comments/', {
        headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
        data: { post: post.id, content: text },
      });
      expect(posted.status()).toBe(201);

      const shop = await page.context().newPage();
      await openPage(shop, `/blog/${post.slug}`);
      await expect(shop.getByText(text)).toHaveCount(0);

      await openMenu(page, 'Comments');
      await page.getByRole('combobox', { name: 'Approval' }).click();
      await page.getByRole('option', { name: 'Awaiting approval' }).click();
      const row = page.getByRole('row').filter({ hasText: text });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Comment approved')).toBeVisible();
      // The list of comments awaiting approval may let it go as it reloads: the approved ones list it, to reject.
      await page.getByRole('combobox', { name: 'Approval' }).click();
      await page.getByRole('option', { name: 'Approved', exact: true }).click();
      await expect(row.getByRole('button', { name: 'Reject' })).toBeVisible();

      await openPage(shop, `/blog/${post.slug}`);
      await expect(shop.getByText(text)).toBeVisible();
    } finally {
      await setModeration(false);
    }
  });
});
