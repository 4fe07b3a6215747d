import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './errors.ts';
import { rateLimits, routeRateLimit } from './rate-limit.ts';

async function appWithLimitedRoute(enabled: boolean) {
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  await app.register(rateLimits, { enabled });
  app.post('/limited', { config: routeRateLimit({ max: 2, timeWindow: '1 minute' }) }, async () => ({ ok: true }));
  app.post(
    '/sign-in',
    {
      config: routeRateLimit(
        { max: 100, timeWindow: '1 minute' },
        { max: 2, timeWindow: '1 minute', namedBy: 'login' },
      ),
    },
    async () => ({ ok: true }),
  );
  app.post('/free', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('rate limits', () => {
  it('answers 429 with Retry-After and a throttled detail past the limit of a route', async () => {
    const app = await appWithLimitedRoute(true);
    const codes = [];
    for (let i = 0; i < 3; i += 1) codes.push((await app.inject({ method: 'POST', url: '/limited' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const throttled = await app.inject({ method: 'POST', url: '/limited' });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json()).toEqual({ detail: expect.stringMatching(/throttled/), code: 'throttled' });
    await app.close();
  });

  it('counts each client address and shop apart, and leaves routes without a limit alone', async () => {
    const app = await appWithLimitedRoute(true);
    const ask = (ip: string, tenant: string) =>
      app.inject({ method: 'POST', url: '/limited', remoteAddress: ip, headers: { 'x-tenant-token': tenant } });
    await ask('10.0.0.1', 'shop-a');
    await ask('10.0.0.1', 'shop-a');
    expect((await ask('10.0.0.1', 'shop-a')).statusCode).toBe(429);
    expect((await ask('10.0.0.2', 'shop-a')).statusCode).toBe(200);
    expect((await ask('10.0.0.1', 'shop-b')).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await app.inject({ method: 'POST', url: '/free' })).statusCode).toBe(200);
    await app.close();
  });

  it('counts the requests naming one account from any address and in any case, and each account apart', async () => {
    const app = await appWithLimitedRoute(true);
    const signIn = (login: string, ip: string) =>
      app.inject({ method: 'POST', url: '/sign-in', remoteAddress: ip, payload: { login } });
    expect((await signIn('ana@example.com', '10.0.0.1')).statusCode).toBe(200);
    expect((await signIn(' ANA@example.com', '10.0.0.2')).statusCode).toBe(200);
    const throttled = await signIn('ana@example.com ', '10.0.0.3');
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json()).toEqual({ detail: expect.stringMatching(/throttled/), code: 'throttled' });
    expect((await signIn('bo@example.com', '10.0.0.3')).statusCode).toBe(200);
    await app.close();
  });

  it('limits nothing when disabled by configuration', async () => {
    const app = await appWithLimitedRoute(false);
    for (let i = 0; i < 5; i += 1) {
      expect((await app.inject({ method: 'POST', url: '/limited' })).statusCode).toBe(200);
      const payload = { login: 'ana@example.com' };
      expect((await app.inject({ method: 'POST', url: '/sign-in', payload })).statusCode).toBe(200);
    }
    await app.close();
  });
});
