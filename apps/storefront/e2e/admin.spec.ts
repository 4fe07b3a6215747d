import fs from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  expectNoHorizontalScroll,
  failOnProblems,
  OWNER,
  openAdmin,
  ownerToken,
  signInAsOwner,
  signInAsOwnerThroughApi,
  signInAtAdmin,
} from './admin-support.ts';
import {
  addItem,
  confirmAgeIfAsked,
  customerWithCart,
  fillAddress,
  newCustomer,
  openPage,
  PASSWORD,
  placeBankTransferOrder,
  stockedProducts,
  TENANT,
} from './support.ts';

// Every journey fails on an error answer, a console error or a page error it does not expect.
const { expectProblem } = failOnProblems(test);

// The shop administration at /admin (apps/admin, react-admin), served by the same server as the shop.
const NO_ACCESS = 'This account has no access to the administration.';

/** A new customer's order of one stocked product, paid by bank transfer (so: awaiting payment). */
async function bankTransferOrder(request: APIRequestContext): Promise<{ id: number; number: string }> {
  const customer = await newCustomer(request);
  const [product] = await stockedProducts(request);
  if (!product) throw new Error('no stocked product');
  await addItem(request, customer, product);
  return placeBankTransferOrder(request, customer);
}

// Long journeys through a large single-page app, on a machine the other worker shares.
test.describe.configure({ timeout: 90_000 });

const orderStatus = (page: Page) =>
  page.getByRole('region', { name: 'Order', exact: true }).locator('[data-status]').first();

