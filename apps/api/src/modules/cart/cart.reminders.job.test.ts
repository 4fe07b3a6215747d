// The reminder job as a server runs it (ABANDONED_CART_REMINDER_MINUTES=1, looking every second here instead of every
// minute): a consenting customer's cart whose minute is over gets its one reminder at the job's next look, and never
// a second at the looks after; a customer without consent none. With the default look every minute, a cart left
// behind is reminded within two minutes of its last change.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createCustomer, createProduct } from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { loadConfig } from '../../config.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    ABANDONED_CART_REMINDER_MINUTES: '1',
    CART_REMINDER_INTERVAL_SECONDS: '1',
    MAIL_DELIVERY_INTERVAL_SECONDS: '1',
  });
});
afterAll(() => t.close());

const reminders = (email: string) =>
  mailsTo(t.config.DATA_DIR, email).filter((mail) => /^Subject: .*your cart is waiting/m.test(mail.raw));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('looks for carts left behind every minute unless told otherwise', () => {
  expect(loadConfig({}).CART_REMINDER_INTERVAL_SECONDS).toBe(60);
});

it('reminds the consenting customer once at the look after the wait, and the other never', async () => {
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
  for (const who of [consenting, silent]) await addToCart(t, setup.shop, who.accessToken, knife.id, 1);
  // Within the minute, the job's looks find nothing due.
  await sleep(2_500);
  expect(reminders(consenting.user.email)).toHaveLength(0);
  // The minute over (the carts last changed 61 seconds ago): the next look reminds.
  await t.scope(setup.shop).rows(sql`update carts set updated_at = updated_at - interval '61 seconds'`);
  const started = Date.now();
  while (reminders(consenting.user.email).length === 0 && Date.now() - started < 20_000) await sleep(250);
  expect(reminders(consenting.user.email)).toHaveLength(1);
  // Three more looks change nothing: one e-mail, and none for the customer who did not agree.
  await sleep(3_500);
  await t.settled();
  expect(reminders(consenting.user.email)).toHaveLength(1);
  expect(reminders(silent.user.email)).toHaveLength(0);
  const listed = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/abandoned-carts/?reminded=true');
  expect(listed.json()).toMatchObject({ count: 1, results: [{ customer: { id: consenting.user.id } }] });
});
