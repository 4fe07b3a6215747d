// A server process killed (SIGKILL: no shutdown of any kind) while customers place orders, then started again: every
// request retried with its Idempotency-Key. Nothing is lost or doubled: each key has one whole order (lines, stock
// taken, its confirmation e-mail queued), stock is the opening stock less what was ordered, no e-mail is queued or
// written twice. On PGlite (its data folder) and on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, freePort } from '../../test/app.ts';
import { addToCart, createCustomer, createProduct, setPayments, TEST_ADDRESS } from '../../test/builders.ts';
import { createFolderTestDatabase, type TestDatabase } from '../../test/database.ts';
import { mailsTo } from '../../test/outbox.ts';
import { type ServerProcess, startServer } from '../../test/server-process.ts';
import { type Database, openDatabase } from '../db/client.ts';
import type { Tenant } from '../modules/tenants/index.ts';

const CUSTOMERS = 40;
const OPENING_STOCK = 500;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
let testDb: TestDatabase;
/** What the server processes are started with: the same database, folder and signing secret every time. */
let serverEnv: Record<string, string>;
let server: ServerProcess | undefined;
let shop: Tenant;
let productIds: number[];
let customers: { token: string; email: string; key: string; units: number }[];

/** The database as the servers left it, opened again by the test (the PGlite folder is free once they are gone). */
async function reopen(): Promise<{ database: Database; close: () => Promise<void> }> {
  const database = testDb.url
    ? await openDatabase({ url: testDb.url, poolSize: 2 })
    : await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  return { database, close: () => database.close() };
}

