// The mail server and the card gateway down while the shop runs, each behind a proxy switched down and back up: mail
// waits in the queue and goes out when the server returns; a payment that cannot start answers 502 with what went
// wrong, the order waits, and paying again works once the gateway is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServedTestApp, type TestApp } from '../../test/app.ts';
import { addToCart, createCustomer, createProduct, placeOrder, setPayments, takeCards } from '../../test/builders.ts';
import { eventually, payAtHostedPage } from '../../test/card-gateway.ts';
import { type FaultProxy, startFaultProxy } from '../../test/fault-proxy.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';

let t: TestApp & { origin: string };
const logs: string[] = [];
let smtp: TestSmtpServer;
let mailProxy: FaultProxy;
/** The shop's public origin as the gateway and the shopper reach it: the built-in sandbox gateway is served there. */
let gatewayProxy: FaultProxy;

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailProxy = await startFaultProxy({ host: '127.0.0.1', port: smtp.port });
  // The app's port is known once it listens: the proxy is pointed at it then.
  gatewayProxy = await startFaultProxy({ host: '127.0.0.1', port: 0 });
  t = await buildServedTestApp(
    {
      SMTP_URL: mailProxy.through(smtp.url),
      MAIL_RETRY_SECONDS: '1',
      PUBLIC_URL: `http://127.0.0.1:${gatewayProxy.port}`,
      PAYMENT_GATEWAY_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'warn',
    },
    logs,
  );
  gatewayProxy.target = { host: '127.0.0.1', port: Number(new URL(t.origin).port) };
});

afterAll(async () => {
  await t?.close();
  await mailProxy?.close();
  await gatewayProxy?.close();
  await smtp?.close();
});

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.testDb.database.raw.query<T>(query, params);
}

describe('the mail server down', () => {
  it('keeps the order e-mail queued while it is down and sends it once when it is back', async () => {
    const shop = await t.createTenant('Mail outage shop');
    await setPayments(t, shop);
    const customer = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 3 });
    await addToCart(t, shop, customer.accessToken, product.id, 1);

    mailProxy.down();
    const placed = await placeOrder(t, shop, customer.accessToken);
    expect(placed.statusCode, placed.body).toBe(201);
    const number = placed.json().number as string;
    await t.settled();
    const subject = `Mail outage shop: order ${number} received`;
    const queued = await sql<{ status: string; attempts: number; last_error: string | null }>(
      'select status, attempts, last_error from mail_queue where tenant_id = $1 and subject = $2',
      [shop.id, subject],
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued[0]?.last_error).toBeTruthy();
    expect(logs.some((line) => line.includes('mail delivery failed; retrying'))).toBe(true);
    expect(smtp.received.some((data) => data.includes(subject))).toBe(false);

    // Back up: the next delivery pass after the retry delay (every instance runs one) sends it, once.
    mailProxy.up();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await t.app.deps.mailer.deliverDue()).toMatchObject({ sent: 1 });
    expect(await t.app.deps.mailer.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received.filter((data) => data.includes(`Subject: ${subject}`))).toHaveLength(1);
    const [sent] = await sql<{ status: string; attempts: number }>(
      'select status, attempts from mail_queue where tenant_id = $1 and subject = $2',
      [shop.id, subject],
    );
    expect(sent).toEqual({ status: 'sent', attempts: 2 });
  });
});

describe('the card gateway down', () => {
  it('answers 502 with a clear detail and keeps the order awaiting payment; paying again works once it is back', async () => {
    const shop = await t.createTenant('Gateway outage shop');
    await setPayments(t, shop);
    await takeCards(t, shop);
    const customer = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 5, priceCents: 8500 });
    await addToCart(t, shop, customer.accessToken, product.id, 2);
    const placed = await placeOrder(t, shop, customer.accessToken, { payment_method: 'card_2c2p' });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().id as number;
    const initiate = () =>
      t.request(shop, {
        method: 'POST',
        url: '/api/payments/card/initiate/',
        token: customer.accessToken,
        payload: { order_id: orderId, currency: 'USD' },
      });
    const order = async () => {
      await t.settled();
      return (
        await t.request(shop, { method: 'GET', url: `/api/orders/orders/${orderId}/`, token: customer.accessToken })
      ).json() as { status: string; total: string };
    };

    gatewayProxy.down();
    const refused = await initiate();
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      detail: 'The card payment could not be started: The payment gateway could not be reached.',
      code: 'gateway_error',
    });
    expect(await order()).toMatchObject({ status: 'awaiting_payment', total: '170.00' });

    gatewayProxy.up();
    const started = await initiate();
    expect(started.statusCode, started.body).toBe(200);
    const visit = await payAtHostedPage(started.json().redirectUrl, 'approve');
    expect(visit.answer.status).toBe(200);
    await eventually(async () => (await order()).status === 'paid');
    const [stock] = await sql<{ stock: number }>('select stock from products where id = $1', [product.id]);
    expect(stock?.stock).toBe(3);
  });
});
