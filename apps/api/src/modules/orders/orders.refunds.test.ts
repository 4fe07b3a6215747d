// Refunds through `POST /api/admin/orders/{id}/refunds/`: card orders through the real Payment Maintenance client
// against the built-in sandbox (over HTTP on loopback: JWE + JWS both ways), bank transfer and custom orders recorded
// by staff; amounts, idempotency, voids, pending refunds, restock through the ledger, status, history and e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../../test/admin.ts';
import { buildServedTestApp, type TestApp } from '../../../test/app.ts';
import { addToCart, createProduct, placeOrder, setPayments, takeCards } from '../../../test/builders.ts';
import { followReturn, payAtHostedPage } from '../../../test/card-gateway.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { pollPendingRefunds } from '../payments/index.ts';

let t: TestApp & { origin: string };

beforeAll(async () => {
  // A card payment settles an hour after it is paid (until then it can be voided only); a pending refund waits one
  // status poll, then completes (.01) or fails (.02); one ending in .03 is made and answered past the shop's timeout.
  t = await buildServedTestApp({
    NODE_ENV: 'development',
    PAYMENT_GATEWAY_TIMEOUT_MS: '4000',
    SANDBOX_GATEWAY_SETTLE_AFTER_SECONDS: '3600',
    SANDBOX_GATEWAY_REFUND_PENDING_POLLS: '1',
  });
});
afterAll(() => t.close());

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.testDb.database.raw.query<T>(query, params);
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await sql<{ stock: number }>('select stock from products where id = $1', [productId]);
  return row?.stock ?? Number.NaN;
}

/** A shop with staff, a product (stock 5, 85.00), and a customer's order of 2 units by `method`. */
async function orderBy(method: 'card_2c2p' | 'bank_transfer' | 'custom') {
  const setup = await shopWithStaff(t, `Refund shop ${method}`);
  await setPayments(t, setup.shop, {
    enableBankTransfer: true,
    bankAccountDetails: 'Test Bank',
    enableCustomPayment: true,
    customPaymentLabel: 'Cash on delivery',
  });
  if (method === 'card_2c2p') await takeCards(t, setup.shop);
  const product = await createProduct(t, setup.shop, { stock: 5, priceCents: 8500 });
  await addToCart(t, setup.shop, setup.customer.accessToken, product.id, 2);
  const placed = await placeOrder(t, setup.shop, setup.customer.accessToken, { payment_method: method });
  expect(placed.statusCode, placed.body).toBe(201);
  // The order's own notices (the shop's new-order e-mail) are sent before a test changes the shop's address.
  await t.settled();
  const order = placed.json() as { id: number; total: string };
  return { ...setup, product, order };
}

type Setup = Awaited<ReturnType<typeof orderBy>>;

