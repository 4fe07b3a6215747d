import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  ADMIN_VIEWPORTS,
  expectNoHorizontalScroll,
  failOnProblems,
  ownerToken,
  signInAsOwnerThroughApi,
} from './admin-support.ts';
import {
  addItem,
  expectOnPath,
  fillAddress,
  newCustomer,
  openPage,
  signIn,
  stockedProducts,
  TENANT,
} from './support.ts';

// Selling abroad (issue 48): a khukuri is sold to adults only, and an order leaving Nepal is told of import duties
// and travels with a customs declaration; the owner closes a destination to a product, and its page says so. At a
// desktop's width and at a phone's.
failOnProblems(test);
test.describe.configure({ timeout: 120_000 });

const AGE_LABEL = 'I confirm I am 18 or older';
const AGE_REFUSAL = `Some items in your order are sold only to adults. Please tick "${AGE_LABEL}" to place it.`;
const DUTIES =
  'Your order leaves our country: import duties and taxes may be charged by your country on delivery. They are not included in our prices.';

/** A delivery address in Japan, which has no tax rate in the demo shop (so the duties notice shows). */
const JAPAN = {
  'Street Address': '1-1 Marunouchi',
  City: 'Tokyo',
  'Postal Code': '100-0001',
  Country: 'Japan',
  'Full Name': 'Yuki Tanaka',
  'Contact Number': '+81 3 1234 5678',
};

/** A stocked product bought as it is that only adults may buy (a khukuri). */
async function stockedKhukuri(request: APIRequestContext) {
  for (const product of await stockedProducts(request)) {
    const detail = await (await request.get(`/api/products/products/${product.slug}/`, { headers: TENANT })).json();
    if (detail.age_restricted && detail.hs_code === '8211.92') return product;
  }
  throw new Error('no stocked khukuri');
}

/** The text of a PDF the page downloads when `click` runs. */
async function downloadedText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { name: file.suggestedFilename(), text: text.replace(/\s+/g, ' ') };
}

for (const viewport of ADMIN_VIEWPORTS) {
  test.describe(`at a ${viewport.name}'s width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the checkout asks the buyer’s age and tells of import duties abroad; the order’s page offers its customs declaration', async ({
      page,
      request,
    }) => {
      const customer = await newCustomer(request);
      const khukuri = await stockedKhukuri(request);
      await addItem(request, customer, khukuri);
      await signIn(page, customer);
      let orderCalls = 0;
      page.on('request', (call) => {
        if (call.url().includes('/api/orders/orders/') && call.method() === 'POST') orderCalls += 1;
      });

      await openPage(page, '/cart');
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await fillAddress(page, JAPAN);
      await page.getByRole('radio', { name: 'Bank Transfer' }).check();
      const age = page.getByRole('checkbox', { name: AGE_LABEL });
      await expect(age).toBeVisible();
      await expect(age).not.toBeChecked();
      const duties = page.locator('.checkout-summary__duties');
      await expect(duties).toHaveText(DUTIES);
      if (viewport.narrow) await expectNoHorizontalScroll(page);

      // Not confirmed: refused before any call, the box marked and focused.
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.locator('.checkout .error-box')).toHaveText(AGE_REFUSAL);
      await expect(age).toBeFocused();
      await expect(age).toHaveAttribute('aria-invalid', 'true');
      expect(orderCalls).toBe(0);

      await age.check();
      const created = page.waitForResponse(
        (response) => response.url().includes('/api/orders/orders/') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Place Order' }).click();
      const answer = await created;
      expect(answer.status()).toBe(201);
      expect(answer.request().postDataJSON()).toMatchObject({ age_confirmed: true });
      const order = (await answer.json()) as { id: number; number: string; confirmed_age: number };
      expect(order.confirmed_age).toBe(18);
      await expectOnPath(page, '/order-confirmation');

      // The owner's page of the order: the buyer's confirmation, and its customs declaration beside the packing slip.
      await signInAsOwnerThroughApi(page, request);
      await page.goto(`/admin/orders/${order.id}/show`);
      // The administration's first load (its own bundle) is slower than the shop's pages.
      await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('Sold to an adult: the buyer confirmed being 18 or older.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Packing slip' })).toBeVisible();
      const declaration = await downloadedText(page, () =>
        page.getByRole('button', { name: 'Customs declaration' }).click(),
      );
      expect(declaration.name).toBe(`customs-declaration-${order.number}.pdf`);
      for (const expected of ['Customs declaration', 'Sale of goods', 'DAP', '8211.92', 'Nepal', 'Yuki Tanaka']) {
        expect(declaration.text).toContain(expected);
      }
      const slip = await downloadedText(page, () => page.getByRole('button', { name: 'Packing slip' }).click());
      expect(slip.text).toContain('Adult signature required');
      if (viewport.narrow) await expectNoHorizontalScroll(page);
    });

    test('the owner closes a destination to a product, and the product page then says so for that country', async ({
      page,
      request,
    }) => {
      // Each width its own country and product: the journeys run side by side on one shop.
      const [country, code, slug] = viewport.narrow
        ? ['Malaysia', 'MY', 'chandi-silver-ceremonial-khukuri']
        : ['Singapore', 'SG', 'dui-chirra-display-khukuri'];
      const product = await (await request.get(`/api/products/products/${slug}/`, { headers: TENANT })).json();
      const message = `${country} does not let khukuris in: we cannot send the ${product.name} there.`;
      let restrictionId: number | null = null;
      try {
        await signInAsOwnerThroughApi(page, request);
        await page.goto('/admin/shipping-restrictions');
        await expect(page.getByRole('link', { name: 'Create' })).toBeVisible({ timeout: 20_000 });
        await page.getByRole('link', { name: 'Create' }).click();
        await page.getByLabel(/^Country/).fill(country.slice(0, 5));
        await page.getByRole('option', { name: `${country} (${code})` }).click();
        await page.getByLabel(/^Products/).fill(product.name.slice(0, 12));
        await page.getByRole('option', { name: product.name }).click();
        await page.getByLabel(/^Message to the shopper/).fill(message);
        if (viewport.narrow) await expectNoHorizontalScroll(page);
        const created = page.waitForResponse(
          (response) =>
            response.url().includes('/api/admin/shipping-restrictions/') && response.request().method() === 'POST',
        );
        await page.getByRole('button', { name: 'Save' }).click();
        const answer = await created;
        expect(answer.status()).toBe(201);
        restrictionId = (await answer.json()).id;
        expect(await answer.json()).toMatchObject({ country: code, product_ids: [product.id], message });
        await expect(page.getByText(message)).toBeVisible();

        await openPage(page, `/products/${slug}`);
        const closed = page.locator('.destination__closed');
        await expect(closed).toHaveCount(0);
        // The select is drawn once the page is hydrated (its room is kept from the server's render).
        await expect(page.getByLabel('Deliver to')).toBeVisible();
        await page.getByLabel('Deliver to').selectOption(country);
        await expect(closed).toHaveText(message);
        await page.getByLabel('Deliver to').selectOption('Nepal');
        await expect(closed).toHaveCount(0);
        await expect(page.getByText('Sold only to buyers aged 18 or older.')).toBeVisible();
        if (viewport.narrow) await expectNoHorizontalScroll(page);
      } finally {
        if (restrictionId !== null) {
          const removed = await request.delete(`/api/admin/shipping-restrictions/${restrictionId}/`, {
            headers: { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` },
          });
          expect(removed.status()).toBe(204);
        }
      }
    });
  });
}
