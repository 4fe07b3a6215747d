// Contract tests of card payments: the real 2C2P adapter against the built-in sandbox gateway, over HTTP on
// loopback; the shopper's browser is driven through the hosted page and back.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServedTestApp, freePort, type TestApp } from '../../../test/app.ts';
import {
  addToCart,
  createCustomer,
  createProduct,
  placeOrder,
  setPayments,
  TEST_MERCHANT_SECRET,
  takeCards,
} from '../../../test/builders.ts';
import { eventually, followReturn, payAtHostedPage } from '../../../test/card-gateway.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { signHs256 } from '../../lib/hs256.ts';
import { PAYMENT_TIMEOUT, transitionOrder } from '../orders/index.ts';
import type { Tenant } from '../tenants/index.ts';
import { type CardGatewaySettings, reconcilePayments } from './index.ts';
import { GATEWAY_BODY_LIMIT, PAYMENT_RATE_LIMITS } from './payments.routes.ts';

let t: TestApp & { origin: string };
const logs: string[] = [];

/** How the misbehaving 2C2P stand-in answers the next Payment Token request. */
type Misbehaviour = 'html' | 'unsigned-garbage' | 'wrong-key' | 'refusal' | 'no-token' | 'server-error' | 'hang';
let misbehaviour: Misbehaviour = 'html';
let misbehaving: http.Server;
const hanging = new Set<http.ServerResponse>();

async function misbehave(response: http.ServerResponse): Promise<void> {
  const json = (status: number, body: object) =>
    void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  switch (misbehaviour) {
    case 'html':
      return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Maintenance</html>');
    case 'unsigned-garbage':
      return json(200, { payload: 'not-a-jwt' });
    case 'wrong-key':
      return json(200, {
        payload: await signHs256(
          { paymentToken: 'x', webPaymentUrl: 'https://x.example', respCode: '0000' },
          'k'.repeat(32),
        ),
      });
    case 'refusal':
      return json(200, { respCode: '9015', respDesc: 'Existing invoice number.' });
    case 'no-token':
      return json(200, { payload: await signHs256({ respCode: '0000', respDesc: 'Success' }, TEST_MERCHANT_SECRET) });
    case 'server-error':
      return json(503, { error: 'unavailable' });
    case 'hang':
      hanging.add(response);
  }
}

beforeAll(async () => {
  misbehaving = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => void misbehave(response));
  });
  await new Promise<void>((resolve) => misbehaving.listen(0, '127.0.0.1', resolve));
  const { port } = misbehaving.address() as AddressInfo;
  t = await buildServedTestApp(
    {
      SANDBOX_GATEWAY_LATE_NOTIFICATION_MS: '300',
      NODE_ENV: 'development',
      PAYMENT_GATEWAY_TIMEOUT_MS: '1000',
      TWOC2P_SANDBOX_URL: `http://127.0.0.1:${port}`,
      TWOC2P_PRODUCTION_URL: `http://127.0.0.1:${await freePort()}`,
    },
    logs,
  );
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await new Promise((resolve) => misbehaving.close(resolve));
  await t.close();
});

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.testDb.database.raw.query<T>(query, params);
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await sql<{ stock: number }>('select stock from products where id = $1', [productId]);
  return row?.stock ?? Number.NaN;
}

/**
 * A shop taking cards (through the sandbox gateway unless told otherwise), a customer with a card order of
 * 2 × $85.00 awaiting payment.
 */
async function cardOrder(gateway: Partial<CardGatewaySettings> = {}) {
  const shop = await t.createTenant('Khukuri card shop');
  await setPayments(t, shop);
  const merchant = await takeCards(t, shop, gateway);
  const customer = await createCustomer(t, shop);
  const product = await createProduct(t, shop, { stock: 5, priceCents: 8500 });
  await addToCart(t, shop, customer.accessToken, product.id, 2);
  const placed = await placeOrder(t, shop, customer.accessToken, { payment_method: 'card_2c2p' });
  expect(placed.statusCode).toBe(201);
  const order = placed.json() as { id: number; number: string; total: string };
  return { shop, merchant, customer, product, order };
}

type Setup = Awaited<ReturnType<typeof cardOrder>>;

async function initiate(setup: Setup, body: object = {}, token = setup.customer.accessToken) {
  return t.request(setup.shop, {
    method: 'POST',
    url: '/api/payments/card/initiate/',
    token,
    payload: { order_id: setup.order.id, currency: 'USD', ...body },
  });
}

