// The shop's own e-mail address, through HTTP: one rule (`shopEmailAddress`) that the contact page, the invoice, the
// Reply-To of its e-mails and the contact form's recipient all read: the site settings' contact e-mail, else the
// mail settings' reply-to, else their sender address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createCustomer, createProduct, placeOrder, setPayments } from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { pdfText } from '../../../test/pdf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function shop() {
  const tenant = await t.createTenant('Address Forge');
  await setPayments(t, tenant, { enableBankTransfer: true, bankAccountDetails: 'Himalayan Bank, 0012' });
  const owner = await createCustomer(t, tenant, { role: 'owner' });
  const product = await createProduct(t, tenant, { name: 'Sirupate', stock: 50, priceCents: 8500 });
  const owned = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    adminCall(t, tenant, owner.accessToken, method, url, payload);
  expect((await owned('PATCH', '/mail-settings/', { sender_address: 'orders@forge.example' })).statusCode).toBe(200);
  return { tenant, owned, product };
}

type Shop = Awaited<ReturnType<typeof shop>>;

/** What each reader says the shop's address is: the contact page, the invoice, an order e-mail's Reply-To. */
async function addresses(setup: Shop) {
  const customer = await createCustomer(t, setup.tenant);
  await addToCart(t, setup.tenant, customer.accessToken, setup.product.id, 1);
  const placed = await placeOrder(t, setup.tenant, customer.accessToken);
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as { id: number };
  expect((await setup.owned('POST', `/orders/${order.id}/transition/`, { to: 'paid' })).statusCode).toBe(200);
  const invoice = await setup.owned('GET', `/orders/${order.id}/invoice/`);
  expect(invoice.statusCode).toBe(200);
  const text = await pdfText(invoice.rawPayload);
  await t.settled();
  const [confirmation] = mailsTo(t.config.DATA_DIR, customer.user.email);
  const contact = (await t.request(setup.tenant, { method: 'GET', url: '/api/contact/info/' })).json();
  return {
    contactPage: contact.email as string,
    invoice: ['shop@forge.example', 'help@forge.example', 'orders@forge.example'].find((email) => text.includes(email)),
    replyTo: /^Reply-To: (.+)$/m.exec(confirmation?.raw ?? '')?.[1]?.trim(),
  };
}

describe("the shop's own address", () => {
  it('is the contact e-mail, else the reply-to, else the sender address, for every reader alike', async () => {
    const setup = await shop();
    expect((await setup.owned('PATCH', '/mail-settings/', { reply_to: 'help@forge.example' })).statusCode).toBe(200);
    const site = await setup.owned('PATCH', '/site-settings/', { contact_email: 'shop@forge.example' });
    expect(site.statusCode, site.body).toBe(200);
    const all = (address: string) => ({ contactPage: address, invoice: address, replyTo: address });
    expect(await addresses(setup)).toEqual(all('shop@forge.example'));

    // The contact form's message goes there too (its Reply-To is the person who wrote).
    const sent = await t.request(setup.tenant, {
      method: 'POST',
      url: '/api/contact/messages/',
      payload: { name: 'Maya', email: 'maya@example.com', subject: 'A custom blade', message: 'Can you forge one?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.settled();
    const message = mailsTo(t.config.DATA_DIR, 'shop@forge.example').find((mail) =>
      mail.body.includes('Can you forge'),
    );
    expect(message?.raw).toMatch(/^Reply-To: maya@example\.com$/m);

    await setup.owned('PATCH', '/site-settings/', { contact_email: '' });
    expect(await addresses(setup)).toEqual(all('help@forge.example'));

    await setup.owned('PATCH', '/mail-settings/', { reply_to: '' });
    expect(await addresses(setup)).toEqual(all('orders@forge.example'));
  });
});
