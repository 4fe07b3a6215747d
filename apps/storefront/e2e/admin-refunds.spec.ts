import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { signInAsOwner } from './admin-support.ts';
import {
  addItem,
  newCustomer,
  openPage,
  placeOrderThroughApi,
  signIn,
  stockedProducts,
  TENANT,
  watchProblems,
} from './support.ts';

// Money going back: the owner refunds a free amount of a card order paid through the built-in sandbox gateway, then
// one of its lines from the refund dialog (the amount computed by the shop); the customer sees the refund on the
// order's page and downloads its credit note; the line's credit note lists it.
test.describe.configure({ timeout: 120_000 });

test('the owner refunds part of a card order, then one line; the customer sees it and the credit notes say so', async ({
  browser,
  request,
}) => {
  // A customer's card order of two products, paid on the sandbox's payment page.
  const customer = await newCustomer(request);
  const [product, returned] = await stockedProducts(request);
  if (!product || !returned) throw new Error('no stocked products');
  await addItem(request, customer, product, 1);
  await addItem(request, customer, returned, 1);
  const order = await placeOrderThroughApi(request, customer, 'card_2c2p');
  const start = await request.post('/api/payments/card/initiate/', {
    headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
    data: { order_id: order.id, currency: 'USD' },
  });
  expect(start.status()).toBe(200);
  const shopper = await browser.newPage();
  const shopperProblems = watchProblems(shopper);
  await signIn(shopper, customer);
  await shopper.goto((await start.json()).redirectUrl);
  await shopper.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(shopper.locator('.payment-result h1')).toHaveText('Payment Successful!');

  // The owner refunds 10.00 of it from the order's page in the administration.
  const owner = await browser.newPage();
  const ownerProblems = watchProblems(owner);
  await signInAsOwner(owner);
  await owner.goto(`/admin/orders/${order.id}/show`);
  await expect(owner.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await owner.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = owner.getByRole('dialog', { name: `Refund order #${order.number}` });
  await dialog.getByRole('radio', { name: /^Free amount/ }).check();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('10.00');
  await dialog.getByLabel('Reason').fill('Scratch on the sheath');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByText(/Refunded \$10\.00/)).toBeVisible();
  // Its credit note is among the order's documents (a test order's series: paid through the test gateway).
  await expect(owner.getByRole('button', { name: /^Credit note TEST-CN-\d{6}$/ })).toBeVisible();
  const packingSlip = owner.waitForEvent('download');
  await owner.getByRole('button', { name: 'Packing slip' }).click();
  expect((await packingSlip).suggestedFilename()).toBe(`packing-slip-${order.number}.pdf`);

  // The customer's order page shows the refund and offers the credit note.
  await openPage(shopper, `/account/orders/${order.id}`);
  const refunds = shopper.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByTestId('refunded-amount')).toHaveText('$10.00');
  await expect(refunds.getByRole('cell', { name: 'Refunded', exact: true })).toBeVisible();
  const documents = shopper.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('button', { name: /^Invoice TEST-INV-\d{6} \(PDF\)$/ })).toBeVisible();
  const creditNote = documents.getByRole('button', { name: /^Credit note TEST-CN-\d{6} \(PDF\)$/ });
  const download = shopper.waitForEvent('download');
  await creditNote.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^TEST-CN-\d{6}\.pdf$/);
  const bytes = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');

  // The customer sent the second product back: the owner refunds its line, the shop computing the amount, and puts
  // the unit back in stock.
  await owner.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('radio', { name: /^Items returned/ })).toBeChecked();
  const line = dialog.getByRole('group', { name: returned.name });
  await expect(line).toContainText('1 of 1 left to refund');
  await line.getByLabel('Units to refund').fill('1');
  await line.getByLabel('Put back in stock').check();
  const quote = dialog.getByTestId('refund-quote');
  await expect(quote).toContainText(/^Amount to refund: \$\d+\.\d{2}/);
  const amount = /\$(\d+\.\d{2})/.exec((await quote.textContent()) ?? '')?.[1];
  await dialog.getByLabel('Reason').fill('Returned unused');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByText(`Refunded ${amount} on order #${order.number}.`)).toBeVisible();
  await expect(owner.getByText(`1 × ${returned.name} (back in stock)`)).toBeVisible();

  // Its credit note lists the line and what was refunded.
  const notes = owner.getByRole('button', { name: /^Credit note TEST-CN-\d{6}$/ });
  await expect(notes).toHaveCount(2);
  const lineNote = owner.waitForEvent('download');
  await notes.last().click();
  const noteBytes = Buffer.concat(await (await (await lineNote).createReadStream()).toArray());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(noteBytes)), { mergePages: true });
  const lineNoteText = text.replace(/\s+/g, ' ');
  expect(lineNoteText).toContain(returned.name);
  expect(lineNoteText).not.toContain(product.name);
  expect(lineNoteText).toContain(`Total refunded $${amount} USD`);

  expect(shopperProblems).toEqual([]);
  expect(ownerProblems).toEqual([]);
});
