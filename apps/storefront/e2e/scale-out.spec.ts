// Several instances: two API processes behind a round-robin balancer and one storefront process, sharing PostgreSQL
// and Redis (TEST_DATABASE_URL / TEST_REDIS_URL, else the local servers). Consecutive requests land on different API
// instances; a shopper's session, cart and checkout, the rate limits, the render cache and the expiry job hold across
// them.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { freePort, roundRobin } from '../../../scripts/lib/net.mjs';
import { start, stopAll, waitUntilUp } from './processes-support.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// A database of Redis's own for this run, apart from the other tests' (15).
const REDIS_URL = (() => {
  const url = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15');
  url.pathname = '/14';
  return url.toString();
})();
const SHOP = { 'x-tenant-token': 'khukuri-demo' };
const DEMO_CUSTOMER = { login_id: 'customer@khukuri.example', password: 'Gurkha-blade-1994' };
const OWNER = { login_id: 'owner@khukuri.example', password: 'Sagarmatha-8848' };
const ADDRESS = {
  street: '12 Durbar Marg',
  city: 'Kathmandu',
  postalCode: '44600',
  country: 'Nepal',
  fullname: 'Maya Gurung',
  contact_number: '+977 1 4221234',
};

test.describe('two API instances and a storefront behind a balancer, on PostgreSQL and Redis', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  const output: string[] = [];
  const children: ChildProcess[] = [];
  const served: string[] = [];
  let balancer: http.Server;
  let dataDir: string;
  let databaseName: string;
  let database: pg.Client;
  let apis: string[];
  let shop: string;

  /** A call of the API through the storefront's origin (the storefront passes it to the balancer). */
  const api = (pathname: string, init: { method?: string; token?: string; body?: unknown; headers?: object } = {}) =>
    fetch(`${shop}/api${pathname}`, {
      method: init.method ?? 'GET',
      headers: {
        ...SHOP,
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  const signIn = async (credentials: { login_id: string; password: string }) => {
    const answer = await api('/accounts/login/', { method: 'POST', body: credentials });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { access: string }).access;
  };

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'));
    databaseName = `scale_out_${Date.now().toString(36)}_${process.pid}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(SERVER_URL);
    url.pathname = `/${databaseName}`;
    database = new pg.Client({ connectionString: url.toString() });
    await database.connect();

    const [apiA, apiB, balancerPort, storefrontPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    apis = [`http://127.0.0.1:${apiA}`, `http://127.0.0.1:${apiB}`];
    shop = `http://127.0.0.1:${storefrontPort}`;
    const common = {
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      REDIS_URL,
      PUBLIC_URL: shop,
      JWT_SECRET: 'scale-out-secret-shared-by-every-instance-0123',
      MAIL_DELIVERY_INTERVAL_SECONDS: '1',
      SEED_DEMO: 'true',
    };
    // The first instance migrates and seeds the demo shop; the second joins it.
    for (const [index, port] of [apiA, apiB].entries()) {
      children.push(
        start(
          'apps/api/dist/server.js',
          {
            ...common,
            PORT: String(port),
            DATA_DIR: path.join(dataDir, `api-${index}`),
            ORDER_EXPIRY_INTERVAL_SECONDS: '1',
          },
          output,
        ),
      );
      await waitUntilUp(`${apis[index]}/api/health/`, children[index] as ChildProcess, output);
    }
    balancer = roundRobin(apis, (backend) => served.push(backend));
    await new Promise<void>((resolve) => balancer.listen(balancerPort, '127.0.0.1', resolve));
    children.push(
      start(
        'apps/storefront/dist/main.js',
        {
          ...common,
          PORT: String(storefrontPort),
          DATA_DIR: path.join(dataDir, 'storefront'),
          API_URL: `http://127.0.0.1:${balancerPort}`,
        },
        output,
      ),
    );
    await waitUntilUp(`${shop}/api/health/`, children[2] as ChildProcess, output);
  });

  test.afterAll(async () => {
    test.setTimeout(60_000);
    await stopAll(children);
    await new Promise((resolve) => balancer?.close(resolve));
    await database?.end();
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a shopper signs in, fills a cart and checks out while each request lands on the other instance', async () => {
    served.length = 0;
    const token = await signIn(DEMO_CUSTOMER);
    const products = (await (await api('/products/products/')).json()) as { id: number; stock: number }[];
    const product = products.find((one) => one.stock >= 2) as { id: number };
    await api('/orders/cart/clear/', { method: 'DELETE', token });
    const added = await api('/orders/cart/add-item/', {
      method: 'POST',
      token,
      body: { product_id: product.id, quantity: 2, customization: {} },
    });
    expect(added.status).toBe(200);
    const cart = (await (await api('/orders/cart/', { token })).json()) as { items: { quantity: number }[] };
    expect(cart.items.map((item) => item.quantity)).toEqual([2]);
    const placed = await api('/orders/orders/', {
      method: 'POST',
      token,
      headers: { 'idempotency-key': `scale-out-${Date.now()}` },
      // The demo's khukuris are sold to adults only: the buyer confirms it.
      body: { payment_method: 'bank_transfer', delivery_address: ADDRESS, age_confirmed: true },
    });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: number };
    expect((await api(`/orders/orders/${order.id}/`, { token })).status).toBe(200);
    expect(((await (await api('/orders/cart/', { token })).json()) as { items: unknown[] }).items).toEqual([]);
    // Consecutive requests went to one instance, then the other.
    expect(new Set(served)).toEqual(new Set(apis));
    for (let index = 1; index < served.length; index++) expect(served[index]).not.toBe(served[index - 1]);
  });

  test('a price changed on one instance shows at once on the pages the storefront renders', async () => {
    const [product] = (await (await api('/products/products/')).json()) as {
      id: number;
      slug: string;
      price: string;
    }[];
    const page = `${shop}/products/${product?.slug}`;
    await fetch(page);
    expect((await fetch(page)).headers.get('x-cache')).toBe('hit');
    const token = await signIn(OWNER);
    const price = (Number(product?.price) + 3).toFixed(2);
    const patched = await api(`/admin/products/${product?.id}/`, { method: 'PATCH', token, body: { price } });
    expect(patched.status).toBe(200);
    const after = await fetch(page);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(await after.text()).toContain(`$${price}`);
  });

  test('the expiry job, running on both instances at once, cancels an expired order once and mails once', async () => {
    const token = await signIn(DEMO_CUSTOMER);
    const products = (await (await api('/products/products/')).json()) as { id: number; stock: number }[];
    const product = products.find((one) => one.stock >= 1) as { id: number };
    await api('/orders/cart/add-item/', {
      method: 'POST',
      token,
      body: { product_id: product.id, quantity: 1, customization: {} },
    });
    const placed = await api('/orders/orders/', {
      method: 'POST',
      token,
      // The demo's khukuris are sold to adults only: the buyer confirms it.
      body: { payment_method: 'bank_transfer', delivery_address: ADDRESS, age_confirmed: true },
    });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: number; number: string };
    const stockBefore = await stockOf(product.id);
    // Its payment time runs out: both instances' jobs (every second) find it at the same moment.
    await database.query(`update orders set payment_due_at = now() - interval '1 minute' where id = $1`, [order.id]);
    await expect
      .poll(async () => (await database.query('select status from orders where id = $1', [order.id])).rows[0]?.status, {
        timeout: 20_000,
      })
      .toBe('cancelled');
    // Let both jobs run a few more times, and the mail go out.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const cancellations = await database.query(
      `select count(*)::int as n from order_history where order_id = $1 and to_status = 'cancelled'`,
      [order.id],
    );
    expect(cancellations.rows[0].n).toBe(1);
    expect(await stockOf(product.id)).toBe(stockBefore + 1);
    const mails = await database.query(`select status from mail_queue where subject like $1`, [
      `%order ${order.number} cancelled`,
    ]);
    expect(mails.rows).toEqual([{ status: 'sent' }]);
  });

  test('the sign-in limit counts the attempts made on both instances together', async () => {
    served.length = 0;
    const attempt = () =>
      api('/accounts/login/', { method: 'POST', body: { login_id: 'nobody@example.com', password: 'wrong-password' } });
    // Ten sign-ins a minute from one address (the journeys above made a few). Counted per instance, the attempts,
    // alternating, would reach 429 only after twenty; counted together, within eleven.
    const statuses: number[] = [];
    while (statuses.length < 11 && statuses.at(-1) !== 429) statuses.push((await attempt()).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect((await attempt()).status).toBe(429);
    expect(new Set(served)).toEqual(new Set(apis));
  });

  async function stockOf(productId: number): Promise<number> {
    return (await database.query('select stock from products where id = $1', [productId])).rows[0].stock;
  }
});
