// Refunds of card payments with the server process killed (SIGKILL: no shutdown of any kind) around the refund's
// gateway call, and a gateway that answers after the shop stopped waiting. The shop reaches its gateway (the built-in
// sandbox, served by the same process) through a proxy of this test, which counts the Payment Maintenance calls and
// kills the process at the call under test: before it reaches the gateway, or once the gateway has made the refund
// and before the shop reads the answer. After a restart, each case ends with the money and the stock as the gateway
// says, once: one refund at the gateway, the shop's refund done, the unit back once. On PGlite and on PostgreSQL.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWithStaff } from '../../test/admin.ts';
import { buildTestApp, freePort } from '../../test/app.ts';
import { createProduct, setPayments, TEST_ADDRESS, takeCards } from '../../test/builders.ts';
import { eventually, followReturn, payAtHostedPage } from '../../test/card-gateway.ts';
import { createFolderTestDatabase, type TestDatabase } from '../../test/database.ts';
import { type ServerProcess, startServer } from '../../test/server-process.ts';
import { type Database, openDatabase } from '../db/client.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'refund-crash-'));
let testDb: TestDatabase;
let serverEnv: Record<string, string>;
let server: ServerProcess | undefined;
let port: number;
let gateway: GatewayProxy;
let setup: Awaited<ReturnType<typeof shopWithStaff>>;
let productId: number;
const OPENING_STOCK = 20;

/** What the proxy does at the n-th Payment Maintenance call from now: kill the server before or after forwarding it. */
interface Trap {
  at: number;
  when: 'before' | 'after';
}

/** The shop's way to its gateway (its public origin): an HTTP proxy to the server that can kill it at a call. */
interface GatewayProxy {
  origin: string;
  /** Sets the trap; resolves once it has killed the server. */
  arm(trap: Trap): Promise<void>;
  close(): Promise<void>;
}

