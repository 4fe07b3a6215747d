// How long an unpaid bank-transfer order waits and who is told, through HTTP and the reminder job: 7 days by default,
// the pay-by time in the confirmation e-mail in the shop's zone, and a reminder two days before it ends, sent once and
// never for an order paid, cancelled, or given too short a time for one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createCustomer, createProduct, placeOrder, setPayments } from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { PAYMENT_REMINDER_LEAD_MS, sendPaymentReminders } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A shop in Kathmandu taking bank transfers (its default time to pay) and a custom method, its owner and product. */
async function shop() {
  const tenant = await t.createTenant('Reminder Forge');
  await setPayments(t, tenant, {
    enableBankTransfer: true,
    bankAccountDetails: 'Nabil Bank, 0421 0170 0512 8842',
    enableCustomPayment: true,
    customPaymentLabel: 'PayPal invoice',
  });
  const owner = await createCustomer(t, tenant, { role: 'owner' });
  const settings = await adminCall(t, tenant, owner.accessToken, 'PATCH', '/site-settings/', {
    locale: 'en-GB',
    time_zone: 'Asia/Kathmandu',
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const product = await createProduct(t, tenant, { name: 'Sirupate', stock: 50, priceCents: 8500 });
  return { tenant, owner, product };
}

type Shop = Awaited<ReturnType<typeof shop>>;

/** A new customer's order of the product (bank transfer unless told), as the customer's answer has it. */
async function order(setup: Shop, paymentMethod = 'bank_transfer') {
  const customer = await createCustomer(t, setup.tenant);
  await addToCart(t, setup.tenant, customer.accessToken, setup.product.id, 1);
  const placed = await placeOrder(t, setup.tenant, customer.accessToken, { payment_method: paymentMethod });
  expect(placed.statusCode, placed.body).toBe(201);
  const answer: { id: number; number: string; created_at: string; payment_due_at: string } = placed.json();
  return { ...answer, email: customer.user.email };
}

/** The reminder e-mails the order's customer received. */
async function remindersOf(placed: { email: string; number: string }) {
  await t.settled();
  return mailsTo(t.config.DATA_DIR, placed.email).filter((mail) =>
    mail.body.includes(`Order ${placed.number} at Reminder Forge still awaits your payment`),
  );
}

const kathmanduDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kathmandu' })
    .format(new Date(iso))
    .replace(/\s/g, ' ');

/** The hour and minute of an instant in Kathmandu, worked out apart from any formatter: UTC plus 5 h 45 min. */
const kathmanduTime = (iso: string) => new Date(Date.parse(iso) + (5 * 60 + 45) * 60_000).toISOString().slice(11, 16);

describe('the time to pay a bank transfer', () => {
  it("is 7 days by default, and the confirmation e-mail says until when, in the shop's zone", async () => {
    const setup = await shop();
    const placed = await order(setup);
    const waits = Date.parse(placed.payment_due_at) - Date.parse(placed.created_at);
    expect(waits).toBeGreaterThanOrEqual(5 * DAY);
    expect(waits).toBe(7 * DAY);

    await t.settled();
    const [confirmation] = mailsTo(t.config.DATA_DIR, placed.email);
    expect(confirmation?.body).toContain('How to pay (Bank Transfer):');
    // On the shop's clock, the zone named: Kathmandu is 5 h 45 min ahead of UTC, whatever the server's zone.
    expect(confirmation?.body).toContain(
      `Please pay by ${kathmanduDay(placed.payment_due_at)} at ${kathmanduTime(placed.payment_due_at)} ` +
        '(Asia/Kathmandu, GMT+5:45): an order still unpaid then is cancelled and its items go back on sale.',
    );
  });
});

describe('the payment reminder', () => {
  it('goes two days before the payment time ends, once, however often and wherever the job runs', async () => {
    const setup = await shop();
    const placed = await order(setup);
    const due = Date.parse(placed.payment_due_at);
    expect(PAYMENT_REMINDER_LEAD_MS).toBe(2 * DAY);

    await sendPaymentReminders(t.app.deps, new Date(due - 2 * DAY - HOUR));
    expect(await remindersOf(placed)).toHaveLength(0);

    // Two instances at the same moment, and later runs: one reminder.
    const now = new Date(due - 2 * DAY + 60_000);
    await Promise.all([sendPaymentReminders(t.app.deps, now), sendPaymentReminders(t.app.deps, now)]);
    await sendPaymentReminders(t.app.deps, new Date(due - DAY));
    const reminders = await remindersOf(placed);
    expect(reminders).toHaveLength(1);
    const [reminder] = reminders;
    expect(reminder?.raw).toMatch(new RegExp(`^Subject: Reminder Forge: please pay order ${placed.number} by `, 'm'));
    expect(reminder?.body).toContain(
      `Please pay by ${kathmanduDay(placed.payment_due_at)} at ${kathmanduTime(placed.payment_due_at)} ` +
        '(Asia/Kathmandu, GMT+5:45): ',
    );
    expect(reminder?.body).toContain('Nabil Bank, 0421 0170 0512 8842');
    expect(reminder?.body).toContain(`/account/orders/${placed.id}`);
  });

  it('does not go for an order paid or cancelled, nor for one given two days or less to pay', async () => {
    const setup = await shop();
    const paid = await order(setup);
    const cancelled = await order(setup);
    const custom = await order(setup, 'custom');
    for (const [placed, to] of [
      [paid, 'paid'],
      [cancelled, 'cancelled'],
    ] as const) {
      const moved = await adminCall(
        t,
        setup.tenant,
        setup.owner.accessToken,
        'POST',
        `/orders/${placed.id}/transition/`,
        {
          to,
        },
      );
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const due = Date.parse(paid.payment_due_at);
    await sendPaymentReminders(t.app.deps, new Date(due - DAY));
    // The custom method's 24 hours: the confirmation said it all.
    await sendPaymentReminders(t.app.deps, new Date(Date.parse(custom.payment_due_at) - HOUR));
    for (const placed of [paid, cancelled, custom]) expect(await remindersOf(placed)).toHaveLength(0);
  });
});
