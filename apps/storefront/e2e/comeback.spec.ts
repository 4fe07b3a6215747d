import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ownerToken } from './admin-support.ts';
import {
  confirmAgeIfAsked,
  expectOnPath,
  fillAddress,
  hydrated,
  newCustomer,
  openPage,
  signIn,
  TENANT,
  watchProblems,
} from './support.ts';

// Bringing buyers back (issue 49): a shopper asks to hear when a sold-out variant is back (signed in, or a guest who
// confirms by the e-mailed link), staff restock it, and exactly one e-mail comes; a variant made to order with 21 days
// is bought at stock 0, the page, the cart and the order saying when it ships. Each test makes its own knife (this
// file runs with the journeys that change the demo shop), at desktop width and on a phone.

let made = 0;

/** A new knife of the demo shop in two lengths, both at stock 0, the 12 inch made to order with 21 days. */
async function soldOutKnife(request: APIRequestContext) {
  const token = await ownerToken(request);
  const headers = { ...TENANT, Authorization: `Bearer ${token}` };
  const categories = await (await request.get('/api/admin/categories/', { headers })).json();
  const name = `Comeback Angkhola ${Date.now().toString(36)}${process.pid}${++made}`;
  const created = await request.post('/api/admin/products/', {
    headers,
    data: { name, category: categories.results[0].id, price: '95.00', stock: 0 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = await created.json();
  const options = await request.put(`/api/admin/products/${product.id}/options/`, {
    headers,
    data: { options: [{ name: 'Blade length', values: ['12 inch', '15 inch'] }], personalisation: [] },
  });
  expect(options.status(), await options.text()).toBeLessThan(300);
  const read = await (await request.get(`/api/admin/products/${product.id}/`, { headers })).json();
  const variant = (length: string) =>
    read.variants.find((one: { options: Record<string, string> }) => one.options['Blade length'] === length);
  const [short, long] = [variant('12 inch'), variant('15 inch')];
  const grid = await request.patch(`/api/admin/products/${product.id}/variants/`, {
    headers,
    data: { variants: [{ id: short.id, made_to_order: true, lead_time_days: 21 }] },
  });
  expect(grid.status(), await grid.text()).toBeLessThan(300);
  const restock = async (units: number) => {
    const moved = await request.post(`/api/admin/products/${product.id}/stock/`, {
      headers,
      data: { change: units, reason: 'Delivery from the forge', variant_id: long.id },
    });
    expect(moved.status(), await moved.text()).toBeLessThan(300);
  };
  return { name, slug: product.slug as string, short: short.id as number, long: long.id as number, restock };
}

/** The mails of the server's outbox to `to` (quoted-printable undone), oldest first. */
function mailsTo(to: string): string[] {
  const dataDir = process.env.STOREFRONT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('STOREFRONT_E2E_DATA_DIR is not set: run through playwright.config.ts');
  const dir = path.join(dataDir, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith('.eml')) : [];
  return files
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
    .filter((raw) => raw.includes(`To: ${to}`))
    .map((raw) =>
      raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    );
}

const backInStock = (to: string) => mailsTo(to).filter((mail) => /^Subject: Back in stock/m.test(mail));

async function askForAlert(page: Page) {
  await expect(page.locator('.product-detail__stock')).toHaveText(/^Out of stock/);
  await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  await (await hydrated(page.getByRole('button', { name: "Email me when it's back" }))).click();
}

/** One e-mail reaches `to` once the variant is restocked, and a second delivery sends no other. */
async function expectOneMailAfterRestock(knife: Awaited<ReturnType<typeof soldOutKnife>>, to: string) {
  expect(backInStock(to)).toEqual([]);
  await knife.restock(2);
  await expect.poll(() => backInStock(to).length, { timeout: 20_000 }).toBe(1);
  const [mail] = backInStock(to);
  expect(mail).toContain(`${knife.name} (15 inch)`);
  expect(mail).toContain(`/products/${knife.slug}?variant=${knife.long}`);
  await knife.restock(1);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(backInStock(to)).toHaveLength(1);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a customer asks for an alert on a sold-out variant, sees it in the settings, and gets one e-mail when it is restocked', async ({
      page,
      request,
    }) => {
      const problems = watchProblems(page);
      const knife = await soldOutKnife(request);
      const customer = await newCustomer(request);
      await signIn(page, customer);
      await openPage(page, `/products/${knife.slug}?variant=${knife.long}`);
      await askForAlert(page);
      await expect(page.getByText("We'll e-mail you once when it's back in stock.")).toBeVisible();

      await openPage(page, '/account/settings');
      const alerts = page.getByRole('region', { name: 'Back-in-Stock Alerts' });
      await expect(alerts.getByRole('link', { name: `${knife.name} (15 inch)` })).toBeVisible();
      await expectOneMailAfterRestock(knife, customer.email);
      await page.reload();
      await expect(alerts.getByText('You are waiting for nothing to come back in stock.')).toBeVisible();
      expect(problems).toEqual([]);
    });

    test('a guest gives an address, confirms it by the e-mailed link, and gets one e-mail when it is restocked', async ({
      page,
      request,
    }) => {
      const problems = watchProblems(page);
      const knife = await soldOutKnife(request);
      const email = `guest.${Date.now()}.${viewport.name}@example.com`;
      await openPage(page, `/products/${knife.slug}?variant=${knife.long}`);
      await (await hydrated(page.getByLabel('Your e-mail address'))).fill(email);
      await askForAlert(page);
      await expect(page.getByText('Check your inbox: confirm with the link we sent')).toBeVisible();

      await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
      const link = mailsTo(email)[0]?.match(/https?:\/\/\S+\/stock-alerts\/confirm\?alert=\d+&key=[\w-]+/)?.[0];
      expect(link).toBeTruthy();
      const url = new URL(link ?? '');
      await openPage(page, url.pathname + url.search);
      await (await hydrated(page.getByRole('button', { name: 'Confirm the alert' }))).click();
      await expect(page.getByText("Confirmed: we'll e-mail you once when it's back in stock.")).toBeVisible();
      await expectOneMailAfterRestock(knife, email);
      expect(problems).toEqual([]);
    });

    test('a variant made to order is bought at stock 0: the page, the cart, checkout and the order say when it ships', async ({
      page,
      request,
    }) => {
      const problems = watchProblems(page);
      const knife = await soldOutKnife(request);
      const customer = await newCustomer(request);
      await signIn(page, customer);
      // Its card in the list: no unit in stock, yet on sale (made to order), so not SOLD OUT.
      await openPage(page, `/products?search=${encodeURIComponent(knife.name)}`);
      const card = page.locator('.product-card').filter({ hasText: knife.name });
      await expect(card).toBeVisible();
      await expect(card.locator('.badge--sold-out')).toHaveCount(0);
      await openPage(page, `/products/${knife.slug}?variant=${knife.short}`);
      await expect(page.locator('.product-detail__stock')).toHaveText(/^Made to order — ships in about 3 weeks/);
      await (await hydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
      await expect(page.getByText(`1 x ${knife.name} added to cart!`)).toBeVisible();

      await openPage(page, '/cart');
      await expect(page.locator('.cart-row .made-to-order')).toHaveText('Made to order — ships in about 3 weeks');
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await expect(page.locator('.checkout-summary .made-to-order')).toHaveText(
        'Made to order — ships in about 3 weeks',
      );
      await fillAddress(page);
      await page.getByRole('radio', { name: 'Bank Transfer' }).check();
      await confirmAgeIfAsked(page);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
      await expectOnPath(page, '/order-confirmation');
      const note = page.locator('.order-line .made-to-order');
      await expect(note).toHaveText(/^Made to order — ships by /);

      const orders = await request.get('/api/orders/orders/', {
        headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
      });
      const [summary] = (await orders.json()).results;
      const order = await (
        await request.get(`/api/orders/orders/${summary.id}/`, {
          headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
        })
      ).json();
      expect(Date.parse(`${order.ships_by}T23:59:59Z`) - Date.now()).toBeGreaterThan(19 * 86_400_000);
      expect(problems).toEqual([]);
    });
  });
}