/** Pays a card order through the sandbox's hosted page; `settled` moves the sandbox's settlement past. */
async function payByCard(setup: Setup, options: { settled: boolean }) {
  const started = await t.request(setup.shop, {
    method: 'POST',
    url: '/api/payments/card/initiate/',
    token: setup.customer.accessToken,
    payload: { order_id: setup.order.id, currency: 'USD' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const visit = await payAtHostedPage(started.json().redirectUrl, 'approve');
  if (visit.returnForm) await followReturn(visit.returnForm);
  await t.settled();
  if (options.settled) {
    // The acquirer's cut-off has passed since the payment: the sandbox's record of it is from two hours ago.
    await sql(
      `update sandbox_gateway_transactions set transaction_at = now() - interval '2 hours'
        where tenant_id = $1`,
      [setup.shop.id],
    );
  }
}

/** Marks a bank-transfer or custom order paid, as staff do when the money arrives. */
async function markPaid(setup: Setup) {
  const paid = await staffCall(setup, 'POST', `/orders/${setup.order.id}/transition/`, { to: 'paid' });
  expect(paid.statusCode, paid.body).toBe(200);
}

function staffCall(setup: Setup, method: 'GET' | 'POST', url: string, payload?: object, headers = {}) {
  return t.request(setup.shop, {
    method,
    url: `/api/admin${url}`,
    token: setup.staff.accessToken,
    headers,
    ...(payload ? { payload } : {}),
  });
}

/** A refund by the shop's owner (the `staff` role may not refund: decision 021). */
function refund(setup: Setup, body: object, headers: Record<string, string> = {}) {
  return t.request(setup.shop, {
    method: 'POST',
    url: `/api/admin/orders/${setup.order.id}/refunds/`,
    token: setup.owner.accessToken,
    headers,
    payload: body,
  });
}

async function customerOrder(setup: Setup) {
  await t.settled();
  const response = await t.request(setup.shop, {
    method: 'GET',
    url: `/api/orders/orders/${setup.order.id}/`,
    token: setup.customer.accessToken,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    status: string;
    refunded_amount: string;
    refunds: { amount: string; status: string; kind: string; method: string; created_at: string }[];
    history: { status: string }[];
  };
}

describe('refunds of orders paid outside the shop (recorded by staff)', () => {
  it('a bank-transfer order marked paid, then refunded in part, shows its refunded amount and refund', async () => {
    const setup = await orderBy('bank_transfer');
    await markPaid(setup);
    const response = await refund(setup, {
      amount: '50.00',
      reason: 'one knife arrived scratched',
      reference: 'BANK-REF-991',
      refunded_on: '2026-11-20',
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order.status).toBe('partially_refunded');
    expect(order.refunded_amount).toBe('50.00');
    expect(order.refundable_amount).toBe('120.00');
    expect(order.refunds).toEqual([
      expect.objectContaining({
        amount: '50.00',
        status: 'succeeded',
        kind: 'manual',
        method: 'bank_transfer',
        reason: 'one knife arrived scratched',
        reference: 'BANK-REF-991',
        refunded_on: '2026-11-20',
      }),
    ]);
    expect(order.history.at(-1)).toMatchObject({ status: 'partially_refunded', from_status: 'paid', actor: 'staff' });
    const mine = await customerOrder(setup);
    expect(mine.refunded_amount).toBe('50.00');
    expect(mine.refunds).toEqual([
      expect.objectContaining({ amount: '50.00', status: 'succeeded', method: 'bank_transfer' }),
    ]);
    const mails = mailsTo(t.config.DATA_DIR, setup.customer.user.email).map((mail) => mail.body);
    expect(mails.some((body) => body.includes('We have refunded $50.00 USD to you (Bank Transfer).'))).toBe(true);
  });

  it('refunds a custom-method order in full, then refuses anything more', async () => {
    const setup = await orderBy('custom');
    await markPaid(setup);
    const first = await refund(setup, { amount: '100' });
    expect(first.statusCode, first.body).toBe(201);
    const full = await refund(setup, { amount: '70.00' });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json()).toMatchObject({ status: 'refunded', refunded_amount: '170.00', refundable_amount: '0.00' });
    expect(
      full
        .json()
        .history.map((step: { status: string }) => step.status)
        .slice(-2),
    ).toEqual(['partially_refunded', 'refunded']);
    const more = await refund(setup, { amount: '0.01' });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({ amount: ['At most 0.00 is left to refund on this order.'] });
  });

  it('refuses more than is left to refund, a refund of an unpaid order, and a malformed amount', async () => {
    const setup = await orderBy('bank_transfer');
    const unpaid = await refund(setup, { amount: '10.00' });
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().amount).toEqual(['This order has not been paid: there is nothing to refund.']);
    await markPaid(setup);
    const over = await refund(setup, { amount: '170.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ amount: ['At most 170.00 is left to refund on this order.'] });
    const malformed = await refund(setup, { amount: '12.345' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('amount');
    const order = await customerOrder(setup);
    expect(order).toMatchObject({ status: 'paid', refunded_amount: '0.00', refunds: [] });
  });

  it('answers a retry with the same Idempotency-Key with the same refund, and refuses the key for another body', async () => {
    const setup = await orderBy('bank_transfer');
    await markPaid(setup);
    const key = { 'idempotency-key': 'refund-7c1e' };
    const first = await refund(setup, { amount: '30.00', reason: 'late' }, key);
    const again = await refund(setup, { amount: '30.00', reason: 'late' }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().refunds).toHaveLength(1);
    expect(again.json().refunded_amount).toBe('30.00');
    const other = await refund(setup, { amount: '31.00', reason: 'late' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_key_reused');
  });

  it('puts restocked units back through the stock ledger, never more than the order held', async () => {
    const setup = await orderBy('bank_transfer');
    await markPaid(setup);
    expect(await stockOf(setup.product.id)).toBe(3);
    const returned = await refund(setup, {
      amount: '85.00',
      reason: 'returned unused',
      restock: [{ product_id: setup.product.id, quantity: 1 }],
    });
    expect(returned.statusCode, returned.body).toBe(201);
    expect(await stockOf(setup.product.id)).toBe(4);
    const ledger = await sql<{ quantity: number; reason: string; order_id: number }>(
      `select quantity, reason, order_id from stock_movements where product_id = $1 order by id desc limit 1`,
      [setup.product.id],
    );
    expect(ledger).toEqual([{ quantity: 1, reason: 'return', order_id: setup.order.id }]);
    const tooMany = await refund(setup, { amount: '1.00', restock: [{ product_id: setup.product.id, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ restock: [`At most 1 units of product ${setup.product.id} can be put back.`] });
    expect(await stockOf(setup.product.id)).toBe(4);
  });

  it('is for roles that may refund only (the owner), and another shop’s order answers 404', async () => {
    const setup = await orderBy('bank_transfer');
    await markPaid(setup);
    const asCustomer = await t.request(setup.shop, {
      method: 'POST',
      url: `/api/admin/orders/${setup.order.id}/refunds/`,
      token: setup.customer.accessToken,
      payload: { amount: '1.00' },
    });
    expect(asCustomer.statusCode).toBe(403);
    // Staff whose role may not refund: 403, with why; nothing is refunded.
    const asStaff = await staffCall(setup, 'POST', `/orders/${setup.order.id}/refunds/`, { amount: '1.00' });
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().detail).toBe('Your role may not refund orders: ask the shop owner.');
    const cancelling = await staffCall(setup, 'POST', `/orders/${setup.order.id}/transition/`, {
      to: 'cancelled',
      refund: true,
    });
    expect(cancelling.statusCode).toBe(403);
    expect((await customerOrder(setup)).refunds).toEqual([]);
    const other = await shopWithStaff(t, 'Another refund shop');
    const elsewhere = await t.request(other.shop, {
      method: 'POST',
      url: `/api/admin/orders/${setup.order.id}/refunds/`,
      token: other.owner.accessToken,
      payload: { amount: '1.00' },
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('card refunds through the sandbox gateway (Payment Maintenance API)', () => {
  it('refunds part of a settled card payment at once, and the customer sees it', async () => {
    const setup = await orderBy('card_2c2p');
    await payByCard(setup, { settled: true });
    const response = await refund(setup, { amount: '40.00', reason: 'discount promised' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'partially_refunded', refunded_amount: '40.00' });
    expect(response.json().refunds[0]).toMatchObject({ kind: 'refund', status: 'succeeded', method: 'card_2c2p' });
    expect(response.json().refunds[0].reference).toMatch(/^\d{8}$/);
    const mine = await customerOrder(setup);
    expect(mine.refunds).toEqual([expect.objectContaining({ amount: '40.00', status: 'succeeded', kind: 'refund' })]);
    const mails = mailsTo(t.config.DATA_DIR, setup.customer.user.email).map((mail) => mail.body);
    expect(mails.some((body) => body.includes('We have refunded $40.00 USD to your credit/debit card.'))).toBe(true);
  });

  it('voids a payment not yet settled when all of it goes back, and refuses a partial refund before settlement', async () => {
    const setup = await orderBy('card_2c2p');
    await payByCard(setup, { settled: false });
    const partial = await refund(setup, { amount: '10.00' });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().code).toBe('payment_not_settled');
    const voided = await refund(setup, { amount: '170.00', reason: 'customer changed their mind' });
    expect(voided.statusCode, voided.body).toBe(201);
    expect(voided.json()).toMatchObject({ status: 'refunded', refunded_amount: '170.00', refundable_amount: '0.00' });
    const kinds = voided.json().refunds.map((row: { kind: string; status: string }) => [row.kind, row.status]);
    expect(kinds).toEqual([
      ['refund', 'failed'],
      ['void', 'succeeded'],
    ]);
    await t.settled();
    const mails = mailsTo(t.config.DATA_DIR, setup.customer.user.email).map((mail) => mail.body);
    expect(mails.some((body) => body.includes('Your card payment of $170.00 USD has been voided'))).toBe(true);
  });

  it('keeps a refund pending at the bank until a status poll finds it complete, then moves the order and mails', async () => {
    const setup = await orderBy('card_2c2p');
    await payByCard(setup, { settled: true });
    const response = await refund(setup, { amount: '20.01' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'paid', refunded_amount: '0.00', refundable_amount: '149.99' });
    expect(response.json().refunds[0]).toMatchObject({ status: 'pending', kind: 'refund' });
    expect((await customerOrder(setup)).refunds[0]?.status).toBe('pending');
    const documents = async () =>
      (await staffCall(setup, 'GET', `/orders/${setup.order.id}/documents/`))
        .json()
        .map((document: { kind: string }) => document.kind);
    // No credit note for money not yet back.
    expect(await documents()).toEqual(['invoice']);

    // The first poll finds it still pending; one a while later finds it complete.
    const first = await pollPendingRefunds(t.app.deps, new Date(Date.now() + 60_000));
    expect(first.completed).toBe(0);
    expect((await customerOrder(setup)).refunds[0]?.status).toBe('pending');
    await pollPendingRefunds(t.app.deps, new Date(Date.now() + 10 * 60_000));
    const order = await customerOrder(setup);
    expect(order).toMatchObject({ status: 'partially_refunded', refunded_amount: '20.01' });
    expect(order.refunds[0]?.status).toBe('succeeded');
    const mails = mailsTo(t.config.DATA_DIR, setup.customer.user.email).map((mail) => mail.body);
    expect(mails.some((body) => body.includes('The refund of $20.01 USD for order'))).toBe(true);
    // Its credit note came with the completion.
    expect(await documents()).toEqual(['invoice', 'credit_note']);
  });

  it('records a pending refund the bank refuses as failed and flagged, frees its amount and tells the shop', async () => {
    const setup = await orderBy('card_2c2p');
    const shopAddress = `orders${setup.shop.id}@refunds.example`;
    const site = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/site-settings/', {
      contact_email: shopAddress,
    });
    expect(site.statusCode, site.body).toBe(200);
    await payByCard(setup, { settled: true });
    expect((await refund(setup, { amount: '20.02' })).statusCode).toBe(201);
    await pollPendingRefunds(t.app.deps, new Date(Date.now() + 60_000));
    await pollPendingRefunds(t.app.deps, new Date(Date.now() + 10 * 60_000));
    await t.settled();
    const detail = (await staffCall(setup, 'GET', `/orders/${setup.order.id}/`)).json();
    expect(detail.refunds[0]).toMatchObject({ status: 'failed', review_reason: expect.stringContaining('refused') });
    expect(detail).toMatchObject({ status: 'paid', refunded_amount: '0.00', refundable_amount: '170.00' });
    // The shop hears of it once, with the amount and where to act; the customer is not told of a refund that failed.
    const notices = mailsTo(t.config.DATA_DIR, shopAddress);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toMatch(/A refund of \$20\.02 USD on order \S+ failed at /);
    expect(notices[0]?.body).toContain(`/admin/orders/${setup.order.id}/show`);
    expect(notices[0]?.body).toContain('no unit of this refund was put back in stock');
  });

  it('a refund the gateway did not answer, asked about by retries and the re-drive at once: recorded once, sent once', async () => {
    const setup = await orderBy('card_2c2p');
    await payByCard(setup, { settled: true });
    const key = { 'idempotency-key': `late-${setup.order.id}` };
    const first = await refund(setup, { amount: '40.03' }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().refunds[0]).toMatchObject({ status: 'unknown' });
    // Two staff retries while the re-drive job runs: one of them asks the gateway and records; the others leave it.
    const retries = await Promise.all([
      refund(setup, { amount: '40.03' }, key),
      refund(setup, { amount: '40.03' }, key),
      pollPendingRefunds(t.app.deps).then(() => null),
    ]);
    for (const retry of retries) if (retry) expect(retry.statusCode, retry.body).toBe(200);
    await t.settled();
    const detail = (await staffCall(setup, 'GET', `/orders/${setup.order.id}/`)).json();
    expect(detail).toMatchObject({ status: 'partially_refunded', refunded_amount: '40.03' });
    expect(detail.refunds).toEqual([expect.objectContaining({ amount: '40.03', status: 'succeeded' })]);
    const atGateway = await sql<{ amount_cents: number }>(
      `select r.amount_cents::int as amount_cents from sandbox_gateway_refunds r
         join sandbox_gateway_transactions x on x.tenant_id = r.tenant_id and x.id = r.transaction_id
        where r.tenant_id = $1 and r.process_type = 'R'`,
      [setup.shop.id],
    );
    expect(atGateway).toEqual([{ amount_cents: 4003 }]);
  });

  it('cancelling a paid card order with a refund voids it on the day and says so in the e-mail', async () => {
    const setup = await orderBy('card_2c2p');
    await payByCard(setup, { settled: false });
    const cancelled = await t.request(setup.shop, {
      method: 'POST',
      url: `/api/admin/orders/${setup.order.id}/transition/`,
      token: setup.owner.accessToken,
      payload: { to: 'cancelled', reason: 'out of stock', refund: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refunded_amount: '170.00' });
    expect(cancelled.json().refunds).toEqual([expect.objectContaining({ kind: 'void', status: 'succeeded' })]);
    await t.settled();
    const mail = mailsTo(t.config.DATA_DIR, setup.customer.user.email).find((one) =>
      one.body.includes('has cancelled order'),
    );
    expect(mail?.body).toContain('Your card payment of $170.00 USD has been voided');
    expect(mail?.body).not.toContain('will be refunded');
  });

  it('a card payment that succeeded after its order was cancelled is refunded in full from the order, and its flag lifted', async () => {
    const setup = await orderBy('card_2c2p');
    const started = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/payments/card/initiate/',
      token: setup.customer.accessToken,
      payload: { order_id: setup.order.id, currency: 'USD' },
    });
    expect(started.statusCode, started.body).toBe(200);
    // Staff cancel the order while the customer is on the gateway's page; the payment succeeds all the same.
    const cancelled = await staffCall(setup, 'POST', `/orders/${setup.order.id}/transition/`, { to: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const visit = await payAtHostedPage(started.json().redirectUrl, 'approve');
    if (visit.returnForm) await followReturn(visit.returnForm);
    await t.settled();
    const flagged = (await staffCall(setup, 'GET', `/orders/${setup.order.id}/`)).json();
    expect(flagged).toMatchObject({ status: 'cancelled', refundable_amount: '170.00' });
    expect(flagged.payments[0].review_reason).toContain('after its order was cancelled');

    const refunded = await refund(setup, { amount: '170.00', reason: 'paid after the order was cancelled' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json()).toMatchObject({
      status: 'cancelled',
      refunded_amount: '170.00',
      refundable_amount: '0.00',
    });
    expect(refunded.json().refunds).toEqual([expect.objectContaining({ kind: 'void', status: 'succeeded' })]);
    expect(refunded.json().payments[0].review_reason).toBeNull();
    // The cancellation gave the stock back already; the refund puts back nothing more.
    expect(await stockOf(setup.product.id)).toBe(5);
  });

  /** A card order cancelled by staff while its customer pays at the gateway: its payment succeeds all the same. */
  async function paidAfterCancel() {
    const setup = await orderBy('card_2c2p');
    const started = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/payments/card/initiate/',
      token: setup.customer.accessToken,
      payload: { order_id: setup.order.id, currency: 'USD' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const cancelled = await staffCall(setup, 'POST', `/orders/${setup.order.id}/transition/`, { to: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const visit = await payAtHostedPage(started.json().redirectUrl, 'approve');
    if (visit.returnForm) await followReturn(visit.returnForm);
    await t.settled();
    expect(await stockOf(setup.product.id)).toBe(5);
    const flagged = (await staffCall(setup, 'GET', `/orders/${setup.order.id}/`)).json();
    expect(flagged.payments[0].review_reason, 'flagged').toContain('after its order was cancelled');
    return setup;
  }

  it('a card payment that succeeded after its order was cancelled restores the order: paid, its units taken again', async () => {
    const setup = await paidAfterCancel();
    const restored = await staffCall(setup, 'POST', `/orders/${setup.order.id}/transition/`, { to: 'paid' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ status: 'paid', refundable_amount: '170.00', refunded_amount: '0.00' });
    expect(restored.json().payments[0].review_reason).toBeNull();
    expect(await stockOf(setup.product.id)).toBe(3);
    expect((await customerOrder(setup)).status).toBe('paid');
    // Restored once: a second restore is a move the table does not have.
    const again = await staffCall(setup, 'POST', `/orders/${setup.order.id}/transition/`, { to: 'paid' });
    expect(again.statusCode).toBe(409);
    // It is an ordinary paid order now: its cancellation gives back its 2 units, once.
    const cancelled = await t.request(setup.shop, {
      method: 'POST',
      url: `/api/admin/orders/${setup.order.id}/transition/`,
      token: setup.owner.accessToken,
      payload: { to: 'cancelled', reason: 'customer changed their mind', refund: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refunded_amount: '170.00' });
    expect(await stockOf(setup.product.id)).toBe(5);
  });

  it('refuses to restore an order whose units were sold meanwhile, naming the product, and changes nothing', async () => {
    const setup = await paidAfterCancel();
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 4);
    const other = await placeOrder(t, setup.shop, setup.customer.accessToken, { payment_method: 'bank_transfer' });
    expect(other.statusCode, other.body).toBe(201);
    const refused = await staffCall(setup, 'POST', `/orders/${setup.order.id}/transition/`, { to: 'paid' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'insufficient_stock',
      detail: `Not enough stock to restore this order: ${setup.product.name} has 1 left of the 2 it needs.`,
    });
    const order = (await staffCall(setup, 'GET', `/orders/${setup.order.id}/`)).json();
    expect(order).toMatchObject({ status: 'cancelled', refundable_amount: '170.00' });
    expect(order.payments, JSON.stringify(order.payments)).toEqual([
      expect.objectContaining({ review_reason: expect.stringContaining('after its order was cancelled') }),
    ]);
    expect(await stockOf(setup.product.id)).toBe(1);
  });

  it('refuses to restore a cancelled order that holds no payment, or whose payment went back', async () => {
    const unpaid = await orderBy('card_2c2p');
    await staffCall(unpaid, 'POST', `/orders/${unpaid.order.id}/transition/`, { to: 'cancelled' });
    const refused = await staffCall(unpaid, 'POST', `/orders/${unpaid.order.id}/transition/`, { to: 'paid' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'not_restorable',
      detail: 'Only an order whose payment arrived after it was cancelled, none of it refunded, can be restored.',
    });

    const setup = await paidAfterCancel();
    expect((await refund(setup, { amount: '170.00', reason: 'paid after cancel' })).statusCode).toBe(201);
    const after = await staffCall(setup, 'POST', `/orders/${setup.order.id}/transition/`, { to: 'paid' });
    expect(after.statusCode).toBe(409);
    expect(await stockOf(setup.product.id)).toBe(5);
  });

  it('cancelling a paid order without a refund tells the customer it was not refunded', async () => {
    const setup = await orderBy('bank_transfer');
    await markPaid(setup);
    const cancelled = await staffCall(setup, 'POST', `/orders/${setup.order.id}/transition/`, { to: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    await t.settled();
    const mail = mailsTo(t.config.DATA_DIR, setup.customer.user.email).find((one) =>
      one.body.includes('has cancelled order'),
    );
    expect(mail?.body).toContain('has not been refunded with this cancellation');
  });
});

describe("the shop's sender", () => {
  it("sends the shop's mail from its own name, address and reply-to, which only the owner sets", async () => {
    const setup = await orderBy('bank_transfer');
    const sender = {
      sender_name: 'Himalayan Khukuri House',
      sender_address: 'orders@khukuri.example',
      reply_to: 'help@khukuri.example',
    };
    const byStaff = await staffCall(setup, 'GET', '/mail-settings/');
    expect(byStaff.statusCode).toBe(403);
    const bad = await t.request(setup.shop, {
      method: 'PATCH',
      url: '/api/admin/mail-settings/',
      token: setup.owner.accessToken,
      payload: { ...sender, reply_to: 'not an address' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('reply_to');
    const set = await t.request(setup.shop, {
      method: 'PATCH',
      url: '/api/admin/mail-settings/',
      token: setup.owner.accessToken,
      payload: sender,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ ...sender, notify_new_order: true, notify_low_stock: true });
    await markPaid(setup);
    await t.settled();
    const mail = mailsTo(t.config.DATA_DIR, setup.customer.user.email).find((one) =>
      one.body.includes('payment received'),
    );
    expect(mail?.raw).toMatch(/^From: "?Himalayan Khukuri House"? <orders@khukuri\.example>$/m);
    expect(mail?.raw).toMatch(/^Reply-To: help@khukuri\.example$/m);
  });

  it("sends under the shop's name by default, never as a bare localhost sender", async () => {
    const setup = await orderBy('bank_transfer');
    await markPaid(setup);
    await t.settled();
    const mail = mailsTo(t.config.DATA_DIR, setup.customer.user.email).at(-1);
    expect(mail?.raw).toMatch(/^From: "?Refund shop bank_transfer"? </m);
  });
});
