// Tax by destination (decision 016), as shoppers meet it: a shopper delivering to Germany sees every price with its
// VAT, from the product page to the order; one delivering to New York sees the entered prices, and the sales tax
// added at checkout. Amounts are worked out with the contracts' arithmetic from the destination the API describes.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ownerToken } from './admin-support.ts';
import {
  confirmAgeIfAsked,
  customerWithItemUnder,
  escapeRegExp,
  expectOnPath,
  fillAddress,
  openPage,
  signIn,
  sum,
  TENANT,
  taxView,
  times,
  watchProblems,
} from './support.ts';

// The demo shop's Europe zone: 28.00 per order + 4.00 per item (apps/api/src/seed/demo/shipping.ts).
const EUROPE_ONE_ITEM = '32.00';

/** The amount of the totals' row `term` (its whole text: "Subtotal", "VAT 19% (included)"). */
function totalsRow(scope: Locator, term: string): Locator {
  return scope
    .locator('.totals > div')
    .filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${escapeRegExp(term)}$`) }) })
    .locator('dd');
}

const summary = (page: Page) => page.getByRole('complementary', { name: 'Order Summary' });
const productPrice = (page: Page) => page.locator('.product-detail__price > span.price');

/** "$1,234.50" as an amount, "1234.50". */
function amountOf(text: string): string {
  return text.replace(/[$,]/g, '').trim();
}

/** Places the order on the checkout's screen by bank transfer; the order's answer. */
async function placeOrder(page: Page) {
  await page.getByRole('radio', { name: 'Bank Transfer' }).check();
  const created = page.waitForResponse(
    (response) => response.url().includes('/api/orders/orders/') && response.request().method() === 'POST',
  );
  await confirmAgeIfAsked(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const placed = await created;
  expect(placed.status()).toBe(201);
  await expectOnPath(page, '/order-confirmation');
  return placed.json();
}

test('a shopper delivering to Germany sees prices with VAT on the product page, the cart, the checkout and the order', async ({
  page,
  request,
}) => {
  const problems = watchProblems(page);
  const { customer, product } = await customerWithItemUnder(request, 150);
  const germany = await taxView(request, 'DE');
  const gross = germany.shown(product.price);
  const shipping = germany.shown(EUROPE_ONE_ITEM);
  const { rows } = germany.taxes([product.price], EUROPE_ONE_ITEM);
  expect(rows.map((row) => row.label)).toEqual(['VAT 19% (included)']);
  const notice = 'Delivery to Germany: prices include VAT.';
  expect(germany.destination.notice).toBe(notice);
  await signIn(page, customer);

  // Before a destination is chosen, the price the shop entered, and no notice.
  await openPage(page, `/products/${product.slug}`);
  await expect(productPrice(page)).toHaveText(times(product.price, 1));
  await expect(page.locator('.destination__notice')).toHaveText('');
  await page.getByLabel('Deliver to').selectOption('Germany');
  // Prices in US dollars, as the shop charges: Germany's currency (euros, which the shop lists) would be the default.
  await page.getByLabel('Currency').selectOption('USD');
  await expect(productPrice(page)).toHaveText(times(gross, 1));
  await expect(page.locator('.destination__notice')).toHaveText(notice);

  // The choice is kept: the search's cards and the cart show the same prices.
  await openPage(page, `/products?search=${encodeURIComponent(product.name)}`);
  const card = page.locator('.product-card').filter({ hasText: product.name }).first();
  await expect(card.locator('.product-card__price > span.price')).toHaveText(times(gross, 1));
  await openPage(page, '/cart');
  await expect(page.getByLabel('Deliver to')).toHaveValue('DE');
  await expect(summary(page)).toContainText(notice);
  await expect(page.locator('.cart-row__total')).toHaveText([times(gross, 1)]);
  await expect(totalsRow(summary(page), 'Subtotal')).toHaveText(times(gross, 1));

  // The checkout starts in Germany: shipping with its VAT, and the VAT of the whole order in its own row.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany');
  const total = sum(gross, shipping);
  await expect(totalsRow(summary(page), 'Shipping')).toHaveText(`$${shipping}`);
  for (const row of rows) await expect(totalsRow(summary(page), row.label)).toHaveText(`$${row.amount}`);
  await expect(totalsRow(summary(page), 'Total')).toHaveText(`$${total}`);
  await fillAddress(page, {
    'Street Address': 'Friedrichstraße 43',
    City: 'Berlin',
    'Postal Code': '10117',
    'Full Name': 'Anna Schmidt',
    'Contact Number': '+49 30 1234567',
  });
  const order = await placeOrder(page);
  expect(order).toMatchObject({ subtotal: gross, shipping, tax: '0.00', total });
  expect(order.taxes).toEqual([{ name: 'VAT', rate: '19.00', amount: rows[0]?.amount, included: true }]);

  // The confirmation and the order's page show the VAT the order holds.
  const totals = page.locator('.order-lines');
  for (const row of rows) await expect(totalsRow(totals, row.label)).toHaveText(`$${row.amount}`);
  await expect(totalsRow(totals, 'Total')).toHaveText(`$${total}`);
  await openPage(page, `/account/orders/${order.id}`);
  for (const row of rows) await expect(totalsRow(totals, row.label)).toHaveText(`$${row.amount}`);
  expect(problems).toEqual([]);
});

test('a shopper delivering to New York sees the entered prices, and the sales tax added at checkout and on the order', async ({
  page,
  request,
}) => {
  const problems = watchProblems(page);
  // Other journeys deliver to Texas: this rate is New York's alone, and goes at the end.
  const staff = { headers: { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` } };
  const created = await request.post('/api/admin/tax-rates/', {
    ...staff,
    data: { name: 'Sales tax', rate: '8.88', country: 'US', region: 'New York', display: 'added' },
  });
  expect(created.status()).toBe(201);
  const rate = await created.json();
  try {
    const { customer, product } = await customerWithItemUnder(request, 150);
    const newYork = await taxView(request, 'US', 'New York');
    const notice = 'Delivery to United States: prices exclude Sales tax, added at checkout.';
    expect(newYork.destination.notice).toBe(notice);
    await signIn(page, customer);

    await openPage(page, `/products/${product.slug}`);
    await page.getByLabel('Deliver to').selectOption('United States');
    await page.getByLabel('State', { exact: true }).selectOption('New York');
    await expect(page.locator('.destination__notice')).toHaveText(notice);
    await expect(productPrice(page)).toHaveText(times(product.price, 1));

    await openPage(page, '/cart');
    await expect(summary(page)).toContainText(notice);
    await expect(totalsRow(summary(page), 'Subtotal')).toHaveText(times(product.price, 1));

    // At checkout (in New York already), the sales tax on the goods and the shipping is added to the total.
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('New York');
    const shippingRow = totalsRow(summary(page), 'Shipping');
    await expect(shippingRow).toHaveText(/^\$/);
    const shipping = amountOf(await shippingRow.innerText());
    const { rows, added } = newYork.taxes([product.price], shipping);
    expect(rows.map((row) => row.label)).toEqual(['Sales tax 8.88%']);
    const total = sum(product.price, shipping, added);
    for (const row of rows) await expect(totalsRow(summary(page), row.label)).toHaveText(`$${row.amount}`);
    await expect(totalsRow(summary(page), 'Total')).toHaveText(`$${total}`);
    await fillAddress(page, {
      'Street Address': '350 Fifth Avenue',
      City: 'New York',
      'Postal Code': '10118',
      'Full Name': 'Grace Hopper',
      'Contact Number': '+1 212 555 0100',
    });
    const order = await placeOrder(page);
    expect(order).toMatchObject({ subtotal: product.price, shipping, tax: added, total });
    expect(order.taxes).toEqual([{ name: 'Sales tax', rate: '8.88', amount: added, included: false }]);

    const totals = page.locator('.order-lines');
    await expect(totalsRow(totals, 'Sales tax 8.88%')).toHaveText(`$${added}`);
    await openPage(page, `/account/orders/${order.id}`);
    await expect(totalsRow(totals, 'Sales tax 8.88%')).toHaveText(`$${added}`);
    await expect(totalsRow(totals, 'Total')).toHaveText(`$${total}`);
    expect(problems).toEqual([]);
  } finally {
    const deleted = await request.delete(`/api/admin/tax-rates/${rate.id}/`, staff);
    expect(deleted.status()).toBe(204);
  }
});