async function startPayment(setup: Setup): Promise<{ redirectUrl: string; payment_uuid: string }> {
  const response = await initiate(setup);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function paymentStatus(setup: Setup, uuid: string, token = setup.customer.accessToken) {
  return t.request(setup.shop, { method: 'GET', url: `/api/payments/history/${uuid}/`, token });
}

async function orderOf(setup: Setup) {
  await t.settled();
  const response = await t.request(setup.shop, {
    method: 'GET',
    url: `/api/orders/orders/${setup.order.id}/`,
    token: setup.customer.accessToken,
  });
  return response.json() as { status: string; total: string; history: { status: string }[] };
}

async function eventsOf(uuid: string) {
  return sql<{ source: string; outcome: string; resp_code: string | null }>(
    `select e.source, e.outcome, e.resp_code from payment_events e
       join payments p on p.tenant_id = e.tenant_id and p.id = e.payment_id
      where p.uuid = $1 order by e.id`,
    [uuid],
  );
}

/** Moves the payment's last inquiry back past the interval, as if that time had passed. */
async function afterInquiryInterval(uuid: string): Promise<void> {
  await sql("update payments set inquired_at = inquired_at - interval '1 minute' where uuid = $1", [uuid]);
}

/** A notification as the gateway would send it, signed with `secret`. */
async function notification(setup: Setup, claims: Record<string, unknown>, secret = setup.merchant.secretKey) {
  const [payment] = await sql<{ invoice_no: string }>(
    'select invoice_no from payments where tenant_id = $1 and order_id = $2 order by id desc limit 1',
    [setup.shop.id, setup.order.id],
  );
  const payload = await signHs256(
    {
      merchantID: setup.merchant.merchantId,
      invoiceNo: payment?.invoice_no,
      amount: setup.order.total,
      currencyCode: 'USD',
      tranRef: '123',
      respCode: '0000',
      respDesc: 'Success',
      ...claims,
    },
    secret,
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/2c2p/${setup.shop.token}/notify/`,
    payload: { payload },
  });
}

describe('card payment through the sandbox gateway', () => {
  it('succeeds: hosted page, signed notification, browser return; the order is paid once, its stock untouched', async () => {
    const setup = await cardOrder();
    expect(await stockOf(setup.product.id)).toBe(3);
    const start = await startPayment(setup);
    expect(start.redirectUrl.startsWith(`${t.origin}/api/sandbox-2c2p/`)).toBe(true);
    // The hosted page is a document: helmet's headers for one.
    const hosted = await fetch(start.redirectUrl);
    expect(hosted.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(hosted.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(hosted.headers.get('x-xss-protection')).toBe('0');
    expect((await paymentStatus(setup, start.payment_uuid)).json()).toEqual({
      status: 'initiated',
      order_identifier: setup.order.number,
      gateway_transaction_ref: null,
      amount: '170.00',
      currency: 'USD',
      error_message: null,
      order_id: setup.order.id,
    });

    const visit = await payAtHostedPage(start.redirectUrl, 'approve');
    expect(visit.page).toContain('Test payment page');
    expect(visit.page).toContain('Khukuri card shop');
    expect(visit.page).toContain(`${setup.order.number}A1`);
    expect(visit.page).toContain('170.00 USD');
    for (const label of ['Approve', 'Decline', 'Insufficient funds', 'Cancel payment', 'Leave pending']) {
      expect(visit.page).toContain(`>${label}</button>`);
    }
    expect(visit.returnForm?.action).toBe(
      `${t.origin}/api/payments/2c2p/${setup.shop.token}/return/${start.payment_uuid}/`,
    );
    const back = await followReturn(visit.returnForm ?? { action: '', paymentResponse: '' });
    expect(back).toEqual({ status: 303, location: `${t.origin}/payment/return?paymentId=${start.payment_uuid}` });

    const record = (await paymentStatus(setup, start.payment_uuid)).json();
    expect(record).toMatchObject({ status: 'succeeded', amount: '170.00', currency: 'USD', error_message: null });
    expect(record.gateway_transaction_ref).toMatch(/^\d+$/);
    const order = await orderOf(setup);
    expect(order.status).toBe('paid');
    expect(order.total).toBe('170.00');
    expect(order.history.map((step) => step.status)).toEqual(['awaiting_payment', 'paid']);
    const [history] = await sql<{ actor: string }>(
      "select actor from order_history where tenant_id = $1 and order_id = $2 and to_status = 'paid'",
      [setup.shop.id, setup.order.id],
    );
    expect(history?.actor).toBe('gateway');
    expect(await stockOf(setup.product.id)).toBe(3);
    expect((await eventsOf(start.payment_uuid)).map((event) => `${event.source}:${event.outcome}`)).toEqual([
      'start:applied',
      'notification:applied',
      'browser_return:unchanged',
    ]);
    const mails = mailsTo(t.config.DATA_DIR, setup.customer.user.email);
    expect(mails.filter((mail) => mail.body.includes('We have received your payment'))).toHaveLength(1);
  });

  it.each([
    ['decline', 'failed', 'Do not honor.'],
    ['insufficient', 'failed', 'Insufficient funds.'],
    ['cancel', 'canceled', 'Transaction is cancelled.'],
  ] as const)(
    '%s: the payment is %s with the gateway’s message; the order still awaits payment',
    async (outcome, status, message) => {
      const setup = await cardOrder();
      const start = await startPayment(setup);
      const visit = await payAtHostedPage(start.redirectUrl, outcome);
      await followReturn(visit.returnForm ?? { action: '', paymentResponse: '' });
      expect((await paymentStatus(setup, start.payment_uuid)).json()).toMatchObject({ status, error_message: message });
      const order = await orderOf(setup);
      expect(order.status).toBe('awaiting_payment');
      expect(await stockOf(setup.product.id)).toBe(3);
    },
  );

  it('pays again after a decline: a new attempt with its own invoice, then the order is paid', async () => {
    const setup = await cardOrder();
    const first = await startPayment(setup);
    await payAtHostedPage(first.redirectUrl, 'decline');
    const second = await startPayment(setup);
    expect(second.payment_uuid).not.toBe(first.payment_uuid);
    const visit = await payAtHostedPage(second.redirectUrl, 'approve');
    expect(visit.page).toContain(`${setup.order.number}A2`);
    expect((await paymentStatus(setup, first.payment_uuid)).json().status).toBe('failed');
    expect((await paymentStatus(setup, second.payment_uuid)).json().status).toBe('succeeded');
    expect((await orderOf(setup)).status).toBe('paid');
    // A paid order takes no further attempt.
    expect((await initiate(setup)).statusCode).toBe(409);
  });

  it('hands out the open attempt again while its page works, instead of a second one', async () => {
    const setup = await cardOrder();
    const first = await startPayment(setup);
    const again = await startPayment(setup);
    expect(again).toEqual(first);
    const [count] = await sql<{ n: number }>('select count(*)::int as n from payments where tenant_id = $1', [
      setup.shop.id,
    ]);
    expect(count?.n).toBe(1);
  });

  it('pending, then paid: the status call asks the gateway (Payment Inquiry) and catches up', async () => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    await payAtHostedPage(start.redirectUrl, 'pending');
    expect((await paymentStatus(setup, start.payment_uuid)).json().status).toBe('pending');
    expect((await orderOf(setup)).status).toBe('awaiting_payment');
    // The bank settles it; the gateway does not notify the shop this time.
    const settled = await payAtHostedPage(start.redirectUrl, 'approve', { notification: 'never' });
    expect(settled.page).toContain('This payment is pending.');
    await afterInquiryInterval(start.payment_uuid);
    expect((await paymentStatus(setup, start.payment_uuid)).json().status).toBe('succeeded');
    expect((await orderOf(setup)).status).toBe('paid');
    expect((await eventsOf(start.payment_uuid)).map((event) => `${event.source}:${event.outcome}`)).toContain(
      'inquiry:applied',
    );
  });

  it('asks the gateway about a payment at most once every few seconds; in between, the stored state answers', async () => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    await payAtHostedPage(start.redirectUrl, 'pending');
    const inquiries = async () =>
      (await eventsOf(start.payment_uuid)).filter((event) => event.source === 'inquiry').length;
    const statuses = await Promise.all([1, 2, 3].map(() => paymentStatus(setup, start.payment_uuid)));
    expect(statuses.map((response) => response.json().status)).toEqual(['pending', 'pending', 'pending']);
    expect(await inquiries()).toBe(1);
    // Settled without a notification: the status answers from what is stored until the interval has passed.
    await payAtHostedPage(start.redirectUrl, 'approve', { notification: 'never' });
    expect((await paymentStatus(setup, start.payment_uuid)).json().status).toBe('pending');
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/payments/2c2p/${setup.shop.token}/return/${start.payment_uuid}/`,
      payload: { paymentResponse: '' },
    });
    expect(back.statusCode).toBe(303);
    expect(await inquiries()).toBe(1);
    await afterInquiryInterval(start.payment_uuid);
    expect((await paymentStatus(setup, start.payment_uuid)).json().status).toBe('succeeded');
    expect(await inquiries()).toBe(2);
  });

  it('a duplicate notification changes nothing twice: one paid step, one e-mail', async () => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    await payAtHostedPage(start.redirectUrl, 'approve', { notification: 'twice' });
    const order = await orderOf(setup);
    expect(order.history.map((step) => step.status)).toEqual(['awaiting_payment', 'paid']);
    expect((await eventsOf(start.payment_uuid)).map((event) => `${event.source}:${event.outcome}`)).toEqual([
      'start:applied',
      'notification:applied',
      'notification:unchanged',
    ]);
    const mails = mailsTo(t.config.DATA_DIR, setup.customer.user.email);
    expect(mails.filter((mail) => mail.body.includes('We have received your payment'))).toHaveLength(1);
  });

  it('a late notification, after the browser return found the payment by inquiry, changes nothing', async () => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    const visit = await payAtHostedPage(start.redirectUrl, 'approve', { notification: 'late' });
    await followReturn(visit.returnForm ?? { action: '', paymentResponse: '' });
    expect((await paymentStatus(setup, start.payment_uuid)).json().status).toBe('succeeded');
    await eventually(async () => (await eventsOf(start.payment_uuid)).some((event) => event.source === 'notification'));
    expect((await eventsOf(start.payment_uuid)).map((event) => `${event.source}:${event.outcome}`)).toEqual([
      'start:applied',
      'browser_return:unchanged',
      'inquiry:applied',
      'notification:unchanged',
    ]);
    expect((await orderOf(setup)).history.map((step) => step.status)).toEqual(['awaiting_payment', 'paid']);
  });
});

