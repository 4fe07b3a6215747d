// The shop on a phone (390 px wide): the product list's first screen shows products, the checkout's total sits
// above its button, and the product gallery follows a finger's swipe.
import { expect, test } from '@playwright/test';
import { customerWithCart, fillAddress, openPage, watchProblems } from './support.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

// Each of these screens changed for the phone: none may answer an error or log one.
let problems: string[] = [];
test.beforeEach(({ page }) => {
  problems = watchProblems(page);
});
test.afterEach(() => {
  expect(problems).toEqual([]);
});

test('the product list’s filters wait behind a Filters button that says how many are on', async ({ page }) => {
  await openPage(page, '/products');
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  const form = page.getByRole('form', { name: 'Sort and filter products' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(form).toBeHidden();
  // The first screen shows products.
  const firstCard = page.locator('.product-card').first();
  const cardTop = (await firstCard.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(cardTop).toBeLessThan(844);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(form).toBeVisible();
  await page.getByLabel('In stock only').check();
  await expect(page).toHaveURL(/in_stock=true/);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

  await openPage(page, '/products?category=service&min_price=20&in_stock=true&ordering=-price');
  await expect(page.getByRole('button', { name: 'Filters (3)' })).toHaveAttribute('aria-expanded', 'false');
  await expect(form).toBeHidden();

  // An option value is chosen behind the same button, and counts as a filter.
  await openPage(page, '/products');
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const twelveInch = page.getByRole('group', { name: 'Blade length' }).getByRole('link', { name: /^12 inch / });
  await twelveInch.click();
  await expect(page).toHaveURL(/[?&]option=12(\+|%20)inch/);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(page.locator('.product-card')).toHaveCount(3);
  // A second value, of another type, adds up: each value is a filter, and a chip outside the button.
  await page
    .getByRole('group', { name: 'Finish' })
    .getByRole('link', { name: /^Mirror-polished / })
    .click();
  await expect(page).toHaveURL(/option=12(\+|%20)inch&option=Mirror-polished/);
  await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Chosen options' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.locator('.product-card')).toHaveCount(2);
});

test('the checkout shows the order’s total right above Place Order', async ({ page, request }) => {
  await customerWithCart(page, request, 1);
  await openPage(page, '/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillAddress(page);
  const summaryTotal = page.getByRole('complementary', { name: 'Order Summary' }).locator('.totals__grand dd');
  // The total once the destination is quoted (until then it says "Calculating…").
  await expect(summaryTotal).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  const total = page.locator('.checkout__total');
  await expect(total).toBeVisible();
  await expect(total.locator('strong')).toHaveText((await summaryTotal.textContent()) ?? '');
  const button = page.getByRole('button', { name: 'Place Order' });
  await expect(button).toBeVisible();
  // The gap from the total's bottom to the button's top, both read at one moment (the page may still be scrolling to
  // the field filled last, and two reads apart would each see another scroll position).
  const gap = () =>
    total.evaluate((totalElement) => {
      const submit = totalElement.parentElement?.querySelector('button[type="submit"]');
      if (!submit) throw new Error('no submit button');
      return submit.getBoundingClientRect().top - totalElement.getBoundingClientRect().bottom;
    });
  await expect.poll(gap).toBeGreaterThanOrEqual(0);
  await expect.poll(gap).toBeLessThan(40);
});

test('the gallery goes to the next and previous picture with a swipe, and still zooms under a finger', async ({
  page,
}) => {
  await openPage(page, '/products/bhojpure-khukuri');
  const stage = page.getByTestId('zoom-stage');
  const image = stage.locator('img');
  const box = await stage.boundingBox();
  if (!box) throw new Error('no stage');
  const at = (x: number, y = 0.5) => ({
    pointerType: 'touch',
    isPrimary: true,
    clientX: box.x + box.width * x,
    clientY: box.y + box.height * y,
  });
  const shown = (position: number) => page.getByRole('button', { name: `Show image ${position}` });
  await expect(shown(1)).toHaveAttribute('aria-pressed', 'true');

  await stage.dispatchEvent('pointerdown', at(0.8));
  await stage.dispatchEvent('pointermove', at(0.5));
  await stage.dispatchEvent('pointerup', at(0.2));
  await expect(shown(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(image).not.toHaveAttribute('style', /scale/);
  await stage.dispatchEvent('pointerdown', at(0.2));
  await stage.dispatchEvent('pointerup', at(0.8));
  await expect(shown(1)).toHaveAttribute('aria-pressed', 'true');
  // No picture before the first.
  await stage.dispatchEvent('pointerdown', at(0.2));
  await stage.dispatchEvent('pointerup', at(0.8));
  await expect(shown(1)).toHaveAttribute('aria-pressed', 'true');

  // A finger that stays, or moves mostly up or down, zooms and changes nothing.
  await stage.dispatchEvent('pointerdown', at(0.75, 0.2));
  await expect(image).toHaveAttribute('style', /scale\(2\)/);
  await expect(image).toHaveAttribute('style', /transform-origin: 75(\.\d+)?% /);
  await stage.dispatchEvent('pointermove', at(0.7, 0.8));
  await stage.dispatchEvent('pointerup', at(0.7, 0.8));
  await expect(image).not.toHaveAttribute('style', /scale/);
  await expect(shown(1)).toHaveAttribute('aria-pressed', 'true');
});
