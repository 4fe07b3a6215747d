// What the shop sold, through HTTP: the dashboard's figures of today and the sales report, both counting paid orders
// only (no order awaiting payment, no cancelled one, no test order) by the calendar of the shop's time zone.
import { parseMinor } from '@platform/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCall, shopWithStaff } from '../../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { addToCart, createProduct, placeOrder, setPayments, takeCards } from '../../../../test/builders.ts';
import { GERMANY, NEW_YORK, taxedOrder, taxedShop } from '../../../../test/taxed-orders.ts';
import type { ProductRow } from '../../catalog/products/products.repository.ts';

let t: TestApp;
beforeAll(async () => {
  // The built-in test gateway is allowed, so that a shop can take test orders.
  t = await buildTestApp({ SANDBOX_GATEWAY_ENABLED: 'true' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A shop in `timeZone` taking bank transfers, with staff, a customer and two products (85.00 and 12.50). */
async function salesShop(timeZone: string) {
  const setup = await shopWithStaff(t, `Sales in ${timeZone}`);
  await setPayments(t, setup.shop);
  const changed = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/site-settings/', {
    time_zone: timeZone,
  });
  expect(changed.statusCode).toBe(200);
  const knife = await createProduct(t, setup.shop, { name: 'Kukri', stock: 100, priceCents: 8500 });
  const sheath = await createProduct(t, setup.shop, { name: 'Sheath', stock: 100, priceCents: 1250 });
  return { ...setup, knife, sheath };
}

type SalesShop = Awaited<ReturnType<typeof salesShop>>;

/** The customer orders these lines by bank transfer: the order, awaiting payment. */
async function order(setup: SalesShop, lines: [ProductRow, number][]): Promise<number> {
  for (const [product, quantity] of lines) {
    await addToCart(t, setup.shop, setup.customer.accessToken, product.id, quantity);
  }
  const placed = await placeOrder(t, setup.shop, setup.customer.accessToken);
  expect(placed.statusCode).toBe(201);
  return (placed.json() as { id: number }).id;
}

async function move(setup: SalesShop, orderId: number, to: string) {
  const moved = await adminCall(t, setup.shop, setup.staff.accessToken, 'POST', `/orders/${orderId}/transition/`, {
    to,
  });
  expect(moved.statusCode).toBe(200);
}

/** An order of these lines, marked paid by staff; its payment dated `paidAt` (an explicit instant, UTC). */
async function paidOrder(setup: SalesShop, lines: [ProductRow, number][], paidAt: string): Promise<number> {
  const id = await order(setup, lines);
  await move(setup, id, 'paid');
  await t.testDb.database.raw.query('update orders set paid_at = $1 where id = $2', [paidAt, id]);
  return id;
}

function report(setup: Pick<SalesShop, 'shop' | 'owner'>, query: string, token = setup.owner.accessToken) {
  return adminCall(t, setup.shop, token, 'GET', `/reports/sales/?${query}`);
}

/**
 * Figures of orders without shipping, discount or tax (this file's shop charges none): goods are the revenue, and
 * net is the revenue less `refunds` (`net`, given whenever there are refunds).
 */
function plain(orders: number, units: number, revenue: string, refunds = '0.00', net = revenue) {
  return {
    orders,
    units,
    goods: revenue,
    discounts: '0.00',
    shipping: '0.00',
    tax_added: '0.00',
    tax_included: '0.00',
    revenue,
    refunds,
    net,
  };
}

const zero = plain(0, 0, '0.00');

describe('the dashboard', () => {
  it("counts today's revenue from midnight in the shop's time zone, of paid orders only", async () => {
    const setup = await salesShop('Asia/Kathmandu');
    // 00:15 on 2 November in Kathmandu (UTC+05:45), still the 1st in UTC: today.
    await paidOrder(setup, [[setup.knife, 1]], '2026-11-01T18:30:00Z');
    // 23:45 on 1 November in Kathmandu: yesterday, though the same UTC day as the one above.
    await paidOrder(setup, [[setup.knife, 2]], '2026-11-01T18:00:00Z');
    // Paid this morning, then cancelled: no revenue.
    const cancelled = await paidOrder(setup, [[setup.knife, 3]], '2026-11-02T01:00:00Z');
    await move(setup, cancelled, 'cancelled');
    // Awaiting payment: no revenue yet, but listed.
    const unpaid = await order(setup, [[setup.sheath, 4]]);
    // A test order, paid this morning: no money changed hands.
    await takeCards(t, setup.shop);
    const test = await order(setup, [[setup.sheath, 1]]);
    await setPayments(t, setup.shop, { enableCardPayment: false });
    await move(setup, test, 'paid');
    await t.testDb.database.raw.query('update orders set paid_at = $1 where id = $2', ['2026-11-02T02:00:00Z', test]);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-02T06:00:00Z'));
    const answer = await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/dashboard/');
    // Asked for, the test order counts too (the dashboard's switch, for a demo).
    const withTests = await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/dashboard/?include_test=true');
    const without = await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/dashboard/?include_test=false');
    const wrong = await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/dashboard/?include_test=yes');
    vi.useRealTimers();
    expect(withTests.statusCode).toBe(200);
    expect(withTests.json()).toMatchObject({
      include_test: true,
      orders_today: 2,
      revenue_today: '97.50',
      sales_today: plain(2, 2, '97.50'),
      awaiting_payment: 1,
    });
    expect(without.json()).toMatchObject({ include_test: false, orders_today: 1, revenue_today: '85.00' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ include_test: ['Say true or false.'] });
    expect(answer.statusCode).toBe(200);
    const dashboard = answer.json();
    expect(dashboard).toMatchObject({
      time_zone: 'Asia/Kathmandu',
      today: '2026-11-02',
      include_test: false,
      orders_today: 1,
      revenue_today: '85.00',
      awaiting_payment: 1,
      low_stock: [],
    });
    expect(dashboard.awaiting_payment_orders).toEqual([
      expect.objectContaining({
        id: unpaid,
        total: '50.00',
        currency: 'USD',
        payment_method: 'bank_transfer',
        customer_email: setup.customer.user.email,
        is_test: false,
      }),
    ]);
  });

  it("starts the shop's day at its own midnight: at 23:50 in Kathmandu, this morning's order still counts", async () => {
    const setup = await salesShop('Asia/Kathmandu');
    await paidOrder(setup, [[setup.sheath, 2]], '2026-11-01T18:30:00Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    // 18:05 UTC on the 2nd is 23:50 on the 2nd in Kathmandu; at 18:20 UTC it is already the 3rd there.
    vi.setSystemTime(new Date('2026-11-02T18:05:00Z'));
    const late = (await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/dashboard/')).json();
    vi.setSystemTime(new Date('2026-11-02T18:20:00Z'));
    const next = (await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/dashboard/')).json();
    vi.useRealTimers();
    expect(late).toMatchObject({ today: '2026-11-02', orders_today: 1, revenue_today: '25.00' });
    expect(next).toMatchObject({ today: '2026-11-03', orders_today: 0, revenue_today: '0.00' });
  });
});

describe('the sales report', () => {
  it('answers every day of the range in the shop time zone, with zeros for days without sales', async () => {
    const setup = await salesShop('Asia/Kathmandu');
    await paidOrder(
      setup,
      [
        [setup.knife, 1],
        [setup.sheath, 2],
      ],
      '2026-11-01T18:30:00Z',
    );
    await paidOrder(setup, [[setup.knife, 2]], '2026-11-01T18:00:00Z');
    await paidOrder(setup, [[setup.sheath, 1]], '2026-11-04T10:00:00Z');
    // Never revenue: awaiting payment, and paid then cancelled.
    await order(setup, [[setup.knife, 5]]);
    const cancelled = await paidOrder(setup, [[setup.knife, 3]], '2026-11-03T10:00:00Z');
    await move(setup, cancelled, 'cancelled');

    const answer = await report(setup, 'from=2026-11-01&to=2026-11-05&interval=day');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      currency: 'USD',
      time_zone: 'Asia/Kathmandu',
      interval: 'day',
      from: '2026-11-01',
      to: '2026-11-05',
    });
    expect(body.series).toEqual([
      { period: '2026-11-01', ...plain(1, 2, '170.00') },
      { period: '2026-11-02', ...plain(1, 3, '110.00') },
      { period: '2026-11-03', ...zero },
      { period: '2026-11-04', ...plain(1, 1, '12.50') },
      { period: '2026-11-05', ...zero },
    ]);
    expect(body.totals).toEqual(plain(3, 6, '292.50'));
    expect(body.top_products).toEqual([
      { product_id: setup.knife.id, name: 'Kukri', units: 3, revenue: '255.00' },
      { product_id: setup.sheath.id, name: 'Sheath', units: 3, revenue: '37.50' },
    ]);
  });

  it('counts money given back on the day it went back, and keeps the refunded orders in revenue', async () => {
    const setup = await salesShop('Asia/Kathmandu');
    const partly = await paidOrder(setup, [[setup.knife, 2]], '2026-11-01T10:00:00Z');
    const wholly = await paidOrder(setup, [[setup.sheath, 1]], '2026-11-01T11:00:00Z');
    for (const [orderId, amount] of [
      [partly, '30.00'],
      [wholly, '12.50'],
    ] as const) {
      const refunded = await adminCall(t, setup.shop, setup.owner.accessToken, 'POST', `/orders/${orderId}/refunds/`, {
        amount,
        reason: 'Returned',
        reference: `R-${orderId}`,
        restock: [],
      });
      expect(refunded.statusCode).toBe(201);
    }
    // Sent back at 19:00 UTC on the 2nd: the 3rd in Kathmandu.
    await t.testDb.database.raw.query('update refunds set completed_at = $1 where order_id = any($2)', [
      '2026-11-02T19:00:00Z',
      [partly, wholly],
    ]);

    const body = (await report(setup, 'from=2026-11-01&to=2026-11-04&interval=day')).json();
    expect(body.series).toEqual([
      { period: '2026-11-01', ...plain(2, 3, '182.50') },
      { period: '2026-11-02', ...zero },
      { period: '2026-11-03', ...plain(0, 0, '0.00', '42.50', '-42.50') },
      { period: '2026-11-04', ...zero },
    ]);
    expect(body.totals).toEqual(plain(2, 3, '182.50', '42.50', '140.00'));
  });

  it('subtracts only refunds of orders it counted as revenue: a cancelled order refunded takes nothing off', async () => {
    const setup = await salesShop('UTC');
    const kept = await paidOrder(setup, [[setup.knife, 1]], '2026-11-01T10:00:00Z');
    const cancelled = await paidOrder(setup, [[setup.sheath, 1]], '2026-11-01T11:00:00Z');
    // Cancelled with its money sent back: never revenue, so its refund is no loss of revenue either.
    const cancelling = await adminCall(
      t,
      setup.shop,
      setup.owner.accessToken,
      'POST',
      `/orders/${cancelled}/transition/`,
      {
        to: 'cancelled',
        refund: true,
      },
    );
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    const refunded = await adminCall(t, setup.shop, setup.owner.accessToken, 'POST', `/orders/${kept}/refunds/`, {
      amount: '10.00',
      reason: 'Scratched',
      reference: 'R-1',
      restock: [],
    });
    expect(refunded.statusCode).toBe(201);
    const [both] = await t.testDb.database.raw.query<{ count: number }>(
      "select count(*)::integer as count from refunds where order_id = any($1) and status = 'succeeded'",
      [[kept, cancelled]],
    );
    expect(both?.count).toBe(2);
    await t.testDb.database.raw.query('update refunds set completed_at = $1 where order_id = any($2)', [
      '2026-11-02T09:00:00Z',
      [kept, cancelled],
    ]);

    const body = (await report(setup, 'from=2026-11-01&to=2026-11-02&interval=day')).json();
    expect(body.series).toEqual([
      { period: '2026-11-01', ...plain(1, 1, '85.00') },
      { period: '2026-11-02', ...plain(0, 0, '0.00', '10.00', '-10.00') },
    ]);
    expect(body.totals).toEqual(plain(1, 1, '85.00', '10.00', '75.00'));
  });

  it('splits revenue into goods, discounts, shipping and tax, VAT held in the prices apart from tax added', async () => {
    const setup = await taxedShop(t, 'Split sales shop');
    const german = await taxedOrder(t, setup, GERMANY, { quantity: 2, discounted: true });
    const american = await taxedOrder(t, setup, NEW_YORK);
    for (const { order } of [german, american]) {
      const paid = await adminCall(t, setup.shop, setup.staff.accessToken, 'POST', `/orders/${order.id}/transition/`, {
        to: 'paid',
      });
      expect(paid.statusCode).toBe(200);
      await t.testDb.database.raw.query('update orders set paid_at = $1 where id = $2', [
        '2026-11-03T12:00:00Z',
        order.id,
      ]);
    }
    // Germany: 237.98 of goods (VAT 40.20 in them and the shipping), 10.00 off, shipping 23.80, total 251.78.
    // New York: 99.99 of goods, shipping 10.00, sales tax 9.77 added, total 119.76.
    expect([german.order.total, american.order.total]).toEqual(['251.78', '119.76']);
    const split = {
      orders: 2,
      units: 3,
      goods: '337.97',
      discounts: '10.00',
      shipping: '33.80',
      tax_added: '9.77',
      tax_included: '40.20',
      revenue: '371.54',
      refunds: '0.00',
      net: '371.54',
    };
    const body = (await report(setup, 'from=2026-11-03&to=2026-11-03')).json();
    // A shop that never set its time zone cuts its days in UTC, and says so.
    expect(body.time_zone).toBe('UTC');
    expect(body.totals).toEqual(split);
    expect(body.series).toEqual([{ period: '2026-11-03', ...split }]);
    // goods − discounts + shipping + tax added = revenue, the sum of what the orders' customers were charged.
    const cents = (amount: string) => parseMinor(amount) ?? Number.NaN;
    expect(cents(split.goods) - cents(split.discounts) + cents(split.shipping) + cents(split.tax_added)).toBe(
      cents(german.order.total) + cents(american.order.total),
    );

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-03T18:00:00Z'));
    const dashboard = (await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/dashboard/')).json();
    vi.useRealTimers();
    expect(dashboard).toMatchObject({ time_zone: 'UTC', today: '2026-11-03', revenue_today: '371.54' });
    expect(dashboard.sales_today).toEqual(split);
  });

  it("groups weeks from Monday and months by the calendar of the shop's zone", async () => {
    const setup = await salesShop('Asia/Kathmandu');
    // Sunday 1 November, 23:45 there: the week of Monday 26 October.
    await paidOrder(setup, [[setup.sheath, 1]], '2026-11-01T18:00:00Z');
    // Monday 2 November, 00:15 there: the week of 2 November.
    await paidOrder(setup, [[setup.sheath, 2]], '2026-11-01T18:30:00Z');
    // Saturday 31 October, 23:45 there: October. Sunday 1 November, 00:15 there: November.
    await paidOrder(setup, [[setup.knife, 1]], '2026-10-31T18:00:00Z');
    await paidOrder(setup, [[setup.knife, 2]], '2026-10-31T18:30:00Z');

    const weeks = (await report(setup, 'from=2026-10-19&to=2026-11-15&interval=week')).json();
    expect(weeks.series).toEqual([
      { period: '2026-10-19', ...zero },
      { period: '2026-10-26', ...plain(3, 4, '267.50') },
      { period: '2026-11-02', ...plain(1, 2, '25.00') },
      { period: '2026-11-09', ...zero },
    ]);

    const months = (await report(setup, 'from=2026-09-01&to=2026-11-30&interval=month')).json();
    expect(months.series).toEqual([
      { period: '2026-09-01', ...zero },
      { period: '2026-10-01', ...plain(1, 1, '85.00') },
      { period: '2026-11-01', ...plain(3, 5, '207.50') },
    ]);
    // A range that starts mid-week counts only its own days in its first period.
    const partial = (await report(setup, 'from=2026-11-02&to=2026-11-08&interval=week')).json();
    expect(partial.series).toEqual([{ period: '2026-11-02', ...plain(1, 2, '25.00') }]);
    const midWeek = (await report(setup, 'from=2026-10-28&to=2026-10-31&interval=week')).json();
    expect(midWeek.series).toEqual([{ period: '2026-10-26', ...plain(1, 1, '85.00') }]);
  });

  it('compares with the period of equal length just before: as many days, or as many whole months', async () => {
    const setup = await salesShop('UTC');
    await paidOrder(setup, [[setup.knife, 1]], '2026-11-06T12:00:00Z');
    await paidOrder(setup, [[setup.sheath, 2]], '2026-11-10T12:00:00Z');
    await paidOrder(setup, [[setup.sheath, 1]], '2026-10-15T12:00:00Z');

    const week = (await report(setup, 'from=2026-11-08&to=2026-11-14')).json();
    expect(week.interval).toBe('day');
    expect(week.totals).toEqual(plain(1, 2, '25.00'));
    expect(week.previous.from).toBe('2026-11-01');
    expect(week.previous.to).toBe('2026-11-07');
    expect(week.previous.series).toHaveLength(7);
    expect(week.previous.series[5]).toEqual({ period: '2026-11-06', ...plain(1, 1, '85.00') });
    expect(week.previous.totals).toEqual(plain(1, 1, '85.00'));

    const november = (await report(setup, 'from=2026-11-01&to=2026-11-30&interval=month')).json();
    expect(november.series).toEqual([{ period: '2026-11-01', ...plain(2, 3, '110.00') }]);
    expect(november.previous).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      series: [{ period: '2026-10-01', ...plain(1, 1, '12.50') }],
      totals: plain(1, 1, '12.50'),
    });
  });

  it('covers the last 30 days of the shop, today included, when not told a range', async () => {
    const setup = await salesShop('Asia/Kathmandu');
    await paidOrder(setup, [[setup.knife, 1]], '2026-11-01T18:30:00Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    // 20:00 UTC on 1 November is 01:45 on the 2nd in Kathmandu: the 2nd is the shop's today. (An instant in the past,
    // so that the staff's access token, issued now, is not yet expired then.)
    vi.setSystemTime(new Date('2026-11-01T20:00:00Z'));
    const body = (await report(setup, '')).json();
    vi.useRealTimers();
    expect(body).toMatchObject({ from: '2026-10-04', to: '2026-11-02', interval: 'day' });
    expect(body.series).toHaveLength(30);
    expect(body.series[0]).toEqual({ period: '2026-10-04', ...zero });
    expect(body.series[29]).toEqual({ period: '2026-11-02', ...plain(1, 1, '85.00') });
  });

  it('covers the 30 days from or to the one end it is told', async () => {
    const setup = await salesShop('UTC');
    const fromOnly = (await report(setup, 'from=2026-10-01')).json();
    expect([fromOnly.from, fromOnly.to, fromOnly.series.length]).toEqual(['2026-10-01', '2026-10-30', 30]);
    const toOnly = (await report(setup, 'to=2026-03-01&interval=week')).json();
    expect([toOnly.from, toOnly.to, toOnly.interval]).toEqual(['2026-01-31', '2026-03-01', 'week']);
    expect(toOnly.series.map((period: { period: string }) => period.period)).toEqual([
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
    ]);
  });

  it('refuses a range it cannot answer with the field and the reason', async () => {
    const setup = await salesShop('UTC');
    const refused = async (query: string) => {
      const answer = await report(setup, query);
      expect(answer.statusCode, query).toBe(400);
      return answer.json();
    };
    expect(await refused('from=2026-11-10&to=2026-11-01')).toEqual({
      to: ['The end of the range cannot be before its start.'],
    });
    expect(await refused('from=2026-02-30&to=2026-03-01')).toEqual({ from: ['Not a day of the calendar.'] });
    expect(await refused('from=1.11.2026&to=2026-11-30')).toEqual({ from: ['Enter a date as YYYY-MM-DD.'] });
    expect(await refused('from=2026-11-01&to=2026-11-30&interval=year')).toEqual({
      interval: ['Choose day, week or month.'],
    });
    expect(await refused('from=2025-01-01&to=2026-11-30&interval=day')).toEqual({
      to: ['A report by day covers at most 366 days.'],
    });
    expect((await report(setup, 'from=2025-01-01&to=2026-11-30&interval=week')).statusCode).toBe(200);
    expect(await refused('from=2020-01-01&to=2026-11-30&interval=month')).toEqual({
      to: ['A report by month covers at most 1830 days.'],
    });
  });

  it('is for staff only: 401 for a guest, 403 for a customer', async () => {
    const setup = await salesShop('UTC');
    const query = 'from=2026-11-01&to=2026-11-07';
    expect((await adminCall(t, setup.shop, undefined, 'GET', `/reports/sales/?${query}`)).statusCode).toBe(401);
    const asCustomer = await report(setup, query, setup.customer.accessToken);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().detail).toBe('You do not have permission to perform this action.');
    expect((await report(setup, query, setup.owner.accessToken)).statusCode).toBe(200);
    // Revenue is for roles that may see it (ROLE_PERMISSIONS): the `staff` role may not, nor its dashboard's money.
    const byStaff = await report(setup, query, setup.staff.accessToken);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().detail).toBe("Your role may not see the shop's revenue.");
    const dashboard = (await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/dashboard/')).json();
    expect(dashboard).toMatchObject({ revenue_today: null, sales_today: null, orders_today: expect.any(Number) });
  });

  it("never counts another shop's orders, nor answers another shop's staff", async () => {
    const mine = await salesShop('UTC');
    const theirs = await salesShop('UTC');
    await paidOrder(mine, [[mine.knife, 1]], '2026-11-03T12:00:00Z');
    await paidOrder(theirs, [[theirs.sheath, 4]], '2026-11-03T12:00:00Z');
    const query = 'from=2026-11-01&to=2026-11-07';
    const body = (await report(mine, query)).json();
    expect(body.totals).toEqual(plain(1, 1, '85.00'));
    expect(body.top_products).toEqual([{ product_id: mine.knife.id, name: 'Kukri', units: 1, revenue: '85.00' }]);
    expect((await report(mine, query, theirs.owner.accessToken)).statusCode).toBe(401);
  });
});