describe('what is never believed', () => {
  it('the unsigned browser return alone never marks an order paid, whatever it says', async () => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    const forged = Buffer.from(JSON.stringify({ invoiceNo: `${setup.order.number}A1`, respCode: '0000' })).toString(
      'base64',
    );
    const back = await followReturn({
      action: `${t.origin}/api/payments/2c2p/${setup.shop.token}/return/${start.payment_uuid}/`,
      paymentResponse: forged,
    });
    expect(back.status).toBe(303);
    expect((await paymentStatus(setup, start.payment_uuid)).json().status).toBe('initiated');
    expect((await orderOf(setup)).status).toBe('awaiting_payment');
  });

  it('a notification with a bad signature answers 401, changes nothing, and is counted and logged, not kept', async () => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    const logged = logs.length;
    for (let i = 0; i < 3; i += 1) {
      expect((await notification(setup, {}, 'another-secret-another-secret')).statusCode).toBe(401);
    }
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/payments/2c2p/${setup.shop.token}/notify/`,
      payload: { payload: 'not-a-jwt' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await paymentStatus(setup, start.payment_uuid)).json().status).toBe('initiated');
    expect((await orderOf(setup)).status).toBe('awaiting_payment');
    // Anyone can send these: no event rows, one counter row of the shop.
    expect(
      await sql("select 1 from payment_events where tenant_id = $1 and source = 'notification'", [setup.shop.id]),
    ).toEqual([]);
    const counters = await sql<{ refused: string; last_reason: string; recent: boolean }>(
      `select refused::text, last_reason, last_refused_at > now() - interval '1 minute' as recent
         from refused_payment_notifications where tenant_id = $1`,
      [setup.shop.id],
    );
    expect(counters).toEqual([{ refused: '4', last_reason: 'Invalid signature.', recent: true }]);
    const lines = logs.slice(logged).filter((line) => line.includes('card gateway notification refused'));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('invalid_signature');
  });

  it('a notification signed with another algorithm (none) is refused', async () => {
    const setup = await cardOrder();
    await startPayment(setup);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ merchantID: setup.merchant.merchantId, respCode: '0000' })}.`;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/payments/2c2p/${setup.shop.token}/notify/`,
      payload: { payload: unsigned },
    });
    expect(response.statusCode).toBe(401);
    expect((await orderOf(setup)).status).toBe('awaiting_payment');
  });

  it.each([
    ['amount', { amount: '1.00' }],
    ['currency', { currencyCode: 'THB' }],
    ['merchant', { merchantID: 'SOMEONEELSE' }],
  ])('a genuine notification with a mismatched %s answers an error and changes nothing', async (_name, claims) => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    const response = await notification(setup, claims);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect((await paymentStatus(setup, start.payment_uuid)).json().status).toBe('initiated');
    expect((await orderOf(setup)).status).toBe('awaiting_payment');
    expect(await stockOf(setup.product.id)).toBe(3);
  });

  it('a notification for an unknown invoice answers 404 and changes nothing', async () => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    const response = await notification(setup, { invoiceNo: 'NOSUCHINVOICE' });
    expect(response.statusCode).toBe(404);
    expect((await paymentStatus(setup, start.payment_uuid)).json().status).toBe('initiated');
  });

  it('a success for an order cancelled meanwhile is recorded and flagged for staff; the order stays cancelled', async () => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    await transitionOrder(t.context(setup.shop), {
      orderId: setup.order.id,
      to: 'cancelled',
      actor: 'system',
      reason: PAYMENT_TIMEOUT,
    });
    expect(await stockOf(setup.product.id)).toBe(5);
    await payAtHostedPage(start.redirectUrl, 'approve');
    expect((await paymentStatus(setup, start.payment_uuid)).json().status).toBe('succeeded');
    const order = await orderOf(setup);
    expect(order.status).toBe('cancelled');
    expect(await stockOf(setup.product.id)).toBe(5);
    const [payment] = await sql<{ review_reason: string | null }>(
      'select review_reason from payments where uuid = $1',
      [start.payment_uuid],
    );
    expect(payment?.review_reason).toContain('after its order was cancelled');
  });
});

describe('the addresses the gateway and the shopper call', () => {
  it.each([
    ['the notification', 'notify' as const],
    ['the browser return', 'browserReturn' as const],
    ['the status call', 'status' as const],
  ])('limits %s per address and shop: 429 past the limit, another address counted apart', async (_name, route) => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    const call = (remoteAddress?: string) =>
      route === 'status'
        ? t.request(setup.shop, {
            method: 'GET',
            url: `/api/payments/history/${start.payment_uuid}/`,
            token: setup.customer.accessToken,
            ...(remoteAddress ? { remoteAddress } : {}),
          })
        : t.app.inject({
            method: 'POST',
            url:
              route === 'notify'
                ? `/api/payments/2c2p/${setup.shop.token}/notify/`
                : `/api/payments/2c2p/${setup.shop.token}/return/${start.payment_uuid}/`,
            payload: route === 'notify' ? {} : { paymentResponse: '' },
            ...(remoteAddress ? { remoteAddress } : {}),
          });
    const limit = PAYMENT_RATE_LIMITS[route].max;
    for (let i = 0; i < limit; i += 1) expect((await call()).statusCode).not.toBe(429);
    const throttled = await call();
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('203.0.113.9')).statusCode).not.toBe(429);
  });

  it('refuses bodies over 16 KiB at the notification and the browser return (413), and keeps only the return’s known fields', async () => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    const notifyUrl = `/api/payments/2c2p/${setup.shop.token}/notify/`;
    const returnUrl = `/api/payments/2c2p/${setup.shop.token}/return/${start.payment_uuid}/`;
    const big = 'a'.repeat(GATEWAY_BODY_LIMIT);
    const tooLarge = [
      await t.app.inject({ method: 'POST', url: notifyUrl, payload: { payload: big } }),
      await t.app.inject({ method: 'POST', url: returnUrl, payload: { paymentResponse: big } }),
      await t.app.inject({
        method: 'POST',
        url: returnUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `paymentResponse=${big}`,
      }),
    ];
    expect(tooLarge.map((response) => response.statusCode)).toEqual([413, 413, 413]);
    expect((await eventsOf(start.payment_uuid)).map((event) => event.source)).toEqual(['start']);
    // What a browser return says is recorded only as 2C2P's fields, each cut short.
    const posted = {
      invoiceNo: `${setup.order.number}A1`,
      respCode: '2000',
      respDesc: 'x'.repeat(1000),
      extra: 'y'.repeat(5000),
    };
    const back = await t.app.inject({
      method: 'POST',
      url: returnUrl,
      payload: { paymentResponse: Buffer.from(JSON.stringify(posted)).toString('base64') },
    });
    expect(back.statusCode).toBe(303);
    const [recorded] = await sql<{ payload: Record<string, string> }>(
      `select e.payload from payment_events e
         join payments p on p.tenant_id = e.tenant_id and p.id = e.payment_id
        where p.uuid = $1 and e.source = 'browser_return'`,
      [start.payment_uuid],
    );
    expect(recorded?.payload).toEqual({ invoiceNo: posted.invoiceNo, respCode: '2000', respDesc: 'x'.repeat(255) });
  });
});

describe('a gateway that fails at payment start', () => {
  it.each([
    ['down', 'production', undefined, 'The payment gateway could not be reached.'],
    ['timing out', 'sandbox', 'hang', 'The payment gateway did not answer in time.'],
    ['answering HTML', 'sandbox', 'html', 'The payment gateway gave an unreadable answer (HTTP 200).'],
    ['answering HTTP 503', 'sandbox', 'server-error', 'The payment gateway gave an unreadable answer (HTTP 503).'],
    [
      'answering an unsigned payload',
      'sandbox',
      'unsigned-garbage',
      "The payment gateway's answer failed its signature check.",
    ],
    ['signing with another key', 'sandbox', 'wrong-key', "The payment gateway's answer failed its signature check."],
    ['refusing (9015)', 'sandbox', 'refusal', 'Existing invoice number. (9015)'],
    ['answering without a payment page', 'sandbox', 'no-token', 'The payment gateway answered without a payment page.'],
  ] as const)(
    '%s: 502 with a clear detail, the attempt in status error, order and stock untouched',
    async (_name, environment, behaviour, message) => {
      if (behaviour) misbehaviour = behaviour;
      const setup = await cardOrder({ gateway: '2c2p', environment });
      const response = await initiate(setup);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        detail: `The card payment could not be started: ${message}`,
        code: 'gateway_error',
      });
      const [payment] = await sql<{ status: string; error_message: string }>(
        'select status, error_message from payments where tenant_id = $1 and order_id = $2',
        [setup.shop.id, setup.order.id],
      );
      expect(payment).toEqual({ status: 'error', error_message: message });
      const order = await orderOf(setup);
      expect(order).toMatchObject({ status: 'awaiting_payment', total: '170.00' });
      expect(await stockOf(setup.product.id)).toBe(3);
      // The customer may try again: a new attempt, with a new invoice number.
      await initiate(setup);
      const invoices = await sql<{ invoice_no: string }>(
        'select invoice_no from payments where tenant_id = $1 order by id',
        [setup.shop.id],
      );
      expect(invoices.map((row) => row.invoice_no)).toEqual([`${setup.order.number}A1`, `${setup.order.number}A2`]);
    },
  );
});

/**
 * Makes every update of the shop's payments that `when` matches fail with `message`, as a database that refuses a
 * write would, until the returned function is called.
 */
async function failPaymentUpdates(shop: Tenant, when: string, message: string): Promise<() => Promise<void>> {
  const { raw } = t.testDb.database;
  await raw.exec(`
    create function fail_payment_updates() returns trigger language plpgsql as $$
    begin raise exception '${message}'; end $$;
    create trigger fail_payment_updates before update on payments
      for each row when (new.tenant_id = ${shop.id} and ${when}) execute function fail_payment_updates();`);
  return () => raw.exec('drop trigger fail_payment_updates on payments; drop function fail_payment_updates();');
}

async function attemptsOf(shop: Tenant) {
  return sql<{
    uuid: string;
    invoice_no: string;
    status: string;
    error_message: string | null;
    resp_code: string | null;
    redirect_url: string | null;
    review_reason: string | null;
  }>(
    `select uuid, invoice_no, status, error_message, resp_code, redirect_url, review_reason
       from payments where tenant_id = $1 order by id`,
    [shop.id],
  );
}

describe('what a payment start undoes when it fails', () => {
  it('the gateway refuses: the attempt is closed with its message and nothing stays open, so a new one starts at once', async () => {
    misbehaviour = 'refusal';
    const setup = await cardOrder({ gateway: '2c2p', environment: 'sandbox' });
    const response = await initiate(setup);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      detail: 'The card payment could not be started: Existing invoice number. (9015)',
      code: 'gateway_error',
    });
    const [first] = await attemptsOf(setup.shop);
    expect(first).toMatchObject({
      status: 'error',
      error_message: 'Existing invoice number. (9015)',
      resp_code: '9015',
      redirect_url: null,
    });
    expect(await eventsOf(first?.uuid ?? '')).toEqual([{ source: 'start', outcome: 'applied', resp_code: '9015' }]);
    // Not "being started" (409): the next try is a new attempt straight away.
    expect((await initiate(setup)).statusCode).toBe(502);
    expect((await attemptsOf(setup.shop)).map((row) => [row.invoice_no, row.status])).toEqual([
      [`${setup.order.number}A1`, 'error'],
      [`${setup.order.number}A2`, 'error'],
    ]);
  });

  it('keeping the page fails after the gateway issued it: the page is never handed out, and a payment made on it anyway is flagged, not taken', async () => {
    const setup = await cardOrder();
    const restore = await failPaymentUpdates(setup.shop, 'new.redirect_url is not null', 'could not extend file');
    const response = await initiate(setup).finally(restore);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'A server error occurred.', code: 'server_error' });
    const [first] = await attemptsOf(setup.shop);
    expect(first).toMatchObject({
      status: 'error',
      error_message: 'The payment could not be started.',
      redirect_url: null,
    });
    const abandoned = first?.uuid ?? '';
    expect((await eventsOf(abandoned)).map((event) => `${event.source}:${event.outcome}`)).toEqual([
      'start:refused',
      'start:applied',
    ]);

    // The customer tries again at once: a new attempt with its own page.
    const second = await startPayment(setup);
    expect(second.payment_uuid).not.toBe(abandoned);
    expect(await (await fetch(second.redirectUrl)).text()).toContain(`${setup.order.number}A2`);

    // The abandoned page lives on at the gateway until its token lapses: paid anyway, it does not pay the order.
    const [issued] = await sql<{ payment_token: string }>(
      'select payment_token from sandbox_gateway_transactions where tenant_id = $1 and invoice_no = $2',
      [setup.shop.id, first?.invoice_no],
    );
    const abandonedPage = second.redirectUrl.replace(/[^/]+$/, issued?.payment_token ?? '');
    await payAtHostedPage(abandonedPage, 'approve');
    await t.settled();
    expect((await attemptsOf(setup.shop))[0]).toMatchObject({
      status: 'error',
      review_reason: 'The gateway reported this payment paid after it was error: check it and refund it.',
    });
    expect((await orderOf(setup)).status).toBe('awaiting_payment');

    // The attempt the customer was given pays the order, once.
    await payAtHostedPage(second.redirectUrl, 'approve');
    expect((await paymentStatus(setup, second.payment_uuid)).json().status).toBe('succeeded');
    expect((await orderOf(setup)).history.map((step) => step.status)).toEqual(['awaiting_payment', 'paid']);
  });

  it('a compensation that fails too is logged with its step; the customer reads the failure that stopped the start', async () => {
    misbehaviour = 'refusal';
    const setup = await cardOrder({ gateway: '2c2p', environment: 'sandbox' });
    const restore = await failPaymentUpdates(setup.shop, 'true', 'payments are read-only');
    const logged = logs.length;
    const response = await initiate(setup).finally(restore);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      detail: 'The card payment could not be started: Existing invoice number. (9015)',
      code: 'gateway_error',
    });
    const lines = logs.slice(logged).filter((line) => line.includes('workflow compensation failed'));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '{}');
    expect(entry.failure).toBe('The card payment could not be started: Existing invoice number. (9015)');
    expect(entry.compensationFailures).toEqual([
      { step: 'open payment attempt', error: expect.stringContaining('payments are read-only') },
    ]);

    // The attempt stays as it was opened, without a page: a start within a minute waits for it; after that, the
    // attempt is closed and a new one opens.
    expect((await attemptsOf(setup.shop)).map((row) => [row.status, row.redirect_url])).toEqual([['initiated', null]]);
    const busy = await initiate(setup);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('payment_busy');
    await sql("update payments set created_at = created_at - interval '2 minutes' where tenant_id = $1", [
      setup.shop.id,
    ]);
    expect((await initiate(setup)).statusCode).toBe(502);
    expect((await attemptsOf(setup.shop)).map((row) => row.status)).toEqual(['canceled', 'error']);
  });
});

describe('who may pay and see a payment', () => {
  it('only the order’s customer starts a payment (404 for others, 401 for guests); the order must await a card payment', async () => {
    const setup = await cardOrder();
    const stranger = await createCustomer(t, setup.shop);
    expect((await initiate(setup, {}, stranger.accessToken)).statusCode).toBe(404);
    const guest = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/payments/card/initiate/',
      payload: { order_id: setup.order.id, currency: 'USD' },
    });
    expect(guest.statusCode).toBe(401);
    const euros = await initiate(setup, { currency: 'EUR' });
    expect(euros.statusCode).toBe(400);
    expect(euros.body).toContain('Card payments are taken in USD.');
    await addToCart(t, setup.shop, setup.customer.accessToken, setup.product.id, 1);
    const bank = (await placeOrder(t, setup.shop, setup.customer.accessToken)).json();
    const notCard = await initiate({ ...setup, order: bank });
    expect(notCard.statusCode).toBe(409);
    expect(notCard.json().detail).toBe('This order is not paid by card.');
  });

  it('shows a payment’s status record to its customer only (404 for others, 401 for guests)', async () => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    const stranger = await createCustomer(t, setup.shop);
    expect((await paymentStatus(setup, start.payment_uuid, stranger.accessToken)).statusCode).toBe(404);
    const guest = await t.request(setup.shop, { method: 'GET', url: `/api/payments/history/${start.payment_uuid}/` });
    expect(guest.statusCode).toBe(401);
    expect((await paymentStatus(setup, 'not-a-uuid')).statusCode).toBe(404);
    const other = await cardOrder();
    expect((await paymentStatus(other, start.payment_uuid)).statusCode).toBe(404);
  });

  it('offers cards only to a shop whose gateway is configured', async () => {
    const shop = await t.createTenant();
    await setPayments(t, shop, { enableCardPayment: true, enableBankTransfer: true });
    const options = async (tenant: Tenant) =>
      (await t.request(tenant, { method: 'GET', url: '/api/payments/options/' })).json().enable_card_payment;
    expect(await options(shop)).toBe(false);
    await takeCards(t, shop);
    expect(await options(shop)).toBe(true);
  });
});

describe('reconciliation', () => {
  it('asks about attempts left open past the token lifetime: paid ones pay their order, abandoned ones close', async () => {
    const paid = await cardOrder();
    const paidStart = await startPayment(paid);
    await payAtHostedPage(paidStart.redirectUrl, 'approve', { notification: 'never' });
    const abandoned = await cardOrder();
    const abandonedStart = await startPayment(abandoned);
    const later = new Date(Date.now() + 31 * 60 * 1000);
    // Two instances run the job at the same moment: each attempt is asked about once.
    const [one, two] = await Promise.all([reconcilePayments(t.app.deps, later), reconcilePayments(t.app.deps, later)]);
    expect((one?.asked ?? 0) + (two?.asked ?? 0)).toBeGreaterThanOrEqual(2);
    expect((await paymentStatus(paid, paidStart.payment_uuid)).json().status).toBe('succeeded');
    expect((await orderOf(paid)).status).toBe('paid');
    expect((await paymentStatus(abandoned, abandonedStart.payment_uuid)).json()).toMatchObject({
      status: 'canceled',
      error_message: 'The payment page expired before the payment was completed.',
    });
    const inquiries = (await eventsOf(paidStart.payment_uuid)).filter((event) => event.source === 'inquiry');
    expect(inquiries).toHaveLength(1);
    // The abandoned order can be paid again.
    expect((await initiate(abandoned)).statusCode).toBe(200);
  });

  it('announces a succeeded payment again until its order confirms, and a repeat pays nothing twice', async () => {
    const setup = await cardOrder();
    const start = await startPayment(setup);
    await payAtHostedPage(start.redirectUrl, 'approve');
    await t.settled();
    await sql(
      "update payments set order_notified_at = null, updated_at = now() - interval '5 minutes' where uuid = $1",
      [start.payment_uuid],
    );
    const totals = await reconcilePayments(t.app.deps);
    expect(totals.announced).toBeGreaterThanOrEqual(1);
    const order = await orderOf(setup);
    expect(order.history.map((step) => step.status)).toEqual(['awaiting_payment', 'paid']);
    const [payment] = await sql<{ notified: boolean }>(
      'select order_notified_at is not null as notified from payments where uuid = $1',
      [start.payment_uuid],
    );
    expect(payment?.notified).toBe(true);
  });
});

describe('secrets', () => {
  it('never appear in an API answer, a log line or the hosted page', async () => {
    const setup = await cardOrder();
    const answers: string[] = [];
    const start = await initiate(setup);
    answers.push(start.body);
    const { redirectUrl, payment_uuid } = start.json();
    const visit = await payAtHostedPage(redirectUrl, 'approve');
    answers.push(visit.page, visit.answer.html);
    await followReturn(visit.returnForm ?? { action: '', paymentResponse: '' });
    answers.push((await paymentStatus(setup, payment_uuid)).body);
    answers.push((await t.request(setup.shop, { method: 'GET', url: '/api/payments/options/' })).body);
    answers.push((await notification(setup, {}, 'wrong-secret-wrong-secret')).body);
    answers.push((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body);
    await t.settled();
    expect(logs.length).toBeGreaterThan(0);
    for (const text of [...answers, ...logs]) expect(text).not.toContain(TEST_MERCHANT_SECRET);
  });
});
