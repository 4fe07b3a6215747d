// The shopper's currency (decision 028), as shoppers meet it: a shopper delivering to Germany reads every price in
// euros (its currency, which the demo shop lists) from the product page to the confirmation, is told before paying what
// is charged in US dollars, and the order keeps the total as shown; a shopper on a phone picks pounds in the Currency
// select, whatever the destination. The server's render stays the shop's prices for every visitor. Amounts are worked
// out with the contracts' arithmetic from the rates the public settings list.
import type { DisplayCurrency } from '@platform/contracts';
import { convertMinor, formatMinorIn, parseRate } from '@platform/contracts/currency';
import { parseMinor } from '@platform/contracts/plain';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  confirmAgeIfAsked,
  customerWithItemUnder,
  escapeRegExp,
  expectOnPath,
  fillAddress,
  holdShippingQuote,
  hydrated,
  openPage,
  signIn,
  TENANT,
  taxView,
  times,
  watchProblems,
} from './support.ts';

/** A display currency the demo shop lists, as its public settings answer it. */
async function listedCurrency(request: APIRequestContext, code: string): Promise<DisplayCurrency> {
  const settings = await (await request.get('/api/pages/settings/public/', { headers: TENANT })).json();
  const currency = (settings.currencies as DisplayCurrency[]).find((listed) => listed.code === code);
  if (!currency) throw new Error(`the demo shop does not list ${code}`);
  return currency;
}

/** An amount of US dollars in `currency`, as the shop converts and rounds it: the decimal text ("93.12"). */
function converted(amount: string, currency: DisplayCurrency): string {
  const rule = { rateMicros: parseRate(currency.rate) ?? 0, decimals: currency.decimals, rounding: currency.rounding };
  return formatMinorIn(convertMinor(parseMinor(amount) ?? 0, rule), currency.decimals);
}

/** "≈ €93.12" for amounts below a thousand (no grouping), as the storefront writes a converted price. */
function approx(amount: string, currency: DisplayCurrency): string {
  const decimal = converted(amount, currency);
  return `≈ ${currency.symbol}${currency.rounding === 'whole' ? decimal.split('.')[0] : decimal}`;
}

const productPrice = (page: Page) => page.locator('.product-detail__price > span.price');
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order Summary' });

