import { expect, test } from '@playwright/test';
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

// Money going back: the owner refunds part of a card order paid through the built-in sandbox gateway; the customer
// sees the refund on the order's page and downloads its credit note.
test.describe.configure({ timeout: 90_000 });

test('the owner refunds part of a card order; the customer sees it and downloads the credit note', async ({
  browser,
  request,
}) => {
  // A customer's card order, paid on the sandbox's payment page.
  const customer = await newCustomer(request);
  const [product] = await stockedProducts(request);
  if (!product) throw new Error('no stocked product');
  await addItem(request, customer, product, 1);
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
  await dialog.getByLabel('Amount').fill('10.00');
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

  expect(shopperProblems).toEqual([]);
  expect(ownerProblems).toEqual([]);
});
