import { expect, type Page, test } from '@playwright/test';
import { confirmAgeIfAsked, customerWithCart, expectOnPath, fillAddress, openPage, watchProblems } from './support.ts';

// A bank transfer's terms as the shopper reads them: the day and time the order must be paid by (7 days after it is
// placed, in the shopper's own zone: this one is in Kathmandu, as the demo shop is), on the confirmation, after a
// reload of it, and on the order.

test.use({ timezoneId: 'Asia/Kathmandu' });

/** The day a week from now as the demo shop writes days (en-US, Asia/Kathmandu). */
function aWeekFromNow(): string[] {
  // Either side of the minute the order was placed in, should the test run across midnight in Kathmandu.
  return [-60_000, 60_000].map((offset) =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Kathmandu' })
      .format(new Date(Date.now() + 7 * 24 * 3_600_000 + offset))
      .replace(/\s/g, ' '),
  );
}

async function expectPayBy(page: Page) {
  const due = page.locator('.payment-due');
  await expect(due).toBeVisible();
  const text = (await due.textContent()) ?? '';
  expect(text).toMatch(/^Please pay by .+ GMT\+5:45\. An order still unpaid then is cancelled/);
  expect(aWeekFromNow().some((day) => text.includes(`Please pay by ${day} at `))).toBe(true);
}

test('a bank transfer order says until when to pay it, on the confirmation (after a reload too) and on the order', async ({
  page,
  request,
}) => {
  const problems = watchProblems(page);
  await customerWithCart(page, request, 1);
  await openPage(page, '/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillAddress(page);
  await page.getByRole('radio', { name: 'Bank Transfer' }).check();
  await confirmAgeIfAsked(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
  await expectOnPath(page, '/order-confirmation');
  await expect(page.getByRole('heading', { name: 'Bank Transfer Details' })).toBeVisible();
  await expectPayBy(page);
  const number = await page.locator('.order-confirmation__lead strong').first().textContent();

  // A reload, and the same address opened afresh (no navigation state at all): the order is read again by its id.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
  await expectPayBy(page);
  await openPage(page, '/');
  await openPage(page, '/order-confirmation');
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
  await expect(page.locator('.order-confirmation__lead strong').first()).toHaveText(number ?? '');
  await expect(page.getByRole('heading', { name: 'Bank Transfer Details' })).toBeVisible();
  await expectPayBy(page);

  // The order's page says it too.
  const id = await page.evaluate(() =>
    Object.entries(sessionStorage)
      .find(([key]) => key.startsWith('confirmedOrder:'))
      ?.at(1),
  );
  expect(id).toMatch(/^\d+$/);
  await openPage(page, `/account/orders/${id}`);
  await expect(page.getByRole('heading', { name: `Order #${number}` })).toBeVisible();
  await expectPayBy(page);
  expect(problems).toEqual([]);
});
