import { expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { ownerToken } from './admin-support.ts';
import {
  confirmAgeIfAsked,
  customerWithItemUnder,
  expectOnPath,
  openPage,
  signIn,
  TENANT,
  watchProblems,
} from './support.ts';

const summary = (page: Page) => page.getByRole('complementary', { name: 'Order Summary' });
const summaryRow = (page: Page, term: string) =>
  summary(page)
    .locator('.totals > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');

/** A price in cents as the shop writes it: `$` and two decimals. */
const dollars = (cents: number) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const cents = (money: string) => {
  const [units = '0', fraction = '0'] = money.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
};

test('a code applied in the cart shows the total after it, the same in checkout, confirmation, order page and invoice', async ({
  page,
  request,
}) => {
  const problems = watchProblems(page);
  const code = `TENOFF${Date.now()}`;
  const created = await request.post('/api/admin/discounts/', {
    headers: { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` },
    data: { code, name: 'Ten percent', kind: 'percentage', value: '10.00', once_per_customer: true },
  });
  expect(created.status()).toBe(201);
  const { customer, product } = await customerWithItemUnder(request, 150);
  const saved = Math.floor((cents(product.price) * 1000 + 5000) / 10000);
  await signIn(page, customer);
  await openPage(page, '/cart');

  // A code the shop does not have: the server's reason, and nothing applied.
  const field = page.getByLabel('Discount code');
  await field.fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('This code is not valid.');

  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Code ${code}`)).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(`You save ${dollars(saved)}`);
  await expect(page.getByRole('list', { name: 'Discounts' })).toContainText('Ten percent: 10% off the order');
  // The cart's total is what is left after the code (shipping comes at checkout).
  const afterCode = dollars(cents(product.price) - saved);
  await expect(summaryRow(page, 'Subtotal')).toHaveText(dollars(cents(product.price)));
  await expect(summaryRow(page, 'Discount')).toHaveText(`-${dollars(saved)}`);
  await expect(summaryRow(page, 'Total')).toHaveText(afterCode);

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(summaryRow(page, 'Discount')).toHaveText(`-${dollars(saved)}`);
  // Before a country is chosen, the checkout says the cart's total, after the code.
  await expect(summaryRow(page, 'Total')).toHaveText(afterCode);
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.fill('nepa');
  await page.getByRole('option', { name: 'Nepal', exact: true }).click();
  await expect(summaryRow(page, 'Shipping')).not.toHaveText('Calculating…');
  for (const [label, value] of Object.entries({
    'Street Address': 'Lazimpat 12',
    City: 'Kathmandu',
    'Postal Code': '44600',
    'Full Name': 'Sita Gurung',
    'Contact Number': '+977 1 4410000',
  })) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('radio', { name: 'Bank Transfer' }).check();
  const placing = page.waitForResponse(
    (response) => response.url().includes('/api/orders/orders/') && response.request().method() === 'POST',
  );
  await confirmAgeIfAsked(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const order = await (await placing).json();
  expect(order.discount).toBe(dollars(saved).slice(1));
  expect(cents(order.total)).toBe(cents(order.subtotal) - saved + cents(order.shipping) + cents(order.tax));
  expect(order.discounts).toMatchObject([{ code, description: '10% off the order' }]);

  await expectOnPath(page, '/order-confirmation');
  const totals = page.locator('.order-lines .totals');
  await expect(totals.locator('.totals__discount dd')).toHaveText(`-${dollars(saved)}`);
  await expect(totals.locator('.totals__grand dd')).toHaveText(dollars(cents(order.total)));

  // Once paid, the order's invoice lists the code and what it took off.
  const paid = await request.post(`/api/admin/orders/${order.id}/transition/`, {
    headers: { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` },
    data: { to: 'paid' },
  });
  expect(paid.status()).toBe(200);
  await openPage(page, `/account/orders/${order.id}`);
  await expect(page.locator('.totals__grand dd').first()).toHaveText(dollars(cents(order.total)));
  const download = page.waitForEvent('download');
  await page
    .getByRole('region', { name: 'Documents' })
    .getByRole('button', { name: /^Invoice (TEST-)?INV-\d{6} \(PDF\)$/ })
    .click();
  const bytes = Buffer.concat(await (await (await download).createReadStream()).toArray());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  const invoice = text.replace(/\s+/g, ' ');
  expect(invoice).toContain(`Discount ${code}: 10% off the order`);
  expect(invoice).toContain(`-${dollars(saved)} USD`);
  expect(invoice).toContain(`Total paid ${dollars(cents(order.total))} USD`);

  // The one refused code answered 400 (and the browser logged that answer); nothing else failed.
  const expected = problems.filter(
    (problem) =>
      /^400 .*\/api\/orders\/cart\/discount\/$/.test(problem) ||
      problem === 'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
  );
  expect(expected.filter((problem) => problem.startsWith('400 '))).toHaveLength(1);
  expect(problems.filter((problem) => !expected.includes(problem))).toEqual([]);
});