/** Places the order on the checkout's screen by bank transfer; the request's body and the order's answer. */
async function placeOrder(page: Page) {
  await page.getByRole('radio', { name: 'Bank Transfer' }).check();
  await confirmAgeIfAsked(page);
  const created = page.waitForResponse(
    (response) => response.url().includes('/api/orders/orders/') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Place Order' }).click();
  const placed = await created;
  expect(placed.status()).toBe(201);
  await expectOnPath(page, '/order-confirmation');
  return { body: placed.request().postDataJSON(), order: await placed.json() };
}

test('a shopper delivering to Germany reads prices in euros from the product page to the confirmation, and is told the charge in US dollars before paying', async ({
  page,
  request,
}) => {
  const problems = watchProblems(page);
  const euro = await listedCurrency(request, 'EUR');
  expect(euro).toMatchObject({ symbol: '€', decimals: 2 });
  const { customer, product } = await customerWithItemUnder(request, 150);
  const germany = await taxView(request, 'DE');
  const gross = germany.shown(product.price);
  await signIn(page, customer);

  // The server renders the shop's prices for every visitor: no currency, no conversion in the page's HTML.
  const html = await (await request.get(`/products/${product.slug}`)).text();
  expect(html).toContain(times(product.price, 1));
  expect(html).not.toContain('≈');

  await openPage(page, `/products/${product.slug}`);
  await expect(productPrice(page)).toHaveText(times(product.price, 1));
  await (await hydrated(page.getByLabel('Deliver to'))).selectOption('Germany');
  // Germany's currency, which the shop lists, becomes the shopper's: the price with its VAT, in euros.
  await expect(page.getByLabel('Currency')).toHaveValue('EUR');
  await expect(productPrice(page)).toHaveText(approx(gross, euro));

  // The choice is kept: the cart's lines and totals are the server's for Germany, in euros.
  await openPage(page, '/cart');
  await expect(page.getByLabel('Currency')).toHaveValue('EUR');
  await expect(page.locator('.cart-row__total')).toHaveText([approx(gross, euro)]);

  // At checkout, the figures charged in US dollars, and the charge said in words before the order is placed: once
  // Germany's quote has come (held back a moment here), never the cart's total without Germany's shipping.
  const answerQuote = await holdShippingQuote(page);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany');
  const total = summary(page).locator('.totals__grand dd');
  const charge = page.locator('.checkout__currency');
  await expect(total).toHaveText('Calculating…');
  await expect(charge).toHaveCount(0);
  answerQuote();
  await expect(total).toHaveText(/^\$\d+\.\d{2}$/);
  const dollars = ((await total.textContent()) ?? '').replace('$', '');
  await expect(charge).toHaveText(
    `Your payment is charged in US dollars: $${dollars}. The amount in EUR, ${approx(dollars, euro)}, is a guide at the shop's rate.`,
  );
  await fillAddress(page, {
    'Street Address': 'Friedrichstraße 43',
    City: 'Berlin',
    'Postal Code': '10117',
    'Full Name': 'Anna Schmidt',
    'Contact Number': '+49 30 1234567',
  });
  const { body, order } = await placeOrder(page);
  expect(body.currency).toBe('EUR');
  expect(order).toMatchObject({
    currency: 'USD',
    total: dollars,
    presentment_currency: 'EUR',
    presentment_rate: euro.rate,
    presentment_total: converted(dollars, euro),
  });

  // The confirmation and the order's page say both: the total charged in US dollars, and as shown in euros.
  const shown = `Shown to you in EUR: ${approx(dollars, euro)} (1 USD = ${euro.rate} EUR). Charged in US dollars: $${dollars}.`;
  await expect(page.locator('.order-lines .totals__grand dd')).toHaveText(`$${dollars}`);
  await expect(page.locator('.order-lines__currency')).toHaveText(shown);
  await openPage(page, `/account/orders/${order.id}`);
  await expect(page.locator('.order-lines__currency')).toHaveText(shown);
  expect(problems).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a shopper picks pounds in the Currency select: prices round up to .99, and the order keeps them', async ({
    page,
    request,
  }) => {
    const problems = watchProblems(page);
    const pound = await listedCurrency(request, 'GBP');
    expect(pound.rounding).toBe('ninety_nine');
    const { customer, product } = await customerWithItemUnder(request, 150);
    await signIn(page, customer);

    await openPage(page, `/products/${product.slug}`);
    await (await hydrated(page.getByLabel('Currency'))).selectOption('GBP');
    // Delivering to Nepal (no tax there): the entered price, in pounds, up to .99.
    await page.getByLabel('Deliver to').selectOption('Nepal');
    await expect(page.getByLabel('Currency')).toHaveValue('GBP');
    const price = approx(product.price, pound);
    expect(price).toMatch(/\.99$/);
    await expect(productPrice(page)).toHaveText(price);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(wide).toBe(false);

    await openPage(page, '/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Nepal');
    await fillAddress(page);
    const charge = page.locator('.checkout__currency');
    await expect(charge).toContainText('Your payment is charged in US dollars: $');
    await expect(charge).toContainText(new RegExp(`The amount in GBP, ${escapeRegExp('≈ £')}\\d+\\.99,`));
    const { body, order } = await placeOrder(page);
    expect(body.currency).toBe('GBP');
    expect(order).toMatchObject({ presentment_currency: 'GBP', presentment_total: converted(order.total, pound) });
    expect(order.presentment_total).toMatch(/\.99$/);
    await expect(page.locator('.order-lines__currency')).toContainText(
      `Shown to you in GBP: ${approx(order.total, pound)}`,
    );
    expect(problems).toEqual([]);
  });
});