async function startGatewayProxy(): Promise<GatewayProxy> {
  let trap: (Trap & { seen: number; sprung: () => void }) | null = null;
  const proxy = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const maintenance = request.method === 'POST' && request.url?.endsWith('/PaymentAction/2.0/action');
    const current = maintenance && trap ? trap : null;
    if (current) current.seen += 1;
    const springs = current !== null && current.seen === current.at;
    if (springs && current.when === 'before') {
      trap = null;
      await server?.kill();
      response.destroy();
      return current.sprung();
    }
    let answer: Response;
    try {
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          ([name]) => !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name),
        ),
      ) as Record<string, string>;
      answer = await fetch(`http://127.0.0.1:${port}${request.url}`, {
        method: request.method ?? 'GET',
        headers,
        redirect: 'manual',
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
    } catch {
      response.destroy();
      return;
    }
    const body = Buffer.from(await answer.arrayBuffer());
    if (springs && current.when === 'after') {
      // The gateway made the refund (its answer is here); the shop dies before it reads it.
      trap = null;
      await server?.kill();
      response.destroy();
      return current.sprung();
    }
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
        headers[name] = value;
    });
    response.writeHead(answer.status, headers).end(body);
  });
  // Idle connections stay open until the proxy closes: its clients (this test's fetch, the shop's) close theirs first.
  // With Node's 5 s timeout, a request sent on a connection in the instant the proxy closed it was reset (ECONNRESET):
  // a failure of this fixture, not of the shop.
  proxy.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  return {
    origin,
    arm: (wanted) =>
      new Promise<void>((resolve) => {
        trap = { ...wanted, seen: 0, sprung: resolve };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

/** The database as the server left it (the server is gone: a PGlite folder has one owner at a time). */
async function withDatabase<T>(read: (sql: <R>(text: string, params?: unknown[]) => Promise<R[]>) => Promise<T>) {
  const database: Database = testDb.url
    ? await openDatabase({ url: testDb.url, poolSize: 2 })
    : await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    return await read((text, params = []) => database.raw.query(text, params));
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  // A database the server processes open too: PGlite in a folder (not in memory), or a PostgreSQL database.
  testDb = await createFolderTestDatabase(dataDir);
  port = await freePort();
  gateway = await startGatewayProxy();
  const t = await buildTestApp({ DATA_DIR: dataDir, PUBLIC_URL: gateway.origin }, undefined, { database: testDb });
  setup = await shopWithStaff(t, 'Refund crash shop');
  await setPayments(t, setup.shop, { enableBankTransfer: true, bankAccountDetails: 'Test Bank' });
  await takeCards(t, setup.shop);
  productId = (await createProduct(t, setup.shop, { stock: OPENING_STOCK, priceCents: 5760 })).id;
  await t.app.close();
  serverEnv = {
    DATA_DIR: dataDir,
    JWT_SECRET: t.config.JWT_SECRET as string,
    PUBLIC_URL: gateway.origin,
    SANDBOX_GATEWAY_ENABLED: 'true',
    SANDBOX_GATEWAY_SETTLE_AFTER_SECONDS: '0',
    SANDBOX_GATEWAY_REFUND_PENDING_POLLS: '0',
    PAYMENT_GATEWAY_TIMEOUT_MS: '1000',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '1',
    REFUND_REDRIVE_AFTER_SECONDS: '1',
    RATE_LIMIT_ENABLED: 'false',
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  };
  server = await startServer(port, serverEnv);
}, 180_000);

afterAll(async () => {
  await server?.kill();
  await gateway?.close();
  await testDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function call(method: string, url: string, token: string, body?: object, headers: Record<string, string> = {}) {
  return fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      'x-tenant-token': setup.shop.token,
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/** A customer's order of 2 knives (115.20), paid by card at the sandbox (settled at once). */
async function paidCardOrder(): Promise<number> {
  await serverRunning();
  const token = setup.customer.accessToken;
  const added = await call('POST', '/api/orders/cart/add-item/', token, {
    product_id: productId,
    quantity: 2,
    customization: {},
  });
  expect(added.status).toBe(200);
  const placed = await call('POST', '/api/orders/orders/', token, {
    payment_method: 'card_2c2p',
    delivery_address: TEST_ADDRESS,
  });
  expect(placed.status).toBe(201);
  const order = (await placed.json()) as { id: number; total: string };
  expect(order.total).toBe('115.20');
  const started = await call('POST', '/api/payments/card/initiate/', token, { order_id: order.id, currency: 'USD' });
  expect(started.status).toBe(200);
  const visit = await payAtHostedPage(((await started.json()) as { redirectUrl: string }).redirectUrl, 'approve');
  if (visit.returnForm) await followReturn(visit.returnForm);
  await eventually(async () => (await staffOrder(order.id)).status === 'paid');
  return order.id;
}

async function staffOrder(orderId: number) {
  const answer = await call('GET', `/api/admin/orders/${orderId}/`, setup.staff.accessToken);
  return (await answer.json()) as {
    status: string;
    refunded_amount: string;
    refunds: { id: number; amount: string; status: string }[];
  };
}

function refund(orderId: number, amount: string, key: string) {
  return call(
    'POST',
    `/api/admin/orders/${orderId}/refunds/`,
    setup.owner.accessToken,
    { amount, reason: 'one knife came back', restock: [{ product_id: productId, quantity: 1 }] },
    { 'idempotency-key': key },
  ).catch(() => null);
}

/**
 * What the gateway and the shop hold of an order's refunds, and its knife's ledger, read once the server is gone (it
 * stays gone: the next test that needs it starts it, `serverRunning`). Stopped as a deployment stops it: an event
 * delivery under way finishes (a SIGKILL in the middle of one would leave its event claimed for a minute, undelivered
 * when a later test counts what is left).
 */
async function books(orderId: number) {
  await server?.stop();
  const found = await withDatabase(async (sql) => ({
    gateway: await sql<{ amount_cents: number; status: string }>(
      `select r.amount_cents::int as amount_cents, r.status from sandbox_gateway_refunds r
         join sandbox_gateway_transactions t on t.tenant_id = r.tenant_id and t.id = r.transaction_id
         join payments p on p.tenant_id = t.tenant_id and p.invoice_no = t.invoice_no
        where p.order_id = $1 and r.process_type = 'R'`,
      [orderId],
    ),
    shop: await sql<{ amount_cents: number; status: string }>(
      'select amount_cents::int as amount_cents, status from refunds where order_id = $1',
      [orderId],
    ),
    returned: (
      await sql<{ units: number }>(
        `select coalesce(sum(quantity), 0)::int as units from stock_movements
          where order_id = $1 and reason = 'return'`,
        [orderId],
      )
    )[0]?.units,
    ledgerAgrees: (
      await sql<{ ok: boolean }>(
        `select p.stock = (select coalesce(sum(m.quantity), 0) from stock_movements m
                            where m.tenant_id = p.tenant_id and m.product_id = p.id) as ok
           from products p where p.id = $1`,
        [productId],
      )
    )[0]?.ok,
  }));
  return found;
}

/** The server, started again when a test before this one left it gone (`books`, a crash), else the one running. */
async function serverRunning(): Promise<void> {
  if (server && server.child.exitCode === null && server.child.signalCode === null) return;
  server = await startServer(port, serverEnv);
}

describe('a refund with the server killed around its gateway call', () => {
  it('killed before the refund reaches the gateway: after a restart it is sent once, and completes', async () => {
    const orderId = await paidCardOrder();
    // The inquiry (1st call) passes; the refund (2nd) never leaves: the process dies there.
    const killed = gateway.arm({ at: 2, when: 'before' });
    const first = await refund(orderId, '40.00', 'crash-before');
    await killed;
    expect(first).toBeNull();

    server = await startServer(port, serverEnv);
    await eventually(async () => (await staffOrder(orderId)).refunds[0]?.status === 'succeeded', 45_000);
    // A retry with the same key answers the same refund; nothing more is sent.
    const retry = await refund(orderId, '40.00', 'crash-before');
    expect(retry?.status).toBe(200);
    await eventually(async () => (await staffOrder(orderId)).status === 'partially_refunded');
    const order = await staffOrder(orderId);
    expect(order).toMatchObject({ status: 'partially_refunded', refunded_amount: '40.00' });
    expect(order.refunds).toHaveLength(1);

    const found = await books(orderId);
    expect(found.gateway).toEqual([{ amount_cents: 4000, status: 'completed' }]);
    expect(found.shop).toEqual([{ amount_cents: 4000, status: 'succeeded' }]);
    expect(found.returned).toBe(1);
    expect(found.ledgerAgrees).toBe(true);
  }, 180_000);

  it('killed after the gateway made the refund, before the shop read it: after a restart it is recorded, never sent again', async () => {
    const orderId = await paidCardOrder();
    const killed = gateway.arm({ at: 2, when: 'after' });
    const first = await refund(orderId, '115.20', 'crash-after');
    await killed;
    expect(first).toBeNull();

    server = await startServer(port, serverEnv);
    await eventually(async () => (await staffOrder(orderId)).refunds[0]?.status === 'succeeded', 45_000);
    const retry = await refund(orderId, '115.20', 'crash-after');
    expect(retry?.status).toBe(200);
    await eventually(async () => (await staffOrder(orderId)).status === 'refunded');
    expect(await staffOrder(orderId)).toMatchObject({ refunded_amount: '115.20' });

    const found = await books(orderId);
    expect(found.gateway).toEqual([{ amount_cents: 11520, status: 'completed' }]);
    expect(found.shop).toEqual([{ amount_cents: 11520, status: 'succeeded' }]);
    expect(found.returned).toBe(1);
    expect(found.ledgerAgrees).toBe(true);
  }, 180_000);

  it('a gateway that times out, then reports success: the refund is unknown (not failed), a retry asks and never sends twice', async () => {
    const orderId = await paidCardOrder();
    // .03: the sandbox makes the refund and answers after the shop's timeout.
    const first = await refund(orderId, '40.03', 'timeout');
    expect(first?.status).toBe(201);
    const answered = (await first?.json()) as { refunds: { status: string; review_reason: string | null }[] };
    expect(answered.refunds[0]).toMatchObject({
      status: 'unknown',
      review_reason:
        'The payment gateway did not answer: the shop is asking it what became of this refund, and sends nothing again before it knows.',
    });
    // Staff retry at once: the shop asks the gateway by the refund's reference and records what it did (or leaves it
    // to the re-drive job when that is asking already: one of them asks at a time).
    const retry = await refund(orderId, '40.03', 'timeout');
    expect(retry?.status).toBe(200);
    await eventually(async () => (await staffOrder(orderId)).refunds[0]?.status === 'succeeded');
    expect((await staffOrder(orderId)).refunds).toEqual([
      expect.objectContaining({ amount: '40.03', status: 'succeeded' }),
    ]);
    // The order moves when `refund.completed` is delivered (the outbox), just after.
    await eventually(async () => (await staffOrder(orderId)).status === 'partially_refunded');
    expect(await staffOrder(orderId)).toMatchObject({ refunded_amount: '40.03' });
    // A second refund of what is left cannot take the same money again.
    const more = await call(
      'POST',
      `/api/admin/orders/${orderId}/refunds/`,
      setup.owner.accessToken,
      { amount: '80.00' },
      { 'idempotency-key': 'timeout-more' },
    );
    expect(more.status).toBe(400);

    const found = await books(orderId);
    expect(found.gateway).toEqual([{ amount_cents: 4003, status: 'completed' }]);
    expect(found.shop).toEqual([{ amount_cents: 4003, status: 'succeeded' }]);
    expect(found.returned).toBe(1);
  }, 180_000);
});

/** Restarts the server with the failpoint: it kills itself right after committing a transaction that emitted `name`. */
async function restartKillingAfterCommitOf(name: string): Promise<ServerProcess> {
  await server?.kill();
  server = await startServer(port, { ...serverEnv, FAULT_KILL_AFTER_COMMIT_OF: name });
  return server;
}

async function exited(process: ServerProcess): Promise<void> {
  await eventually(async () => process.child.exitCode !== null || process.child.signalCode !== null, 45_000);
}

describe('a crash between a commit and the delivery of its events (the outbox)', () => {
  it('a refund completed at the bank, killed right after its commit: after a restart the order moves and the customer is told, once', async () => {
    const orderId = await paidCardOrder();
    const doomed = await restartKillingAfterCommitOf('refund.completed');
    // .01: pending at the bank; the re-drive (every second) finds it complete, commits, and the process dies.
    const pending = await refund(orderId, '20.01', 'outbox-refund');
    expect(pending?.status).toBe(201);
    await exited(doomed);

    server = await startServer(port, serverEnv);
    await eventually(async () => (await staffOrder(orderId)).status === 'partially_refunded', 45_000);
    const { number } = (await (await call('GET', `/api/admin/orders/${orderId}/`, setup.staff.accessToken)).json()) as {
      number: string;
    };
    // Stopped as a deployment stops it: the outbox's sweep that moved the order finishes marking the event delivered
    // (a SIGKILL here would be a second crash, in the middle of that delivery).
    await server.stop();
    const found = await books(orderId);
    expect(found.shop).toEqual([{ amount_cents: 2001, status: 'succeeded' }]);
    expect(found.gateway).toEqual([{ amount_cents: 2001, status: 'completed' }]);
    expect(found.returned).toBe(1);
    const told = await withDatabase(async (sql) => ({
      mails: await sql<{ subject: string }>(
        "select subject from mail_queue where recipient = $1 and subject like '%refund for order ' || $2 || ' complete'",
        [setup.customer.user.email, number],
      ),
      history: await sql<{ to_status: string }>(
        "select to_status from order_history where order_id = $1 and to_status = 'partially_refunded'",
        [orderId],
      ),
      undelivered: await sql<{ id: number }>(
        "select id from event_outbox where delivered_at is null and name = 'refund.completed'",
      ),
    }));
    expect(told.history).toHaveLength(1);
    expect(told.undelivered).toEqual([]);
    // The customer is told the refund completed, once.
    expect(told.mails).toHaveLength(1);
  }, 180_000);

  it("a card payment's notification, killed right after its commit: after a restart the order is paid, once", async () => {
    await restartKillingAfterCommitOf('payment.succeeded');
    const doomed = server as ServerProcess;
    const token = setup.customer.accessToken;
    expect(
      (
        await call('POST', '/api/orders/cart/add-item/', token, {
          product_id: productId,
          quantity: 1,
          customization: {},
        })
      ).status,
    ).toBe(200);
    const placed = await call('POST', '/api/orders/orders/', token, {
      payment_method: 'card_2c2p',
      delivery_address: TEST_ADDRESS,
    });
    const order = (await placed.json()) as { id: number };
    const started = await call('POST', '/api/payments/card/initiate/', token, { order_id: order.id, currency: 'USD' });
    const redirectUrl = ((await started.json()) as { redirectUrl: string }).redirectUrl;
    // The gateway's notification records the payment as succeeded; the process dies with the commit.
    await payAtHostedPage(redirectUrl, 'approve').catch(() => null);
    await exited(doomed);

    server = await startServer(port, serverEnv);
    await eventually(async () => (await staffOrder(order.id)).status === 'paid', 45_000);
    // Stopped, not killed: what the sweep delivers after the order moved (its invoice) finishes first.
    await server.stop();
    const found = await withDatabase(async (sql) => ({
      history: await sql<{ to_status: string }>(
        "select to_status from order_history where order_id = $1 and to_status = 'paid'",
        [order.id],
      ),
      invoices: await sql<{ id: number }>("select id from order_documents where order_id = $1 and kind = 'invoice'", [
        order.id,
      ]),
    }));
    expect(found.history).toHaveLength(1);
    expect(found.invoices).toHaveLength(1);
  }, 180_000);
});