test.describe('the administration', () => {
  test('is its own app under /admin, naming the shop in its page; the shop loads nothing of it', async ({
    page,
    request,
  }) => {
    const document = await request.get('/admin/orders/12/show');
    expect(document.status()).toBe(200);
    expect(document.headers()['cache-control']).toBe('no-cache');
    const html = await document.text();
    expect(html).toContain('<meta name="tenant-token" content="khukuri-demo" />');
    const script = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script ?? '');
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request.get('/admin/assets/missing-0000.js')).status()).toBe(404);

    const loaded: string[] = [];
    page.on('request', (call) => loaded.push(new URL(call.url()).pathname));
    await openPage(page, '/');
    await openPage(page, '/products');
    expect(loaded.filter((path) => path.startsWith('/admin'))).toEqual([]);
  });

  test('lets the owner in and refuses a customer', async ({ page, request }) => {
    const customer = await newCustomer(request);
    await openAdmin(page);
    await expect(page).toHaveURL(/\/admin\/login$/);

    await signInAtAdmin(page, customer.email, PASSWORD);
    await expect(page.getByText(NO_ACCESS)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('admin.accessToken'))).toBeNull();

    await signInAtAdmin(page, OWNER.email, OWNER.password);
    await expect(page.getByRole('heading', { name: 'Low stock' })).toBeVisible();
    await expect(page.getByText('Orders today')).toBeVisible();
    const menu = page.getByRole('menuitem');
    await expect(menu.filter({ hasText: 'Orders' })).toBeVisible();
    await expect(menu.filter({ hasText: 'Payment settings' })).toBeVisible();
    await expect(menu.filter({ hasText: 'Audit log' })).toBeVisible();
    // The shop's own session keys stay untouched.
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    // Signed out, the admin asks to sign in again.
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('admin.accessToken'))).toBeNull();
  });

  test('moves a bank-transfer order from awaiting payment to shipped, and shows its history', async ({
    page,
    request,
  }) => {
    const order = await bankTransferOrder(request);
    await signInAsOwner(page);
    await page.getByRole('menuitem').filter({ hasText: 'Orders' }).click();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Awaiting payment' }).click();
    await page.getByRole('combobox', { name: 'Payment method' }).click();
    await page.getByRole('option', { name: 'Bank Transfer' }).click();
    await page.getByPlaceholder('Order number or e-mail').fill(order.number);
    // The search applies after a pause: then the order is the list's only row (under its header row).
    await expect(page.getByRole('row')).toHaveCount(2);
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: order.number, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Awaiting payment');
    // The demo shop takes its card payments through the test gateway: its orders are test orders.
    await expect(row).toContainText('Test order');

    // The CSV export takes the list's filters, and is fetched with the staff member's token.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await fs.readFile(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain(order.number);

    await row.click();

    await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}/show$`));
    await expect(orderStatus(page)).toHaveAttribute('data-status', 'awaiting_payment');
    await expect(page.getByRole('region', { name: 'Order', exact: true }).getByText('Test order')).toBeVisible();
    // Only the moves its status allows.
    await expect(page.getByRole('button', { name: 'Mark processing' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark shipped' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(orderStatus(page)).toHaveAttribute('data-status', 'paid');
    await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Mark processing' }).click();
    await expect(orderStatus(page)).toHaveAttribute('data-status', 'processing');

    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order #${order.number}` });
    await dialog.getByLabel('Carrier').fill('Nepal Post EMS');
    await dialog.getByLabel('Tracking number').fill('EE123456789NP');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(orderStatus(page)).toHaveAttribute('data-status', 'shipped');

    const shipping = page.getByRole('region', { name: 'Shipping' });
    await expect(shipping).toContainText('Nepal Post EMS');
    await expect(shipping).toContainText('EE123456789NP');
    const history = page.getByRole('list', { name: 'Order history' }).getByRole('listitem');
    await expect(history).toHaveCount(4);
    await expect(history.nth(0)).toContainText('Awaiting payment');
    await expect(history.nth(1)).toContainText('Awaiting payment → Paid');
    await expect(history.nth(2)).toContainText('Paid → Processing');
    await expect(history.nth(3)).toContainText('Processing → Shipped');
    await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  });

  test('on a phone, the order page’s actions say their words and no amount or count breaks across lines', async ({
    page,
    request,
  }) => {
    const customer = await newCustomer(request);
    const products = (await stockedProducts(request)).slice(0, 2);
    for (const product of products) await addItem(request, customer, product, 3);
    const order = await placeBankTransferOrder(request, customer);
    const token = await ownerToken(request);
    const paid = await request.post(`/api/admin/orders/${order.id}/transition/`, {
      headers: { ...TENANT, Authorization: `Bearer ${token}` },
      data: { to: 'paid' },
    });
    expect(paid.status(), await paid.text()).toBe(200);

    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsOwnerThroughApi(page, request);
    await page.goto(`/admin/orders/${order.id}/show`);
    await expect(orderStatus(page)).toHaveAttribute('data-status', 'paid');
    // Each action shows its words on screen, not an icon with its name in a tooltip.
    for (const name of ['Refund', 'Mark processing', 'Mark shipped', 'Cancel order']) {
      const button = page.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      await expect(button).toHaveText(name);
    }
    await expectNoHorizontalScroll(page);
    // Every word, amount and count of the lines and their totals sits on one line (a list, not a squeezed table).
    const lines = page.getByRole('region', { name: 'Lines' });
    await expect(lines.getByText(/^Total /)).toBeVisible();
    const broken = await lines.evaluate((section) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) found.push(match[0]);
        }
      }
      return found;
    });
    expect(broken).toEqual([]);
    // A figure never wraps, at any width: its box says so.
    await expect(lines.getByRole('list', { name: 'Lines of the order' }).getByRole('listitem')).toHaveCount(2);
    const figures = lines.locator('span:not(:has(span))').filter({ hasText: /^\$\d/ });
    await expect(figures.first()).toHaveCSS('white-space', 'nowrap');
  });

  test('on a phone, a form with rich text shows whole: no field below the editor moves when the editor comes', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsOwnerThroughApi(page, request);
    // The editor's code arrives late, as on a slow network.
    await page.route(/\/admin\/assets\/RichTextEditor-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/admin/faqs/create');
    const shown = page.getByLabel('Shown on the FAQ page');
    await expect(shown).toBeVisible();
    const first = await shown.boundingBox();
    const editor = page.getByRole('textbox', { name: 'Answer' });
    await expect(editor).toBeVisible();
    // When the switch first shows, the editor is there, and it stays where the owner first saw it.
    expect(await shown.boundingBox()).toEqual(first);
    await shown.uncheck();
    await expect(shown).not.toBeChecked();
  });

  test('on a phone, a notice leaves the form’s toolbar free: Save shows and takes a tap while it is there', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsOwnerThroughApi(page, request);
    const question = `Is the notice in the way ${Date.now()}?`;
    await page.goto('/admin/faqs/create');
    const field = page.getByLabel(/^Question/);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    // A notice shown on the form itself (it stays four seconds: one that came with the last save may be gone by the
    // time a slow machine has opened the next form): the form refused without its question.
    await field.fill(question);
    await field.clear();
    await save.click();
    const notice = page.getByText('The form is not valid. Please check for errors');
    await expect(notice).toBeVisible();
    const [shown, button] = [await notice.boundingBox(), await save.boundingBox()];
    if (!shown || !button) throw new Error('the notice or Save has no box');
    // Above the toolbar, apart from Save; and Save takes a tap (nothing above it catches it).
    expect(shown.y + shown.height).toBeLessThanOrEqual(button.y);
    await field.fill(question);
    // Hidden from the shop's FAQ page, which other journeys count.
    await page.getByLabel('Shown on the FAQ page').uncheck();
    await save.click({ trial: true, timeout: 1_000 });
    await save.click();
    await expect(page.getByText('Element created')).toBeVisible();

    // The FAQ made here removed.
    const headers = { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` };
    const listed = await request.get('/api/admin/faqs/?page_size=100&search=notice', { headers });
    const made = ((await listed.json()).results as { id: number; question: string }[]).filter((faq) =>
      faq.question.startsWith(question),
    );
    expect(made).toHaveLength(1);
    for (const faq of made)
      expect((await request.delete(`/api/admin/faqs/${faq.id}/`, { headers })).status()).toBe(204);
  });

  test("shows the API's refusal of a move made stale elsewhere; cancelling asks a reason; notes are kept", async ({
    page,
    request,
  }) => {
    const order = await bankTransferOrder(request);
    await signInAsOwner(page);
    await page.goto(`/admin/orders/${order.id}/show`);
    await expect(orderStatus(page)).toHaveAttribute('data-status', 'awaiting_payment');

    // Someone else marks it paid meanwhile: this page still offers "Mark paid", and the API refuses it.
    const moved = await request.post(`/api/admin/orders/${order.id}/transition/`, {
      headers: { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` },
      data: { to: 'paid' },
    });
    expect(moved.status()).toBe(200);
    // The refusal is the answer this journey provokes.
    expectProblem(/^(400|409) .*\/transition\/$/);
    expectProblem(/^console: Failed to load resource: the server responded with a status of (400|409)/);
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText('An order that is paid cannot become paid.')).toBeVisible();
    await expect(orderStatus(page)).toHaveAttribute('data-status', 'paid');
    await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${order.number}` });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog.getByText('Required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The customer asked to cancel by phone.');
    // Told to the customer unless staff keep it in the history.
    const tell = dialog.getByRole('switch', { name: 'Tell the customer why in the cancellation e-mail' });
    await expect(tell).toBeChecked();
    await tell.uncheck();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(orderStatus(page)).toHaveAttribute('data-status', 'cancelled');
    const history = page.getByRole('list', { name: 'Order history' }).getByRole('listitem');
    await expect(history.last()).toContainText('Paid → Cancelled');
    await expect(history.last()).toContainText('The customer asked to cancel by phone.');
    // The step names the member of staff who made it.
    await expect(history.last()).toContainText(OWNER.email);
    await expect(page.getByRole('button', { name: /^Mark / })).toHaveCount(0);

    const notes = page.getByRole('region', { name: 'Internal notes' });
    await notes.getByLabel('New note').fill('Refund sent by bank transfer.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('list', { name: 'Notes' })).toContainText('Refund sent by bank transfer.');
    await expect(notes.getByLabel('New note')).toHaveValue('');
  });

  test('the bank account details the owner saves are what a customer ordering by bank transfer reads', async ({
    page,
    browser,
    request,
  }) => {
    const before = (await (await request.get('/api/payments/options/', { headers: TENANT })).json())
      .bank_account_details as string;
    // A line added at the end: other journeys read the details' first line meanwhile.
    const reference = `Reference: admin-e2e-${Date.now()}`;
    try {
      await signInAsOwner(page);
      await page.getByRole('menuitem').filter({ hasText: 'Payment settings' }).click();
      const details = page.getByLabel('Bank account details');
      await expect(details).toHaveValue(before);
      await details.fill(`${before}\n${reference}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Payment settings saved.')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Bank account details')).toHaveValue(`${before}\n${reference}`);

      const shopper = await browser.newContext();
      try {
        const shop = await shopper.newPage();
        await customerWithCart(shop, request, 1);
        await openPage(shop, '/cart');
        await shop.getByRole('button', { name: 'Proceed to Checkout' }).click();
        await fillAddress(shop);
        await shop.getByRole('radio', { name: 'Bank Transfer' }).check();
        await confirmAgeIfAsked(shop);
        await shop.getByRole('button', { name: 'Place Order' }).click();
        await expect(shop.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
        await expect(shop.getByRole('region', { name: 'Bank Transfer Details' })).toContainText(reference);
      } finally {
        await shopper.close();
      }
    } finally {
      const restored = await request.patch('/api/admin/payment-settings/', {
        headers: { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` },
        data: { bank_account_details: before },
      });
      expect(restored.status()).toBe(200);
    }
  });
});
