// The customer's own pages give times in the customer's time zone (issue 45), their browser's, not the shop's: an
// order's history and the time to pay it by, for a shopper in New York of the demo shop in Kathmandu.
import { expect, test } from '@playwright/test';
import {
  addItem,
  newCustomer,
  openPage,
  placeBankTransferOrder,
  signIn,
  stockedProducts,
  TENANT,
  watchProblems,
} from './support.ts';

test.use({ timezoneId: 'America/New_York' });

/** A moment as the storefront writes it (en-US, the shopper's zone, every kind of space a plain one). */
function inNewYork(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/New_York',
    timeZoneName: 'short',
  })
    .format(new Date(iso))
    .replace(/[\u00a0\u202f\u2009]/g, ' ');
}

test('an order’s history and its time to pay are in the shopper’s time zone', async ({ page, request }) => {
  const problems = watchProblems(page);
  const customer = await newCustomer(request);
  const [product] = await stockedProducts(request);
  if (!product) throw new Error('no stocked product');
  await addItem(request, customer, product);
  const { id } = await placeBankTransferOrder(request, customer);
  const answer = await request.get(`/api/orders/orders/${id}/`, {
    headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
  });
  const order: { payment_due_at: string; history: { at: string }[] } = await answer.json();
  const placed = order.history[0]?.at as string;

  await signIn(page, customer);
  await openPage(page, `/account/orders/${id}`);
  await expect(page.locator('.order-timeline time').first()).toHaveText(inNewYork(placed));
  await expect(page.locator('.order-timeline time').first()).toHaveText(/ E[DS]T$/);
  await expect(page.locator('.payment-due')).toContainText(`Please pay by ${inNewYork(order.payment_due_at)}.`);
  expect(problems).toEqual([]);
});
