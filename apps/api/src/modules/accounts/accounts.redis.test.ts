import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer } from '../../../test/builders.ts';
import { testRedisUrl } from '../../../test/redis.ts';
import { buildApp } from '../../app.ts';
import { ACCOUNT_RATE_LIMITS, NAMED_ACCOUNT_RATE_LIMITS } from './accounts.routes.ts';

// A Redis database of this worker's own (test/redis.ts).
const REDIS_URL = testRedisUrl();

describe('rate limits shared through Redis', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await buildTestApp({ REDIS_URL });
    // A second instance on the same data, as another server process would be; it must not close the shared database.
    const database = { ...t.testDb.database, close: async () => undefined };
    second = await buildApp({ config: t.config, database, media: t.media });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('counts the logins of one address and shop across two app instances', async () => {
    const shop = await t.createTenant();
    const login = (app: typeof second) =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/login/',
        headers: { 'x-tenant-token': shop.token },
        payload: { login_id: 'nobody@example.com', password: 'not-the-password' },
      });
    const limit = ACCOUNT_RATE_LIMITS.login.max;
    for (let i = 0; i < limit; i += 1) {
      expect((await login(i % 2 === 0 ? t.app : second)).statusCode).toBe(401);
    }
    const onFirst = await login(t.app);
    const onSecond = await login(second);
    expect(onFirst.statusCode).toBe(429);
    expect(onSecond.statusCode).toBe(429);
    expect(Number(onSecond.headers['retry-after'])).toBeGreaterThan(0);
    expect(onSecond.json().code).toBe('throttled');
  });

  it('counts the sign-ins of one account across two app instances and any number of addresses', async () => {
    const shop = await t.createTenant();
    const { user } = await createCustomer(t, shop);
    const login = (app: typeof second, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/login/',
        remoteAddress: `198.51.100.${i}`,
        headers: { 'x-tenant-token': shop.token },
        payload: { login_id: user.email, password: 'not-the-password' },
      });
    const limit = NAMED_ACCOUNT_RATE_LIMITS.login.max;
    for (let i = 1; i <= limit; i += 1) expect((await login(i % 2 === 0 ? t.app : second, i)).statusCode).toBe(401);
    const onFirst = await login(t.app, limit + 1);
    const onSecond = await login(second, limit + 2);
    expect(onFirst.statusCode).toBe(429);
    expect(onSecond.statusCode).toBe(429);
    expect(onSecond.json().code).toBe('throttled');
  });
});
