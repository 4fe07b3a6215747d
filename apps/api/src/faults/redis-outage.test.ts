// Redis stopped and started while the app runs, played by a proxy between the app and the shared server: the shop
// keeps selling (sign-in, browsing, ordering) with a warning in the log, and the response cache and the rate limits
// work again once Redis is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  addToCart,
  createCustomer,
  createProduct,
  DEFAULT_TEST_PASSWORD,
  placeOrder,
  setPayments,
} from '../../test/builders.ts';
import { type FaultProxy, hostAndPort, startFaultProxy } from '../../test/fault-proxy.ts';
import { testRedisUrl } from '../../test/redis.ts';
import { ACCOUNT_RATE_LIMITS } from '../modules/accounts/accounts.routes.ts';
import type { Tenant } from '../modules/tenants/index.ts';

// A Redis database of this worker's own (test/redis.ts).
const REDIS_URL = testRedisUrl();

let t: TestApp;
let proxy: FaultProxy;
const logs: string[] = [];
let shop: Tenant;
let customer: Awaited<ReturnType<typeof createCustomer>>;
let productId: number;

beforeAll(async () => {
  proxy = await startFaultProxy(hostAndPort(REDIS_URL, 6379));
  t = await buildTestApp({ REDIS_URL: proxy.through(REDIS_URL), LOG_LEVEL: 'warn' }, logs);
  shop = await t.createTenant();
  await setPayments(t, shop);
  customer = await createCustomer(t, shop);
  productId = (await createProduct(t, shop, { stock: 10 })).id;
});

afterAll(async () => {
  proxy?.up();
  await t?.close();
  await proxy?.close();
});

const browse = () => t.request(shop, { method: 'GET', url: '/api/products/products/' });
const signIn = (password: string) =>
  t.request(shop, {
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { login_id: customer.user.email, password },
  });

/** The answer and how long it took. */
async function timed<T>(work: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await work();
  return { answer, ms: performance.now() - started };
}

/** Waits until the app's Redis clients are connected again (they retry on their own). */
async function untilCached(): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    await browse();
    if ((await browse()).headers['x-cache'] === 'hit') return;
    if (Date.now() > until) throw new Error('the response cache did not come back');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('Redis stopped and started while the app runs', () => {
  it('keeps selling without it, with a warning in the log, and caches and counts again once it is back', async () => {
    await untilCached();

    proxy.down();
    for (let i = 0; i < 2; i += 1) {
      const { answer, ms } = await timed(browse);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().map((product: { id: number }) => product.id)).toEqual([productId]);
      expect(answer.headers['x-cache']).not.toBe('hit');
      expect(ms).toBeLessThan(2_500);
    }
    // Sign-in is rate-limited through Redis: without it, nothing is counted rather than everyone refused.
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.login.max + 2; i += 1) {
      const { answer, ms } = await timed(() => signIn('not-the-password'));
      expect(answer.statusCode).toBe(401);
      expect(ms).toBeLessThan(2_500);
    }
    const signedIn = await signIn(DEFAULT_TEST_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    await addToCart(t, shop, signedIn.json().access, productId, 1);
    const placed = await placeOrder(t, shop, signedIn.json().access);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(logs.some((line) => line.includes('"level":40') && line.includes('(Redis) unavailable'))).toBe(true);

    // Redis is back: the cache serves again (the order's stock change emptied the shop's part meanwhile)…
    proxy.up();
    await untilCached();
    const after = await browse();
    expect(after.headers['x-cache']).toBe('hit');
    expect(after.json()[0].stock).toBe(9);
    // …and the sign-in limit counts again (its client reconnects on its own, within a couple of seconds).
    let limited = await signIn('not-the-password');
    const until = Date.now() + 10_000;
    while (limited.statusCode === 401 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      limited = await signIn('not-the-password');
    }
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('throttled');
  });
});
