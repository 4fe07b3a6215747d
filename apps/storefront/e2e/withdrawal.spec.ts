import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectNoHorizontalScroll, listRecords, ownerToken, signInAsOwnerThroughApi } from './admin-support.ts';
import {
  addItem,
  type Customer,
  newCustomer,
  openPage,
  placeBankTransferOrder,
  signIn,
  stockedProducts,
  TENANT,
  axeViolations as violations,
  watchProblems,
} from './support.ts';

// The withdrawal function (decision 023) as a guest and a customer meet it: the footer's link, two steps, the
// receipt on the page and in the e-mail outbox; then the owner finds the return in the administration and marks it
// received. Any answer of 400 or above, console error or page error fails a journey.

test.describe.configure({ timeout: 120_000 });

/** The mails of the server's outbox to `to` (quoted-printable undone), oldest first. */
function mailsTo(to: string): string[] {
  const dataDir = process.env.STOREFRONT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('STOREFRONT_E2E_DATA_DIR is not set: run through playwright.config.ts');
  const dir = path.join(dataDir, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')) : [];
  return files
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .filter((raw) => raw.includes(`To: ${to}`))
    .map((raw) =>
      raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    );
}

/** The newest mail to `to` holding `text`, once the background delivery wrote it. */
async function mailWith(to: string, text: string): Promise<string> {
  let found = '';
  await expect
    .poll(() => {
      found = mailsTo(to).findLast((body) => body.includes(text)) ?? '';
      return found.length > 0;
    })
    .toBe(true);
  return found;
}

/** A new customer's order of two stocked products, moved by the owner through paid and shipped to delivered. */
async function deliveredOrder(request: APIRequestContext) {
  const customer = await newCustomer(request);
  const [first, second] = await stockedProducts(request);
  if (!first || !second) throw new Error('two stocked products are needed');
  await addItem(request, customer, first);
  await addItem(request, customer, second);
  const order = await placeBankTransferOrder(request, customer);
  const token = await ownerToken(request);
  for (const body of [
    { to: 'paid' },
    { to: 'shipped', carrier: 'DHL', tracking_number: `E2E${Date.now()}` },
    { to: 'delivered' },
  ]) {
    const moved = await request.post(`/api/admin/orders/${order.id}/transition/`, {
      headers: { ...TENANT, Authorization: `Bearer ${token}` },
      data: body,
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return { customer, order, first, second };
}

async function statesAndConfirms(page: Page, itemName: string) {
  await page.getByLabel('Only some items').check();
  await page.getByRole('checkbox', { name: itemName, exact: true }).check();
  await page.getByLabel('Reason (optional)').fill('It is too long for my belt.');
  await page.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('region', { name: 'Confirm your withdrawal' });
  await expect(confirm).toContainText(itemName);
  await expect(confirm).toContainText('Reason: It is too long for my belt.');
  await confirm.getByRole('button', { name: 'Confirm withdrawal' }).click();
  const done = page.getByRole('region', { name: 'Withdrawal received' });
  await expect(done).toContainText(/Stated on \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}/);
  await expect(done).toContainText(itemName);
  return done;
}

test('a guest withdraws from one line of a delivered order in two steps; the owner receives it and refunds the line', async ({
  page,
  request,
}) => {
  const problems = watchProblems(page);
  const { customer, order, first, second } = await deliveredOrder(request);

  // The footer of every page links to the withdrawal function.
  await openPage(page, '/products');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Withdraw from contract here' }).click();
  await expect(page).toHaveURL(/\/withdrawal$/);
  await expect(page.getByRole('heading', { name: 'Withdraw from Contract', level: 1 })).toBeVisible();

  // Without an account: the order's number and e-mail address; single items through a link to that address.
  await page.getByLabel('Order number').fill(order.number);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel(/Only some items/).check();
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If this order exists, a link to choose its items is on its way to its e-mail address.',
  );
  const linkMail = await mailWith(customer.email, `To choose which items of order ${order.number} you withdraw from`);
  const link = linkMail.match(/https?:\/\/\S+\/withdrawal\?\S+/)?.[0];
  expect(link).toBeDefined();
  await openPage(page, new URL(link as string).pathname + new URL(link as string).search);

  const done = await statesAndConfirms(page, first.name);
  await expect(done).not.toContainText(second.name);
  await expect(done.getByRole('status')).toHaveText(
    'If this order exists, a receipt is on its way to its e-mail address.',
  );

  // The receipt, at once, to the order's own address: the order, the line, the date and time, what happens next.
  const receipt = await mailWith(
    customer.email,
    `We received your withdrawal from the contract of order ${order.number} on `,
  );
  expect(receipt).toContain(`We received your withdrawal from the contract of order ${order.number} on `);
  expect(receipt).toContain(`1 x ${first.name}`);
  expect(receipt).not.toContain(`1 x ${second.name}`);
  expect(receipt).toContain('Please send the goods back to:');
  expect(receipt).toContain('within 14 days of receiving your withdrawal');

  // The owner finds it among the requested returns and marks it received.
  await signInAsOwnerThroughApi(page, request);
  await page.goto('/admin/returns');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Requested', exact: true }).click();
  await expect(page).toHaveURL(/requested/);
  await page.getByPlaceholder('Order number').fill(order.number);
  await expect(page).toHaveURL((url) => (url.searchParams.get('filter') ?? '').includes(order.number));
  await expect(listRecords(page)).toHaveCount(1);
  await listRecords(page).first().click();
  await expect(page).toHaveURL(/\/admin\/returns\/\d+\/show$/);
  await expect(page.getByText(customer.email)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items' })).toContainText(first.name);
  await page.getByRole('button', { name: 'Mark received' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Condition' }).click();
  await page.getByRole('option', { name: 'Used' }).click();
  await dialog.getByLabel('Note').fill('A scratch on the sheath.');
  await dialog.getByRole('button', { name: 'Mark received' }).click();
  await expect(page.getByText(`The return of order #${order.number} is now received.`)).toBeVisible();
  await expect(page.locator('[data-status="received"]')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items' })).toContainText('1 received, used');
  await mailWith(customer.email, `The goods of your withdrawal of order ${order.number} arrived.`);

  // From the return to its order's refund dialog: the owner refunds the line that came back, the shop computing the
  // amount, and its unit goes back in stock; the return is then refunded and its credit note lists that line only.
  await page.getByRole('link', { name: 'Refund' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}/show$`));
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog');
  const line = refund.getByRole('group', { name: first.name });
  await line.getByLabel('Units to refund').fill('1');
  await line.getByLabel('Put back in stock').check();
  const quote = refund.getByTestId('refund-quote');
  await expect(quote).toContainText(/^Amount to refund: \$\d+\.\d{2}/);
  const amount = /\$(\d+\.\d{2})/.exec((await quote.textContent()) ?? '')?.[1];
  await refund.getByLabel('Reason').fill('Withdrawal: goods received');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByText(`Refunded ${amount} on order #${order.number}.`)).toBeVisible();
  await expect(page.getByText(`1 × ${first.name} (back in stock)`)).toBeVisible();
  const noteDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Credit note [A-Z-]*CN-\d{6}$/ }).click();
  const noteBytes = Buffer.concat(await (await (await noteDownload).createReadStream()).toArray());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(noteBytes)), { mergePages: true });
  const note = text.replace(/\s+/g, ' ');
  expect(note).toContain(first.name);
  expect(note).not.toContain(second.name);
  expect(note).toContain(`Total refunded $${amount} USD`);
  await page.goto(`/admin/returns?filter=${encodeURIComponent(JSON.stringify({ q: order.number }))}`);
  await expect(listRecords(page).first()).toContainText('Refunded');
  expect(problems).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a customer withdraws from their order page while the period runs, and sees the return there', async ({
    page,
    request,
  }) => {
    const problems = watchProblems(page);
    const { customer, order, first } = await deliveredOrder(request);
    await signIn(page, customer as Customer);
    await openPage(page, `/account/orders/${order.id}`);
    const returns = page.getByRole('region', { name: 'Returns' });
    await expect(returns).toContainText('You may withdraw from this purchase until');
    await returns.getByRole('link', { name: 'Withdraw from contract here' }).click();
    await expect(page).toHaveURL(new RegExp(`/withdrawal\\?order_id=${order.id}$`));
    await expect(page.getByLabel('Order', { exact: true })).toHaveValue(String(order.id));
    await page.getByLabel('Only some items').check();
    await expectNoHorizontalScroll(page);
    expect(await violations(page), 'the order and its lines').toEqual([]);
    await page.getByLabel('The whole order').check();
    const done = await statesAndConfirms(page, first.name);
    await expect(done.getByRole('status')).toHaveText('A receipt is on its way to your e-mail address.');
    await expectNoHorizontalScroll(page);
    await mailWith(customer.email, `We received your withdrawal from the contract of order ${order.number} on `);

    await openPage(page, `/account/orders/${order.id}`);
    await expect(returns).toContainText(/Withdrawal of .+: Requested/);
    await expect(returns).toContainText(first.name);
    await expectNoHorizontalScroll(page);
    expect(problems).toEqual([]);
  });

  test('the guest form and its confirmation fit the screen; the answer never tells whether the order exists', async ({
    page,
  }) => {
    const problems = watchProblems(page);
    await openPage(page, '/withdrawal');
    await expect(page.getByLabel('Order number')).toBeVisible();
    expect(await violations(page), 'the form').toEqual([]);
    await page.getByLabel('Order number').fill('999999');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('region', { name: 'Confirm your withdrawal' })).toContainText(
      'You withdraw from the contract of order #999999 (nobody@example.com) for the whole order.',
    );
    await expectNoHorizontalScroll(page);
    expect(await violations(page), 'the confirmation').toEqual([]);
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    const done = page.getByRole('region', { name: 'Withdrawal received' });
    await expect(done.getByRole('status')).toHaveText(
      'If this order exists, a receipt is on its way to its e-mail address.',
    );
    await expectNoHorizontalScroll(page);
    expect(await violations(page), 'the receipt').toEqual([]);
    expect(problems).toEqual([]);
  });
});
