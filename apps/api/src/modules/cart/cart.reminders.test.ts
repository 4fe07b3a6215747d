// One reminder for a cart left behind, through HTTP and the job: only to a customer who agreed to marketing e-mail
// (at registration or in the account's settings), never after unsubscribing, once across two instances, again a day
// after a change, never a third time; the administration lists the carts left behind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createCustomer, createProduct, DEFAULT_TEST_PASSWORD } from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { carts } from '../../db/schema/index.ts';
import type { Tenant } from '../../lib/context.ts';
import { sendCartReminders } from './index.ts';

const ORIGIN = 'https://forge.example';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: ORIGIN, ABANDONED_CART_REMINDER_MINUTES: '60' });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

async function shop() {
  const setup = await shopWithStaff(t, 'Reminder Forge');
  await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/site-settings/', { site_title: 'Reminder Forge' });
  const knife = await createProduct(t, setup.shop, { name: 'Angkhola', stock: 5, priceCents: 9500 });
  return { ...setup, knife };
}

async function consent(shopTenant: Tenant, token: string, given: boolean) {
  const saved = await t.request(shopTenant, {
    method: 'PATCH',
    url: '/api/accounts/me/',
    token,
    payload: { marketing_consent: given },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

/** Moves a cart's last change (and last reminder) back by so many minutes, as if time had passed. */
async function backdate(shopTenant: Tenant, userId: number, minutes: { changed: number; reminded?: number }) {
  const scope = t.scope(shopTenant);
  await scope.db
    .update(carts)
    .set({
      updatedAt: new Date(Date.now() - minutes.changed * MINUTE),
      ...(minutes.reminded === undefined ? {} : { remindedAt: new Date(Date.now() - minutes.reminded * MINUTE) }),
    })
    .where(scope.where(carts, eq(carts.userId, userId)));
}

const reminders = (email: string) =>
  mailsTo(t.config.DATA_DIR, email).filter((mail) => /^Subject: .*your cart is waiting/m.test(mail.raw));

describe('marketing consent', () => {
  it('is off by default, given by the registration box with its date, and changed in the account settings', async () => {
    const setup = await shop();
    const register = (email: string, extra: object) =>
      t.request(setup.shop, {
        method: 'POST',
        url: '/api/accounts/register/',
        payload: { email, password: DEFAULT_TEST_PASSWORD, password_confirm: DEFAULT_TEST_PASSWORD, ...extra },
      });
    const login = async (email: string) =>
      (
        await t.request(setup.shop, {
          method: 'POST',
          url: '/api/accounts/login/',
          payload: { login_id: email, password: DEFAULT_TEST_PASSWORD },
        })
      ).json().access as string;
    const me = async (token: string) =>
      (await t.request(setup.shop, { method: 'GET', url: '/api/accounts/me/', token })).json();
    const ticked = `ticked${setup.shop.id}@example.com`;
    const plain = `plain${setup.shop.id}@example.com`;
    expect((await register(ticked, { marketing_consent: true })).statusCode).toBe(201);
    expect((await register(plain, {})).statusCode).toBe(201);
    const tickedToken = await login(ticked);
    const given = await me(tickedToken);
    expect(given.marketing_consent).toBe(true);
    expect(Date.parse(given.marketing_consent_at)).toBeGreaterThan(Date.now() - MINUTE);
    const plainToken = await login(plain);
    expect(await me(plainToken)).toMatchObject({ marketing_consent: false, marketing_consent_at: null });
    expect(await consent(setup.shop, plainToken, true)).toMatchObject({ marketing_consent: true });
    expect(await consent(setup.shop, tickedToken, false)).toMatchObject({
      marketing_consent: false,
      marketing_consent_at: null,
    });
    const empty = await t.request(setup.shop, {
      method: 'PATCH',
      url: '/api/accounts/me/',
      token: plainToken,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('a cart left behind', () => {
  it("reminds a consenting customer once, after the wait, naming the cart's lines with a link to it and one to unsubscribe", async () => {
    const setup = await shop();
    const customer = await createCustomer(t, setup.shop);
    const silent = await createCustomer(t, setup.shop);
    await consent(setup.shop, customer.accessToken, true);
    for (const who of [customer, silent]) await addToCart(t, setup.shop, who.accessToken, setup.knife.id, 2);

    expect(await sendCartReminders(t.app.deps, later(30))).toBe(0);
    expect(await sendCartReminders(t.app.deps, later(61))).toBe(1);
    await t.settled();
    const [mail, ...more] = reminders(customer.user.email);
    expect(more).toHaveLength(0);
    expect(mail?.raw).toMatch(/^Subject: Reminder Forge: your cart is waiting for you$/m);
    expect(mail?.body).toContain('2 x Angkhola: $190.00');
    expect(mail?.body).toContain(`Your cart: ${ORIGIN}/cart`);
    expect(mail?.body).toMatch(new RegExp(`${ORIGIN}/unsubscribe\\?user=${customer.user.id}&key=[\\w-]+`));
    // The same page behind the mail program's own Unsubscribe (its header unfolded).
    const headers = (mail?.raw ?? '').split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
    expect(headers).toMatch(
      new RegExp(`^List-Unsubscribe: <${ORIGIN}/unsubscribe\\?user=${customer.user.id}&key=[\\w-]+>$`, 'm'),
    );
    // No consent, no e-mail.
    expect(reminders(silent.user.email)).toHaveLength(0);
    // Not again while the cart stays as it is.
    expect(await sendCartReminders(t.app.deps, later(3 * 24 * 60))).toBe(0);
  });

  it('is reminded once when two instances look at the same time', async () => {
    const setup = await shop();
    const customer = await createCustomer(t, setup.shop);
    await consent(setup.shop, customer.accessToken, true);
    await addToCart(t, setup.shop, customer.accessToken, setup.knife.id, 1);
    const second = await t.secondInstance();
    const when = later(90);
    const counts = await Promise.all([
      sendCartReminders(t.app.deps, when),
      sendCartReminders(second.deps, when),
      sendCartReminders(t.app.deps, when),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    await t.settled();
    await second.deps.mailer.idle();
    expect(reminders(customer.user.email)).toHaveLength(1);
  });

  it('is not reminded after its customer unsubscribed by the link (a link altered: 404)', async () => {
    const setup = await shop();
    const customer = await createCustomer(t, setup.shop);
    await consent(setup.shop, customer.accessToken, true);
    await addToCart(t, setup.shop, customer.accessToken, setup.knife.id, 1);
    expect(await sendCartReminders(t.app.deps, later(61))).toBe(1);
    await t.settled();
    const link = reminders(customer.user.email)[0]?.body.match(/\/unsubscribe\?user=(\d+)&key=([\w-]+)/);
    expect(link).toBeTruthy();
    const [, user, key] = link as RegExpMatchArray;
    const unsubscribe = (payload: object) =>
      t.request(setup.shop, { method: 'POST', url: '/api/accounts/unsubscribe/', payload });
    expect((await unsubscribe({ user: Number(user), key: `${key}x` })).statusCode).toBe(404);
    const done = await unsubscribe({ user: Number(user), key });
    expect(done.statusCode, done.body).toBe(200);
    const me = await t.request(setup.shop, { method: 'GET', url: '/api/accounts/me/', token: customer.accessToken });
    expect(me.json()).toMatchObject({ marketing_consent: false });
    // Changed, and a day on: still nothing, without consent.
    await addToCart(t, setup.shop, customer.accessToken, setup.knife.id, 1);
    expect(await sendCartReminders(t.app.deps, later(2 * 24 * 60))).toBe(0);
  });

  it('changed after its reminder, is reminded again a day later, and never a third time', async () => {
    const setup = await shop();
    const customer = await createCustomer(t, setup.shop);
    await consent(setup.shop, customer.accessToken, true);
    await addToCart(t, setup.shop, customer.accessToken, setup.knife.id, 1);
    await backdate(setup.shop, customer.user.id, { changed: 61 });
    expect(await sendCartReminders(t.app.deps)).toBe(1);
    // Changed since, and waited again, but not a day after the reminder.
    await addToCart(t, setup.shop, customer.accessToken, setup.knife.id, 1);
    await backdate(setup.shop, customer.user.id, { changed: 61, reminded: 12 * 60 });
    expect(await sendCartReminders(t.app.deps)).toBe(0);
    await backdate(setup.shop, customer.user.id, { changed: 61, reminded: 25 * 60 });
    expect(await sendCartReminders(t.app.deps)).toBe(1);
    // A third change, a day and more after the second reminder: never a third.
    await addToCart(t, setup.shop, customer.accessToken, setup.knife.id, 1);
    await backdate(setup.shop, customer.user.id, { changed: 61, reminded: 25 * 60 });
    expect(await sendCartReminders(t.app.deps)).toBe(0);
    await t.settled();
    expect(reminders(customer.user.email)).toHaveLength(2);
    const list = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/abandoned-carts/?reminded=true');
    expect(list.json()).toMatchObject({ count: 1, results: [{ reminders_sent: 2, marketing_consent: true }] });
  });

  it('is listed for staff with its customer, value, when and reminders; not for a customer', async () => {
    const setup = await shop();
    const customer = await createCustomer(t, setup.shop);
    await addToCart(t, setup.shop, customer.accessToken, setup.knife.id, 3);
    // Left behind an hour and more ago.
    await backdate(setup.shop, customer.user.id, { changed: 120 });
    const list = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/abandoned-carts/');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      results: [
        {
          customer: { id: customer.user.id, email: customer.user.email },
          items: 3,
          value: '285.00',
          marketing_consent: false,
          reminders_sent: 0,
          reminded_at: null,
        },
      ],
    });
    const notReminded = await adminCall(
      t,
      setup.shop,
      setup.staff.accessToken,
      'GET',
      '/abandoned-carts/?reminded=true',
    );
    expect(notReminded.json().count).toBe(0);
    expect((await adminCall(t, setup.shop, customer.accessToken, 'GET', '/abandoned-carts/')).statusCode).toBe(403);
  });
});