beforeAll(async () => {
  // A database the server processes open too: PGlite in a folder (not in memory), or a PostgreSQL database.
  testDb = await createFolderTestDatabase(dataDir);
  const t = await buildTestApp({ DATA_DIR: dataDir }, undefined, { database: testDb });
  shop = await t.createTenant('Crash shop');
  await setPayments(t, shop);
  const products = [
    await createProduct(t, shop, { name: 'Service Khukuri', stock: OPENING_STOCK, priceCents: 8500 }),
    await createProduct(t, shop, { name: 'Karda', stock: OPENING_STOCK, priceCents: 1200 }),
  ];
  productIds = products.map((product) => product.id);
  customers = [];
  for (let i = 0; i < CUSTOMERS; i += 1) {
    const customer = await createCustomer(t, shop);
    const units = 1 + (i % 3);
    await addToCart(t, shop, customer.accessToken, productIds[i % 2] as number, units);
    customers.push({ token: customer.accessToken, email: customer.user.email, key: `crash-order-${i}`, units });
  }
  // The test app lets go of the database (a PGlite folder has one owner at a time); the servers take it.
  await t.app.close();
  serverEnv = {
    DATA_DIR: dataDir,
    JWT_SECRET: t.config.JWT_SECRET as string,
    MAIL_DELIVERY_INTERVAL_SECONDS: '1',
    RATE_LIMIT_ENABLED: 'false',
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  };
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await testDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A customer's order request, with its key: the status, and the order's id when placed. */
async function placeOrder(origin: string, customer: (typeof customers)[number]) {
  try {
    const answer = await fetch(`${origin}/api/orders/orders/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-tenant-token': shop.token,
        authorization: `Bearer ${customer.token}`,
        'idempotency-key': customer.key,
      },
      body: JSON.stringify({ payment_method: 'bank_transfer', delivery_address: TEST_ADDRESS }),
    });
    const body = (await answer.json()) as { id?: number };
    return { status: answer.status, id: body.id, replayed: answer.headers.get('idempotent-replayed') };
  } catch {
    return { status: 0, id: undefined, replayed: null };
  }
}

describe('a server killed while orders are being placed', () => {
  it('loses and doubles nothing: each key one whole order with its stock and its e-mail, after retries on a new process', async () => {
    const port = await freePort();
    server = await startServer(port, serverEnv);
    const first = server;
    let answered = 0;
    let killed: Promise<void> | undefined;
    // Every customer at once; the process dies as the first orders come back, with others still in flight.
    const firstTry = await Promise.all(
      customers.map((customer) =>
        placeOrder(first.origin, customer).then((result) => {
          answered += 1;
          if (answered === 3) killed = first.kill();
          return result;
        }),
      ),
    );
    await killed;
    const placedBeforeCrash = firstTry.filter((result) => result.status === 201).length;
    expect(placedBeforeCrash).toBeGreaterThan(0);
    expect(placedBeforeCrash).toBeLessThan(CUSTOMERS);

    // A new process on the same data; every request is sent again with its key.
    server = await startServer(port, serverEnv);
    const retries = await Promise.all(customers.map((customer) => placeOrder(first.origin, customer)));
    for (const [i, retry] of retries.entries()) {
      expect(retry.status, `customer ${i}`).toBe(201);
      const before = firstTry[i];
      // An order placed before the crash is answered again, the same one, never a second.
      if (before?.status === 201)
        expect({ id: retry.id, replayed: retry.replayed }).toEqual({ id: before.id, replayed: 'true' });
    }
    // Mail queued before the crash and after it goes out (a message claimed at the moment of the crash waits for its
    // lease to run out: it is not sent twice meanwhile).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await server.kill();

    const { database, close } = await reopen();
    try {
      const sql = <T>(text: string, params: unknown[] = []) => database.raw.query<T>(text, params);
      const orders = await sql<{ id: number; number: string; key: string; user_email: string; units: number }>(
        `select o.id, o.number, o.idempotency_key as key, u.email as user_email,
                (select coalesce(sum(l.quantity), 0)::int from order_lines l
                  where l.tenant_id = o.tenant_id and l.order_id = o.id) as units
           from orders o join users u on u.tenant_id = o.tenant_id and u.id = o.user_id
          where o.tenant_id = $1 order by o.id`,
        [shop.id],
      );
      // One order per key, each with the lines of its customer's cart.
      expect(orders.map((order) => order.key).sort()).toEqual(customers.map((customer) => customer.key).sort());
      for (const order of orders) {
        const customer = customers.find((each) => each.key === order.key);
        expect({ key: order.key, units: order.units, email: order.user_email }).toEqual({
          key: customer?.key,
          units: customer?.units,
          email: customer?.email,
        });
      }
      // Every order took its stock through the ledger, once; the stock is the opening stock less what was ordered.
      const movements = await sql<{ order_id: number; quantity: number }>(
        `select order_id, sum(quantity)::int as quantity from stock_movements
          where tenant_id = $1 and reason = 'order' group by order_id`,
        [shop.id],
      );
      expect(new Map(movements.map((row) => [row.order_id, row.quantity]))).toEqual(
        new Map(orders.map((order) => [order.id, -order.units])),
      );
      const stock = await sql<{ id: number; stock: number; sold: number }>(
        `select p.id, p.stock, (select coalesce(sum(l.quantity), 0)::int from order_lines l
                                 where l.tenant_id = p.tenant_id and l.product_id = p.id) as sold
           from products p where p.tenant_id = $1 order by p.id`,
        [shop.id],
      );
      for (const product of stock) expect(product.stock).toBe(OPENING_STOCK - product.sold);
      expect(stock.reduce((sum, product) => sum + product.sold, 0)).toBe(
        customers.reduce((sum, customer) => sum + customer.units, 0),
      );
      // Every order has its confirmation e-mail in the queue, once.
      const mails = await sql<{ recipient: string; subject: string; status: string }>(
        'select recipient, subject, status from mail_queue where tenant_id = $1',
        [shop.id],
      );
      for (const order of orders) {
        const confirmations = mails.filter(
          (mail) =>
            mail.subject === `Crash shop: order ${order.number} received` && mail.recipient === order.user_email,
        );
        expect(confirmations, `order ${order.number}`).toHaveLength(1);
      }
      expect(mails).toHaveLength(orders.length);
      // Nothing was written to the outbox twice, and what is marked sent was written.
      for (const order of orders) {
        const written = mailsTo(dataDir, order.user_email);
        expect(written.length, `order ${order.number}`).toBeLessThanOrEqual(1);
      }
      const sent = mails.filter((mail) => mail.status === 'sent');
      expect(sent.length).toBeGreaterThan(0);
      for (const mail of sent) expect(mailsTo(dataDir, mail.recipient)).toHaveLength(1);
      // The carts were emptied with their orders.
      const [carts] = await sql<{ items: number }>(
        'select count(*)::int as items from cart_items where tenant_id = $1',
        [shop.id],
      );
      expect(carts?.items).toBe(0);
    } finally {
      await close();
    }
  }, 120_000);
});
