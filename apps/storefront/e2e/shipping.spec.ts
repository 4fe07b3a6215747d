import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  addItem,
  confirmAgeIfAsked,
  customerWithItemUnder,
  escapeRegExp,
  expectOnPath,
  holdShippingQuote,
  newCustomer,
  openPage,
  signIn,
  stockedProducts,
  sum,
  TENANT,
  taxView,
  times,
} from './support.ts';

// The demo shop's zones (apps/api/src/seed/demo/shipping.ts): India 12.00 per order + 2.00 per item, free from
// 150.00; Europe 28.00 + 4.00 per item, free from 300.00, 7–14 business days. India charges no tax; Germany shows
// its VAT in prices and shipping (the demo shop enters them without it).
const INDIA_ONE_ITEM = '14.00';
const EUROPE_ONE_ITEM = '32.00';

/** The body of the newest mail to `to` in the server's outbox, quoted-printable and UTF-8 undone. */
async function mailTo(to: string): Promise<string> {
  const dataDir = process.env.STOREFRONT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('STOREFRONT_E2E_DATA_DIR is not set: run through playwright.config.ts');
  const dir = path.join(dataDir, 'outbox');
  let body = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')) : [];
      const raw = files
        .sort()
        .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
        .filter((mail) => mail.includes(`To: ${to}`))
        .at(-1);
      const bytes = (raw ?? '')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      body = Buffer.from(bytes, 'latin1').toString('utf8');
      return body.length > 0;
    })
    .toBe(true);
  return body;
}

