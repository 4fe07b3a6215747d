import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { ownerToken } from './admin-support.ts';
import { newCustomer, openPage, placeBankTransferOrder, signIn, TENANT, watchProblems } from './support.ts';

// The workshop engraves from the invoice: an engraving in Devanagari with a symbol prints as the shopper wrote it.
const ENGRAVING = 'राम ♥ सीता 2026';

test('an engraving in Devanagari and symbols reads back from the invoice the customer downloads', async ({
  page,
  request,
}) => {
  const problems = watchProblems(page);
  const customer = await newCustomer(request);
  // The demo's wedding khukuri takes an engraving.
  const product = await (
    await request.get('/api/products/products/wedding-khukuri-brass/', { headers: TENANT })
  ).json();
  const added = await request.post('/api/orders/cart/add-item/', {
    headers: { ...TENANT, Authorization: `Bearer ${customer.access}` },
    data: { product_id: product.id, quantity: 1, customization: { engraving: ENGRAVING } },
  });
  expect(added.status(), await added.text()).toBe(200);
  const order = await placeBankTransferOrder(request, customer);
  const paid = await request.post(`/api/admin/orders/${order.id}/transition/`, {
    headers: { ...TENANT, Authorization: `Bearer ${await ownerToken(request)}` },
    data: { to: 'paid' },
  });
  expect(paid.status()).toBe(200);

  await signIn(page, customer);
  await openPage(page, `/account/orders/${order.id}`);
  const download = page.waitForEvent('download');
  await page
    .getByRole('region', { name: 'Documents' })
    .getByRole('button', { name: /^Invoice (TEST-)?INV-\d{6} \(PDF\)$/ })
    .click();
  const bytes = Buffer.concat(await (await (await download).createReadStream()).toArray());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  const invoice = text.replace(/\s+/g, ' ');
  expect(invoice).toContain(`engraving: ${ENGRAVING}`);
  expect(invoice).not.toContain('?');
  expect(problems).toEqual([]);
});
