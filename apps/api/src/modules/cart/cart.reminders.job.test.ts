// The reminder job as a server runs it, with ABANDONED_CART_REMINDER_MINUTES=1: a consenting customer's cart left
// behind gets its one reminder within three minutes (the job looks every minute); a customer without consent none.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createCustomer, createProduct } from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ABANDONED_CART_REMINDER_MINUTES: '1', MAIL_DELIVERY_INTERVAL_SECONDS: '5' });
});
afterAll(() => t.close());

const reminders = (email: string) =>
  mailsTo(t.config.DATA_DIR, email).filter((mail) => /^Subject: .*your cart is waiting/m.test(mail.raw));

it('reminds the consenting customer once within three minutes, and the other never', { timeout: 240_000 }, async () => {
  const setup = await shopWithStaff(t, 'Job Forge');
  const knife = await createProduct(t, setup.shop, { name: 'Angkhola', stock: 5 });
  const consenting = await createCustomer(t, setup.shop);
  const silent = await createCustomer(t, setup.shop);
  const agreed = await t.request(setup.shop, {
    method: 'PATCH',
    url: '/api/accounts/me/',
    token: consenting.accessToken,
    payload: { marketing_consent: true },
  });
  expect(agreed.statusCode, agreed.body).toBe(200);
  const started = Date.now();
  for (const who of [consenting, silent]) await addToCart(t, setup.shop, who.accessToken, knife.id, 1);
  while (reminders(consenting.user.email).length === 0 && Date.now() - started < 180_000) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  expect(Date.now() - started).toBeLessThan(180_000);
  // A further minute's look changes nothing: one e-mail, and none for the customer who did not agree.
  await new Promise((resolve) => setTimeout(resolve, 61_000));
  await t.settled();
  expect(reminders(consenting.user.email)).toHaveLength(1);
  expect(reminders(silent.user.email)).toHaveLength(0);
  const listed = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/abandoned-carts/?reminded=true');
  expect(listed.json()).toMatchObject({ count: 1, results: [{ customer: { id: consenting.user.id } }] });
});