const summary = (page: Page) => page.getByRole('complementary', { name: 'Order Summary' });
/** The amount of the summary's row `term` (its whole text: "Shipping", "VAT 19% (included)"). */
const summaryRow = (page: Page, term: string) =>
  summary(page)
    .locator('.totals > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${escapeRegExp(term)}$`) }) })
    .locator('dd');

async function openCheckout(page: Page) {
  await openPage(page, '/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

test('shipping is quoted for the chosen country, and the order, its confirmation and its e-mail include it', async ({
  page,
  request,
}) => {
  const { customer, product } = await customerWithItemUnder(request, 150);
  await signIn(page, customer);
  await openCheckout(page);

  // What is being bought, before any country: the cart's total, shipping still to come.
  await expect(summary(page).getByRole('listitem')).toHaveText([`${product.name}× 1${times(product.price, 1)}`]);
  await expect(summaryRow(page, 'Subtotal')).toHaveText(times(product.price, 1));
  await expect(summaryRow(page, 'Shipping')).toHaveText('Choose your country');

  // The country from the list, by searching it and clicking it.
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.fill('ind');
  await page.getByRole('option', { name: 'India', exact: true }).click();
  await expect(country).toHaveValue('India');
  await expect(summaryRow(page, 'Shipping')).toHaveText(`$${INDIA_ONE_ITEM}`);
  await expect(summaryRow(page, 'Total')).toHaveText(`$${sum(product.price, INDIA_ONE_ITEM)}`);

  // Another destination, by keyboard: the first match is picked with Enter. Its quote is held back a moment: until it
  // answers, no total is said (the cart's would leave Germany's shipping out of what is charged).
  const answerQuote = await holdShippingQuote(page, /\/api\/orders\/shipping-quote\/\?country=DE/);
  await country.fill('germ');
  await expect(page.getByRole('option', { name: 'Germany' })).toHaveAttribute('aria-selected', 'true');
  await country.press('Enter');
  await expect(country).toHaveValue('Germany');
  await expect(summaryRow(page, 'Shipping')).toHaveText('Calculating…');
  await expect(summaryRow(page, 'Total')).toHaveText('Calculating…');
  await expect(page.locator('.checkout__total strong')).toHaveText('Calculating…');
  // Nor may the order be placed meanwhile: it is placed with its total in view.
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  answerQuote();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  // Priced again for Germany: the line, the subtotal and the shipping with their VAT, which a row shows.
  const germany = await taxView(request, 'DE');
  const gross = germany.shown(product.price);
  const shipping = germany.shown(EUROPE_ONE_ITEM);
  const total = sum(gross, shipping);
  const { rows } = germany.taxes([product.price], EUROPE_ONE_ITEM);
  await expect(summary(page).getByRole('listitem')).toHaveText([`${product.name}× 1${times(gross, 1)}`]);
  await expect(summaryRow(page, 'Subtotal')).toHaveText(`$${gross}`);
  await expect(summaryRow(page, 'Shipping')).toHaveText(`$${shipping}`);
  for (const row of rows) await expect(summaryRow(page, row.label)).toHaveText(`$${row.amount}`);
  await expect(summaryRow(page, 'Total')).toHaveText(`$${total}`);
  await expect(summary(page)).toContainText('Delivery to Germany: 7–14 business days.');

  await page.getByLabel('Street Address', { exact: true }).fill('Friedrichstraße 43');
  await page.getByLabel('City', { exact: true }).fill('Berlin');
  await page.getByLabel('Postal Code', { exact: true }).fill('10117');
  await page.getByLabel('Full Name', { exact: true }).fill('Anna Schmidt');
  await page.getByLabel('Contact Number', { exact: true }).fill('+49 30 1234567');
  await page.getByRole('radio', { name: 'Bank Transfer' }).check();
  const created = page.waitForResponse(
    (response) => response.url().includes('/api/orders/orders/') && response.request().method() === 'POST',
  );
  await confirmAgeIfAsked(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const placed = await created;
  expect(placed.request().postDataJSON().delivery_address.country).toBe('DE');
  const order = await placed.json();
  expect(order).toMatchObject({ shipping, total, tax: '0.00', shipping_zone: 'Europe' });
  expect(order.taxes.map((tax: { amount: string }) => tax.amount)).toEqual(rows.map((row) => row.amount));
  expect(order.delivery_address.country).toBe('Germany');

  await expectOnPath(page, '/order-confirmation');
  const totals = page.locator('.order-lines .totals');
  await expect(totals).toContainText(`$${shipping}`);
  for (const row of rows) await expect(totals).toContainText(`${row.label}$${row.amount}`);
  await expect(totals.locator('.totals__grand dd')).toHaveText(`$${total}`);

  const mail = await mailTo(customer.email);
  expect(mail).toContain(`Shipping: $${shipping} (Europe, 7–14 business days)`);
  expect(mail).toContain(`Total: $${total} USD`);

  // The order page shows the same shipping line, with the zone and estimate it was sold with.
  await openPage(page, `/account/orders/${order.id}`);
  await expect(page.locator('.order-lines .totals')).toContainText(`$${shipping} (Europe, 7–14 business days)`);

  const history = await request.get(`/api/orders/orders/${order.id}/`, {
    headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
  });
  expect((await history.json()).total).toBe(total);
});

test('an incomplete checkout marks every missing or wrong field, focuses the first, and keeps the spec text', async ({
  page,
  request,
}) => {
  const [product] = await stockedProducts(request);
  if (!product) throw new Error('no stocked product');
  const customer = await newCustomer(request);
  await addItem(request, customer, product);
  await signIn(page, customer);
  let orderCalls = 0;
  page.on('request', (call) => {
    if (call.url().includes('/api/orders/orders/')) orderCalls += 1;
  });
  await openCheckout(page);

  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Street Address').fill('Lazimpat 12');
  await field('Full Name').fill('Sita Gurung');
  await field('Contact Number').fill('call me');
  // Nothing is marked before the customer tries to place the order.
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await confirmAgeIfAsked(page);
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page.locator('.checkout .error-box')).toHaveText(
    'Please fill in all required delivery address fields: city, postalCode, country.',
  );
  for (const label of ['City', 'Postal Code', 'Country']) {
    await expect(field(label), label).toHaveAttribute('aria-invalid', 'true');
    await expect(field(label), label).toHaveAccessibleDescription('This field is required.');
  }
  await expect(field('Contact Number')).toHaveAttribute('aria-invalid', 'true');
  await expect(field('Contact Number')).toHaveAccessibleDescription(
    'Enter a valid phone number (with its country code if it is not from this country).',
  );
  for (const label of ['Street Address', 'Full Name']) {
    await expect(field(label), label).not.toHaveAttribute('aria-invalid', 'true');
  }
  await expect(field('City')).toBeFocused();

  // Corrections clear their marks as they are made; a country off the list is marked on its own.
  await field('City').fill('Kathmandu');
  await expect(field('City')).not.toHaveAttribute('aria-invalid', 'true');
  await field('Postal Code').fill('44600');
  await field('Country').fill('Narnia');
  await field('Contact Number').fill('01 4410000');
  await confirmAgeIfAsked(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.locator('.checkout .error-box')).toHaveText('Please correct the marked delivery address fields.');
  await expect(field('Country')).toHaveAccessibleDescription('Choose a country from the list.');
  await expect(field('Country')).toBeFocused();
  expect(orderCalls).toBe(0);

  // A national number is a phone number of the delivery country once the country is known.
  await field('Country').fill('Nepal');
  await field('Country').blur();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(summaryRow(page, 'Shipping')).not.toHaveText('Choose your country');
});
