// Returns for staff through `/api/admin/returns/`: the list and its filters, marking what came back, rejecting with a
// reason e-mailed, a return opened on the customer's behalf, the refund that ends a return, each shop's own returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { stockOf } from '../../../test/builders.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { type DeliveredOrder, deliveredOrder, movedBack, ownerCall } from '../../../test/returns.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function staffCall(setup: DeliveredOrder, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.request(setup.shop, {
    method,
    url: `/api/admin${url}`,
    token: setup.staff.accessToken,
    ...(payload ? { payload } : {}),
  });
}

/** The customer withdraws from the mirror unit; the return's id. */
async function mirrorWithdrawn(setup: DeliveredOrder): Promise<number> {
  const answer = await t.request(setup.shop, {
    method: 'POST',
    url: `/api/orders/orders/${setup.order.id}/withdrawal/`,
    token: setup.customer.accessToken,
    payload: { lines: [{ line_id: setup.mirrorLine.id, quantity: 1 }] },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id;
}

async function customerMails(setup: DeliveredOrder, text: string) {
  await t.settled();
  return mailsTo(t.config.DATA_DIR, setup.email).filter((mail) => mail.body.includes(text));
}

describe('staff list returns', () => {
  it('newest first, paginated, filtered by status, kind and order number, with the customer', async () => {
    const setup = await deliveredOrder(t, 'Listing shop');
    const first = await mirrorWithdrawn(setup);
    const second = await ownerCall(t, setup, 'POST', '/returns/', {
      order_id: setup.order.id,
      lines: [{ line_id: setup.satinLine.id, quantity: 1 }],
    });
    expect(second.statusCode, second.body).toBe(201);
    await staffCall(setup, 'POST', `/returns/${first}/reject/`, { reason: 'Engraved to order' });

    const all = await staffCall(setup, 'GET', '/returns/?page_size=1');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({
      count: 2,
      results: [{ id: second.json().id, kind: 'return', status: 'requested', customer_email: setup.email }],
    });
    const page2 = await staffCall(setup, 'GET', '/returns/?page_size=1&page=2');
    expect(page2.json().results.map((row: { id: number }) => row.id)).toEqual([first]);
    const rejected = await staffCall(setup, 'GET', '/returns/?status=rejected');
    expect(rejected.json().results.map((row: { id: number }) => row.id)).toEqual([first]);
    const withdrawals = await staffCall(setup, 'GET', '/returns/?kind=withdrawal');
    expect(withdrawals.json().results.map((row: { id: number }) => row.id)).toEqual([first]);
    const byNumber = await staffCall(setup, 'GET', `/returns/?search=${setup.order.number}&ordering=requested_at`);
    expect(byNumber.json().results.map((row: { id: number }) => row.id)).toEqual([first, second.json().id]);
    expect((await staffCall(setup, 'GET', '/returns/?status=lost')).statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    const setup = await deliveredOrder(t, 'Gated shop', 'paid');
    const asCustomer = await t.request(setup.shop, {
      method: 'GET',
      url: '/api/admin/returns/',
      token: setup.customer.accessToken,
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await t.request(setup.shop, { method: 'GET', url: '/api/admin/returns/' })).statusCode).toBe(401);
  });
});

describe('staff receive a return', () => {
  it('per line: what came back and its state; the customer is told, the audit log has it', async () => {
    const setup = await deliveredOrder(t, 'Receiving shop');
    const id = await mirrorWithdrawn(setup);
    const tooMany = await staffCall(setup, 'POST', `/returns/${id}/receive/`, {
      lines: [{ line_id: setup.mirrorLine.id, received_quantity: 2, condition: 'as_new' }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      lines: [`"Sirupate — Mirror" (line ${setup.mirrorLine.id}): 1 were sent back, not more.`],
    });
    const notInIt = await staffCall(setup, 'POST', `/returns/${id}/receive/`, {
      lines: [{ line_id: setup.satinLine.id, received_quantity: 1, condition: 'as_new' }],
    });
    expect(notInIt.json()).toEqual({ lines: [`Line ${setup.satinLine.id} is not part of return ${id}.`] });

    const received = await staffCall(setup, 'POST', `/returns/${id}/receive/`, {
      lines: [{ line_id: setup.mirrorLine.id, received_quantity: 1, condition: 'used' }],
      note: 'Scratch on the blade',
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({
      status: 'received',
      received_note: 'Scratch on the blade',
      received_at: expect.any(String),
      lines: [{ line_id: setup.mirrorLine.id, quantity: 1, received_quantity: 1, condition: 'used' }],
    });
    const [mail] = await customerMails(setup, 'is back with us');
    expect(mail?.body).toMatch(new RegExp(`1 x Sirupate \\S+ Mirror \\(${setup.mirror.sku}\\)`));
    expect((await auditLog(t, setup, 'return', id)).map((entry) => entry.action)).toEqual(['return.receive']);

    const again = await staffCall(setup, 'POST', `/returns/${id}/receive/`, {
      lines: [{ line_id: setup.mirrorLine.id, received_quantity: 1, condition: 'used' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: `Return ${id} was received already.`, code: 'return_status' });
  });
});

describe('staff reject a return', () => {
  it('with a reason the customer is e-mailed; its units may be returned again', async () => {
    const setup = await deliveredOrder(t, 'Rejecting shop');
    const id = await mirrorWithdrawn(setup);
    const blank = await staffCall(setup, 'POST', `/returns/${id}/reject/`, { reason: ' ' });
    expect(blank.json()).toEqual({ reason: ['Say why the return is rejected.'] });
    const rejected = await staffCall(setup, 'POST', `/returns/${id}/reject/`, { reason: 'The blade was engraved.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejection_reason: 'The blade was engraved.' });
    const [mail] = await customerMails(setup, 'We could not accept your withdrawal');
    expect(mail?.body).toContain('The blade was engraved.');
    expect((await staffCall(setup, 'POST', `/returns/${id}/reject/`, { reason: 'Again' })).statusCode).toBe(409);
    // The customer sees it, and may state it again.
    const view = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/orders/orders/${setup.order.id}/returns/`,
      token: setup.customer.accessToken,
    });
    expect(view.json().returns).toMatchObject([
      { id, status: 'rejected', rejection_reason: 'The blade was engraved.' },
    ]);
    await mirrorWithdrawn(setup);
  });
});

describe('staff open a return on the customer behalf', () => {
  it('with the same rules and receipt; a withdrawal only within its period', async () => {
    const setup = await deliveredOrder(t, 'Behalf shop');
    const opened = await staffCall(setup, 'POST', '/returns/', {
      order_id: setup.order.id,
      kind: 'withdrawal',
      lines: [{ line_id: setup.satinLine.id, quantity: 2 }],
      reason: 'Phoned in',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({
      kind: 'withdrawal',
      opened_by: 'staff',
      opened_by_user_id: setup.staff.user.id,
      period_last_day: expect.any(String),
    });
    const [receipt] = await customerMails(setup, 'recorded by our staff on your behalf');
    expect(receipt?.body).toMatch(new RegExp(`2 x Sirupate \\S+ Satin \\(${setup.satin.sku}\\)`));
    expect((await auditLog(t, setup, 'return', opened.json().id)).map((entry) => entry.action)).toEqual([
      'return.open',
    ]);

    const already = await staffCall(setup, 'POST', '/returns/', {
      order_id: setup.order.id,
      lines: [{ line_id: setup.satinLine.id, quantity: 1 }],
    });
    expect(already.json()).toEqual({
      lines: [`"Sirupate — Satin" (line ${setup.satinLine.id}) has already been returned.`],
    });
    await movedBack(t, setup, 30);
    const late = await staffCall(setup, 'POST', '/returns/', { order_id: setup.order.id, kind: 'withdrawal' });
    expect(late.json().code).toBe('withdrawal_period_ended');
    const ordinary = await staffCall(setup, 'POST', '/returns/', { order_id: setup.order.id });
    expect(ordinary.statusCode).toBe(201);
    expect(ordinary.json().lines).toEqual([expect.objectContaining({ line_id: setup.mirrorLine.id, quantity: 1 })]);
    const unknown = await staffCall(setup, 'POST', '/returns/', { order_id: 2_000_000 });
    expect(unknown.json()).toEqual({ order_id: ['No order of the shop has this id.'] });
  });
});

describe('a refund ends the returns it covers', () => {
  it('refunded in full: the received return becomes refunded, through the outbox', async () => {
    const setup = await deliveredOrder(t, 'Refunding shop');
    const id = await mirrorWithdrawn(setup);
    await staffCall(setup, 'POST', `/returns/${id}/receive/`, {
      lines: [{ line_id: setup.mirrorLine.id, received_quantity: 1, condition: 'as_new' }],
    });
    const part = await ownerCall(t, setup, 'POST', `/orders/${setup.order.id}/refunds/`, { amount: '10.00' });
    expect(part.statusCode, part.body).toBe(201);
    await t.settled();
    expect((await staffCall(setup, 'GET', `/returns/${id}/`)).json().status).toBe('received');

    const rest = await ownerCall(t, setup, 'POST', `/orders/${setup.order.id}/refunds/`, {
      amount: (Number(setup.order.total) - 10).toFixed(2),
    });
    expect(rest.statusCode, rest.body).toBe(201);
    await t.settled();
    const refunded = (await staffCall(setup, 'GET', `/returns/${id}/`)).json();
    expect(refunded).toMatchObject({ status: 'refunded', refunded_at: expect.any(String) });
    const [row] = await t.testDb.database.raw.query<{ refund_id: number }>(
      'select refund_id from returns where tenant_id = $1 and id = $2',
      [setup.shop.id, id],
    );
    expect(row?.refund_id).toEqual(expect.any(Number));
  });
});

describe('a refund by line ends the return of its lines', () => {
  it("refunding the returned variant's unit ends that return only and puts back only that variant's unit", async () => {
    const setup = await deliveredOrder(t, 'Line refund shop');
    const mirror = await mirrorWithdrawn(setup);
    const satin = await ownerCall(t, setup, 'POST', '/returns/', {
      order_id: setup.order.id,
      lines: [{ line_id: setup.satinLine.id, quantity: 1 }],
    });
    expect(satin.statusCode, satin.body).toBe(201);
    await staffCall(setup, 'POST', `/returns/${mirror}/receive/`, {
      lines: [{ line_id: setup.mirrorLine.id, received_quantity: 1, condition: 'as_new' }],
    });
    const [mirrorBefore, satinBefore] = [await stockOf(t, setup.mirror.id), await stockOf(t, setup.satin.id)];

    const refunded = await ownerCall(t, setup, 'POST', `/orders/${setup.order.id}/refunds/`, {
      lines: [{ line_id: setup.mirrorLine.id, quantity: 1, restock: true }],
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    await t.settled();
    expect((await staffCall(setup, 'GET', `/returns/${mirror}/`)).json()).toMatchObject({
      status: 'refunded',
      refunded_at: expect.any(String),
    });
    expect((await staffCall(setup, 'GET', `/returns/${satin.json().id}/`)).json().status).toBe('requested');
    expect(await stockOf(t, setup.mirror.id)).toEqual({
      variant: mirrorBefore.variant + 1,
      product: mirrorBefore.product + 1,
    });
    expect((await stockOf(t, setup.satin.id)).variant).toBe(satinBefore.variant);

    // Listed by the staff's list of refunded returns, and on the customer's order.
    const listed = await staffCall(setup, 'GET', '/returns/?status=refunded');
    expect(listed.json().results.map((row: { id: number }) => row.id)).toEqual([mirror]);
  });
});

describe('each shop its own returns', () => {
  it("another shop's return answers 404 to its staff, and lists nothing of it", async () => {
    const mine = await deliveredOrder(t, 'My returns shop');
    const theirs = await deliveredOrder(t, 'Their returns shop');
    const id = await mirrorWithdrawn(theirs);
    expect((await staffCall(mine, 'GET', `/returns/${id}/`)).statusCode).toBe(404);
    expect(
      (
        await staffCall(mine, 'POST', `/returns/${id}/receive/`, {
          lines: [{ line_id: theirs.mirrorLine.id, received_quantity: 1, condition: 'as_new' }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await staffCall(mine, 'POST', `/returns/${id}/reject/`, { reason: 'No' })).statusCode).toBe(404);
    expect((await staffCall(mine, 'GET', '/returns/')).json()).toEqual({ count: 0, results: [] });
    const crossOrder = await staffCall(mine, 'POST', '/returns/', { order_id: theirs.order.id });
    expect(crossOrder.json()).toEqual({ order_id: ['No order of the shop has this id.'] });
    expect((await staffCall(theirs, 'GET', `/returns/${id}/`)).json().status).toBe('requested');
  });
});
