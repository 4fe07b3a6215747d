// The withdrawal function (decision 023) through the API: a signed-in customer's and a guest's withdrawal, the same
// answer for any order number and address, rate limits, the period's last day and the day after, lines and
// quantities refused by name, the receipt e-mail, ordinary returns, and another customer's order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer } from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { type DeliveredOrder, deliveredOrder, movedBack } from '../../../test/returns.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function withdraw(setup: DeliveredOrder, body: object, token = setup.customer.accessToken, orderId = setup.order.id) {
  return t.request(setup.shop, {
    method: 'POST',
    url: `/api/orders/orders/${orderId}/withdrawal/`,
    token,
    payload: body,
  });
}

function withdrawAsGuest(setup: DeliveredOrder, body: object) {
  return t.request(setup.shop, { method: 'POST', url: '/api/orders/withdrawal/', payload: body });
}

async function orderReturns(setup: DeliveredOrder) {
  const answer = await t.request(setup.shop, {
    method: 'GET',
    url: `/api/orders/orders/${setup.order.id}/returns/`,
    token: setup.customer.accessToken,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function mailsOf(setup: DeliveredOrder) {
  await t.settled();
  return mailsTo(t.config.DATA_DIR, setup.email);
}

/** Today's date (UTC, the calendar of a shop without settings) `days` days on. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('a signed-in customer withdraws', () => {
  it('from one line of a delivered order: recorded with its date and time, and a receipt goes at once', async () => {
    const setup = await deliveredOrder(t, 'Withdrawal shop');
    const before = Date.now();
    const answer = await withdraw(setup, {
      lines: [{ line_id: setup.mirrorLine.id, quantity: 1 }],
      reason: 'Too long',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const recorded = answer.json();
    expect(recorded).toMatchObject({
      kind: 'withdrawal',
      status: 'requested',
      order_id: setup.order.id,
      order_number: setup.order.number,
      opened_by: 'customer',
      reason: 'Too long',
      lines: [{ line_id: setup.mirrorLine.id, product_name: 'Sirupate — Mirror', sku: setup.mirror.sku, quantity: 1 }],
    });
    expect(Date.parse(recorded.requested_at)).toBeGreaterThanOrEqual(before - 1000);

    const [receipt] = (await mailsOf(setup)).filter((mail) => mail.body.includes('withdrawal from order'));
    expect(receipt?.body).toContain(`Subject: Withdrawal shop: withdrawal from order ${setup.order.number} received`);
    expect(receipt?.body).toContain(`We received your withdrawal from the contract of order ${setup.order.number} on `);
    expect(receipt?.body).toMatch(/ on \w+ \d{1,2}, \d{4} at \d{2}:\d{2} UTC\. This e-mail is your receipt\./);
    expect(receipt?.body).toMatch(new RegExp(`1 x Sirupate \\S+ Mirror \\(${setup.mirror.sku}\\)`));
    expect(receipt?.body).toContain('Your reason: Too long');
    expect(receipt?.body).toContain('within 14 days of receiving your withdrawal');

    const view = await orderReturns(setup);
    expect(view.withdrawal).toEqual({ starts: 'delivery', last_day: dayFromToday(14), open: true });
    expect(view.returns).toHaveLength(1);
    expect(view.lines.find((line: { line_id: number }) => line.line_id === setup.mirrorLine.id)).toMatchObject({
      quantity: 1,
      returnable: 0,
    });
  });

  it('from the whole order when no line is named: every line, every unit not yet returned', async () => {
    const setup = await deliveredOrder(t, 'Whole order shop');
    await withdraw(setup, { lines: [{ line_id: setup.satinLine.id, quantity: 1 }] });
    const answer = await withdraw(setup, { lines: [] });
    expect(answer.statusCode, answer.body).toBe(201);
    const lines = answer
      .json()
      .lines.map((line: { line_id: number; quantity: number }) => [line.line_id, line.quantity]);
    expect(lines.sort()).toEqual(
      [
        [setup.satinLine.id, 1],
        [setup.mirrorLine.id, 1],
      ].sort(),
    );
    const again = await withdraw(setup, {});
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ lines: [`Every item of order ${setup.order.number} has already been returned.`] });
  });

  it('is refused, naming it, for a line not in the order, too many units, or a line already returned', async () => {
    const setup = await deliveredOrder(t, 'Refusing shop');
    const other = await deliveredOrder(t, 'Other shop');
    const notOurs = await withdraw(setup, { lines: [{ line_id: other.satinLine.id, quantity: 1 }] });
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json()).toEqual({
      lines: [`Line ${other.satinLine.id} is not part of order ${setup.order.number}.`],
    });
    const tooMany = await withdraw(setup, { lines: [{ line_id: setup.satinLine.id, quantity: 3 }] });
    expect(tooMany.json()).toEqual({
      lines: [`Order ${setup.order.number} holds 2 of "Sirupate — Satin" (line ${setup.satinLine.id}), not 3.`],
    });
    const twice = await withdraw(setup, {
      lines: [
        { line_id: setup.mirrorLine.id, quantity: 1 },
        { line_id: setup.mirrorLine.id, quantity: 1 },
      ],
    });
    expect(twice.json()).toEqual({
      lines: [`"Sirupate — Mirror" (line ${setup.mirrorLine.id}) is named more than once.`],
    });

    expect((await withdraw(setup, { lines: [{ line_id: setup.satinLine.id, quantity: 1 }] })).statusCode).toBe(201);
    expect((await withdraw(setup, { lines: [{ line_id: setup.mirrorLine.id, quantity: 1 }] })).statusCode).toBe(201);
    const rest = await withdraw(setup, { lines: [{ line_id: setup.satinLine.id, quantity: 2 }] });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({
      lines: [`Only 1 of "Sirupate — Satin" (line ${setup.satinLine.id}) can still be returned: 1 already are.`],
    });
    const returned = await withdraw(setup, { lines: [{ line_id: setup.mirrorLine.id, quantity: 1 }] });
    expect(returned.json()).toEqual({
      lines: [`"Sirupate — Mirror" (line ${setup.mirrorLine.id}) has already been returned.`],
    });
    const zero = await withdraw(setup, { lines: [{ line_id: setup.satinLine.id, quantity: 0 }] });
    expect(zero.statusCode).toBe(400);
    expect(Object.keys(zero.json())).toEqual(['lines.0.quantity']);
  });

  it("is 404 for another customer's order, and for an order of another shop", async () => {
    const setup = await deliveredOrder(t, 'Owned shop');
    const stranger = await createCustomer(t, setup.shop);
    const answer = await withdraw(setup, {}, stranger.accessToken);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ detail: 'Order not found.', code: 'order_not_found' });
    const view = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/orders/orders/${setup.order.id}/returns/`,
      token: stranger.accessToken,
    });
    expect(view.statusCode).toBe(404);

    const elsewhere = await deliveredOrder(t, 'Elsewhere shop');
    const crossShop = await withdraw(setup, {}, setup.customer.accessToken, elsewhere.order.id);
    expect(crossShop.statusCode).toBe(404);
    expect((await withdraw(elsewhere, {}, setup.customer.accessToken)).statusCode).toBe(401);
    expect(await mailsOf(elsewhere)).not.toContainEqual(
      expect.objectContaining({ body: expect.stringContaining('withdrawal from order') }),
    );
  });

  it('needs to be signed in', async () => {
    const setup = await deliveredOrder(t, 'Anonymous shop', 'paid');
    const answer = await t.request(setup.shop, {
      method: 'POST',
      url: `/api/orders/orders/${setup.order.id}/withdrawal/`,
      payload: {},
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('the withdrawal period', () => {
  it('runs to the 14th day after the day of delivery: accepted on that last day, refused the day after with its date', async () => {
    const lastDay = await deliveredOrder(t, 'Last day shop');
    await movedBack(t, lastDay, 14);
    expect((await orderReturns(lastDay)).withdrawal).toEqual({
      starts: 'delivery',
      last_day: dayFromToday(0),
      open: true,
    });
    expect((await withdraw(lastDay, {})).statusCode).toBe(201);

    const dayAfter = await deliveredOrder(t, 'Day after shop');
    await movedBack(t, dayAfter, 15);
    const refused = await withdraw(dayAfter, {});
    expect(refused.statusCode).toBe(400);
    const ended = new Date(Date.now() - 86_400_000).toLocaleDateString('en-US', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(refused.json()).toEqual({
      code: 'withdrawal_period_ended',
      detail: `The withdrawal period of order ${dayAfter.order.number} ended on ${ended}. You can still ask for a return under the shop's refund policy.`,
    });
    expect((await orderReturns(dayAfter)).withdrawal).toEqual({
      starts: 'delivery',
      last_day: dayFromToday(-1),
      open: false,
    });
    // The ordinary return is still there.
    const ordinary = await t.request(dayAfter.shop, {
      method: 'POST',
      url: `/api/orders/orders/${dayAfter.order.id}/returns/`,
      token: dayAfter.customer.accessToken,
      payload: { lines: [{ line_id: dayAfter.satinLine.id, quantity: 1 }], reason: 'Changed my mind' },
    });
    expect(ordinary.statusCode, ordinary.body).toBe(201);
    expect(ordinary.json()).toMatchObject({ kind: 'return', status: 'requested' });
    const [receipt] = (await mailsOf(dayAfter)).filter((mail) => mail.body.includes('return request'));
    expect(receipt?.body).toContain(`We received your return request for order ${dayAfter.order.number} on `);
  });

  it('runs from the order for goods never shipped, and has not begun while they are on their way', async () => {
    const unshipped = await deliveredOrder(t, 'Unshipped shop', 'paid');
    expect((await orderReturns(unshipped)).withdrawal).toEqual({
      starts: 'order',
      last_day: dayFromToday(14),
      open: true,
    });
    await movedBack(t, unshipped, 15, 'order');
    expect((await withdraw(unshipped, {})).json().code).toBe('withdrawal_period_ended');

    const onItsWay = await deliveredOrder(t, 'On its way shop', 'shipped');
    await movedBack(t, onItsWay, 40, 'order');
    expect((await orderReturns(onItsWay)).withdrawal).toEqual({
      starts: 'awaiting_delivery',
      last_day: null,
      open: true,
    });
    expect((await withdraw(onItsWay, {})).statusCode).toBe(201);
  });

  it('is counted on the shop calendar', async () => {
    const setup = await deliveredOrder(t, 'Kathmandu shop');
    const changed = await t.request(setup.shop, {
      method: 'PATCH',
      url: '/api/admin/site-settings/',
      token: setup.owner.accessToken,
      payload: { time_zone: 'Asia/Kathmandu' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Delivered at 20:00 UTC: already the next day in Kathmandu (UTC+5:45).
    await t.testDb.database.raw.query(
      `update order_history set created_at = '2026-06-01T20:00:00Z'
        where tenant_id = $1 and order_id = $2 and to_status = 'delivered'`,
      [setup.shop.id, setup.order.id],
    );
    expect((await orderReturns(setup)).withdrawal.last_day).toBe('2026-06-16');
  });
});

describe('a guest withdraws with the order number and its e-mail address', () => {
  it('from one line: 202 with the time, and the receipt goes to the order address', async () => {
    const setup = await deliveredOrder(t, 'Guest shop');
    const answer = await withdrawAsGuest(setup, {
      order_number: setup.order.number,
      email: ` ${setup.email.toUpperCase()} `,
      lines: [{ line_id: setup.mirrorLine.id, quantity: 1 }],
    });
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toEqual({
      detail: 'If this order exists, a receipt is on its way to its e-mail address.',
      requested_at: expect.any(String),
    });
    const view = await orderReturns(setup);
    expect(view.returns).toMatchObject([
      { kind: 'withdrawal', opened_by: 'guest', lines: [{ line_id: setup.mirrorLine.id, quantity: 1 }] },
    ]);
    const receipts = (await mailsOf(setup)).filter((mail) => mail.body.includes('withdrawal from order'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.body).toMatch(new RegExp(`1 x Sirupate \\S+ Mirror \\(${setup.mirror.sku}\\)`));
  });

  it('answers an unknown order, a wrong address and a known pair alike, and records nothing for the first two', async () => {
    const setup = await deliveredOrder(t, 'Enumeration shop');
    const stranger = await createCustomer(t, setup.shop);
    const answers = [];
    for (const body of [
      { order_number: '999999', email: setup.email },
      { order_number: setup.order.number, email: stranger.user.email },
      { order_number: setup.order.number, email: 'nobody@example.com' },
      { order_number: setup.order.number, email: setup.email, lines: [{ line_id: 2_000_000, quantity: 1 }] },
      { order_number: setup.order.number, email: setup.email },
    ]) {
      const answer = await withdrawAsGuest(setup, body);
      answers.push({ status: answer.statusCode, keys: Object.keys(answer.json()), detail: answer.json().detail });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({
      status: 202,
      keys: ['detail', 'requested_at'],
      detail: 'If this order exists, a receipt is on its way to its e-mail address.',
    });
    // One withdrawal (the last), and the refused one told to the order's own address, naming the line.
    expect((await orderReturns(setup)).returns).toHaveLength(1);
    const mails = await mailsOf(setup);
    const refused = mails.filter((mail) => mail.body.includes('we could not record it'));
    expect(refused).toHaveLength(1);
    expect(refused[0]?.body).toContain(`Line 2000000 is not part of order ${setup.order.number}.`);
    expect(mailsTo(t.config.DATA_DIR, stranger.user.email)).toEqual([]);
  });

  it('after the period: the same answer, and the order address is told the date it ended', async () => {
    const setup = await deliveredOrder(t, 'Late guest shop');
    await movedBack(t, setup, 20);
    const answer = await withdrawAsGuest(setup, { order_number: setup.order.number, email: setup.email });
    expect(answer.statusCode).toBe(202);
    expect((await orderReturns(setup)).returns).toEqual([]);
    const [told] = (await mailsOf(setup)).filter((mail) => mail.body.includes('we could not record it'));
    expect(told?.body).toContain(`The withdrawal period of order ${setup.order.number} ended on `);
    expect(told?.body).toContain('You can still ask for an ordinary return');
  });

  it('is limited per e-mail address named, known or not, and per client address', async () => {
    const setup = await deliveredOrder(t, 'Limited shop', 'paid');
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await withdrawAsGuest(setup, { order_number: `${attempt + 5000}`, email: 'someone@example.com' });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const throttled = await withdrawAsGuest(setup, { order_number: '5000', email: 'SOMEONE@example.com' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toMatch(/^You have stated too many withdrawals\. Try again in \d+ minutes?\.$/);
    // Other addresses from the same client: the address's own limit (10 in 15 minutes) ends it.
    const more = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      more.push((await withdrawAsGuest(setup, { order_number: '1', email: `other${attempt}@example.com` })).statusCode);
    }
    expect(more).toEqual([202, 202, 202, 429, 429]);
  });

  it('asks only for the order number and its e-mail address', async () => {
    const setup = await deliveredOrder(t, 'Fields shop', 'paid');
    const answer = await withdrawAsGuest(setup, { order_number: '', email: 'not an address' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      order_number: ['Enter the order number.'],
      email: ['Enter a valid email address.'],
    });
  });
});

describe("a guest's link to the order's items", () => {
  it('goes to the order address only, opens the order lines, and refuses an altered or expired link', async () => {
    const setup = await deliveredOrder(t, 'Link shop');
    const unknown = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/withdrawal/link/',
      payload: { order_number: '424242', email: setup.email },
    });
    const known = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/withdrawal/link/',
      payload: { order_number: setup.order.number, email: setup.email },
    });
    expect([unknown.statusCode, known.statusCode]).toEqual([202, 202]);
    expect(unknown.json().detail).toBe(known.json().detail);
    const mails = (await mailsOf(setup)).filter((mail) => mail.body.includes('withdraw from order'));
    expect(mails).toHaveLength(1);
    const link = mails[0]?.body.match(/https?:\/\/\S+\/withdrawal\?\S+/)?.[0];
    expect(link).toBeDefined();
    const params = new URL(link as string).searchParams;
    const query = new URLSearchParams({
      order_number: params.get('order') ?? '',
      email: params.get('email') ?? '',
      expires: params.get('expires') ?? '',
      key: params.get('key') ?? '',
    });
    const opened = await t.request(setup.shop, { method: 'GET', url: `/api/orders/withdrawal/order/?${query}` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      order_number: setup.order.number,
      withdrawal: { open: true },
      lines: expect.arrayContaining([expect.objectContaining({ line_id: setup.mirrorLine.id, returnable: 1 })]),
    });
    for (const [name, value] of [
      ['key', 'x'.repeat(43)],
      ['expires', String(Number(params.get('expires')) + 60)],
      ['expires', String(Math.floor(Date.now() / 1000) - 60)],
    ] as const) {
      const altered = new URLSearchParams(query);
      altered.set(name, value);
      const answer = await t.request(setup.shop, { method: 'GET', url: `/api/orders/withdrawal/order/?${altered}` });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe('withdrawal_link_invalid');
    }
  });
});
