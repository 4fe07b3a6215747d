// PostgreSQL stopped and started while the app runs, played by a proxy between the app and the shared server: requests
// fail fast with 503 and a clear detail, readiness says so, and the same app serves again once the server is back.
// PostgreSQL only (PGlite runs inside the process: there is no connection to lose).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { addToCart, createCustomer, createProduct, setPayments, TEST_ADDRESS } from '../../test/builders.ts';
import { type FaultProxy, hostAndPort, startFaultProxy } from '../../test/fault-proxy.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { TenantScope } from '../db/tenant-scope.ts';
import type { Tenant } from '../modules/tenants/index.ts';

const CONNECT_TIMEOUT_MS = 1_000;
const UNAVAILABLE = { detail: 'The database is unavailable; try again shortly.', code: 'database_unavailable' };

let t: TestApp;
let proxy: FaultProxy;
let app: FastifyInstance;
const logs: string[] = [];
let shop: Tenant;
let customer: Awaited<ReturnType<typeof createCustomer>>;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const url = t.testDb.url;
  if (!url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)');
  proxy = await startFaultProxy(hostAndPort(url, 5432));
  // The app under test reaches the test database only through the proxy.
  const database = await openDatabase({
    url: proxy.through(url),
    poolSize: 4,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    statementTimeoutMs: 5_000,
  });
  app = await buildApp({
    config: { ...t.config, LOG_LEVEL: 'warn' },
    database,
    media: t.media,
    logStream: { write: (line: string) => void logs.push(line) },
  });
  await app.ready();
  shop = await t.createTenant();
  await setPayments(t, shop);
  customer = await createCustomer(t, shop);
  productId = (await createProduct(t, shop, { stock: 10 })).id;
});

afterAll(async () => {
  proxy.up();
  await app?.close();
  await proxy?.close();
  await t?.close();
});

function call(options: { method: 'GET' | 'POST'; url: string; payload?: object; headers?: Record<string, string> }) {
  return app.inject({
    ...options,
    headers: { 'x-tenant-token': shop.token, authorization: `Bearer ${customer.accessToken}`, ...options.headers },
  });
}

const me = () => call({ method: 'GET', url: '/api/accounts/me/' });
const order = (key: string) =>
  call({
    method: 'POST',
    url: '/api/orders/orders/',
    headers: { 'idempotency-key': key },
    payload: { payment_method: 'bank_transfer', delivery_address: TEST_ADDRESS },
  });

/** The answer and how long it took. */
async function timed<T>(work: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await work();
  return { answer, ms: performance.now() - started };
}

describe('PostgreSQL stopped and started while the app runs', () => {
  it('answers 503 with a clear detail at once while it is down, readiness says so, and serves again once it is back', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ready/' })).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);

    proxy.down();
    for (const request of [me, () => order('outage-1'), () => app.inject({ method: 'GET', url: '/api/ready/' })]) {
      const { answer, ms } = await timed(request);
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toEqual(UNAVAILABLE);
      expect(answer.headers['retry-after']).toBe('5');
      expect(ms).toBeLessThan(CONNECT_TIMEOUT_MS);
    }
    // Liveness is about the process, which is fine.
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    const warnings = logs.filter((line) => line.includes('"database unavailable"'));
    expect(warnings.length).toBeGreaterThan(0);
    // One short line per request: no SQL, no stack trace.
    expect(warnings.join('\n')).not.toMatch(/select|insert|"stack"/i);

    // The server comes back: the same app, without a restart, opens new connections and serves.
    proxy.up();
    const ready = await app.inject({ method: 'GET', url: '/api/ready/' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'postgres' });
    expect((await me()).statusCode).toBe(200);
    await addToCart(t, shop, customer.accessToken, productId, 2);
    const placed = await order('outage-1');
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.headers['idempotent-replayed']).toBe('false');
  });

  it('answers 503 within the connection timeout when the server accepts connections but never answers', async () => {
    proxy.down();
    // The pool learns that its idle connections are gone, then new ones hang.
    await new Promise((resolve) => setTimeout(resolve, 50));
    proxy.silent();
    for (const request of [me, () => app.inject({ method: 'GET', url: '/api/ready/' })]) {
      const { answer, ms } = await timed(request);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual(UNAVAILABLE);
      expect(ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(CONNECT_TIMEOUT_MS + 1_500);
    }
    proxy.up();
    expect((await me()).statusCode).toBe(200);
  });

  it('loses no order to a request cut off mid-transaction: it is placed whole when retried with its key', async () => {
    await addToCart(t, shop, customer.accessToken, productId, 1);
    const before = await t.testDb.database.raw.query<{ stock: number }>('select stock from products where id = $1', [
      productId,
    ]);
    // Cut every connection while the order is on its way; the answer is 201 (committed first) or 503 (not placed).
    const first = order('cut-1');
    setTimeout(() => proxy.down(), 5);
    const cut = await first;
    expect([201, 503]).toContain(cut.statusCode);
    proxy.up();
    const retried = await order('cut-1');
    expect(retried.statusCode, retried.body).toBe(201);
    if (cut.statusCode === 201) expect(retried.json().id).toBe(cut.json().id);
    const [after] = await t.testDb.database.raw.query<{ stock: number; orders: number; lines: number }>(
      `select (select stock from products where id = $1) as stock,
              (select count(*)::int from orders where tenant_id = $2 and idempotency_key = 'cut-1') as orders,
              (select count(*)::int from order_lines l join orders o on o.tenant_id = l.tenant_id and o.id = l.order_id
                where o.tenant_id = $2 and o.idempotency_key = 'cut-1') as lines`,
      [productId, shop.id],
    );
    expect(after).toEqual({ stock: (before[0]?.stock ?? 0) - 1, orders: 1, lines: 1 });
  });
});

describe('a connection cut as a transaction begins', () => {
  it('goes back to the pool, so that closing the database does not wait for it', async () => {
    const database = await openDatabase({ url: proxy.through(t.testDb.url as string), poolSize: 1 });
    const scope = new TenantScope(database.db, shop.id);
    // One pooled connection, idle; then cut, and taken again before the pool hears of it: its `begin` fails.
    await scope.transaction(async (tx) => tx.db.execute(sql`select 1`));
    proxy.down();
    await expect(scope.transaction(async (tx) => tx.db.execute(sql`select 1`))).rejects.toThrow();
    proxy.up();
    const closed = await Promise.race([
      database.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
    ]);
    expect(closed).toBe('closed');
  });
});
