import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalHost, createShopOrigins } from './canonical-host.ts';
import { createHostResolver, tenantsByHost } from './tenant-by-host.ts';

/** Public settings with the shop's `site_url`, as the platform answers them. */
function settings(siteUrl: string) {
  return {
    id: 1,
    site_title: 'Shop',
    site_description: '',
    favicon: '',
    theme_name: '',
    logo: '',
    google_analytics_id: '',
    contact_email: '',
    social_media_links: '',
    tenant: 1,
    tagline: '',
    history_summary: '',
    mission_statement: '',
    vision_statement: '',
    core_values: [],
    site_url: siteUrl,
    locale: 'en-US',
    time_zone: 'UTC',
    test_mode: false,
    currencies: [],
  };
}

/**
 * A platform whose default shop (token-default) is configured at http://localhost:8000, whose shop token-known runs
 * on known.example, and which cannot read the settings of token-broken.
 */
function fakePlatform() {
  const calls: string[] = [];
  const apiFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    calls.push(`${url.pathname}${url.search}`);
    if (url.pathname.endsWith('/platform/shops/by-host/')) {
      return url.searchParams.get('host') === 'known.example'
        ? Response.json({ token: 'token-known' })
        : Response.json({ detail: 'No shop runs on this host.' }, { status: 404 });
    }
    const token = new Headers(init?.headers).get('x-tenant-token');
    if (token === 'token-broken') return new Response('oops', { status: 500 });
    if (token === 'token-unknown') return Response.json({ detail: 'Unknown shop.' }, { status: 403 });
    return Response.json(settings(token === 'token-known' ? 'https://known.example' : 'http://localhost:8000'));
  };
  return { apiFetch, calls };
}

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** A server like the storefront's: the API's routes outside, the pages in a scope with the hook. */
async function server(defaultToken = 'token-default') {
  const platform = fakePlatform();
  const options = { apiBaseUrl: 'http://api.internal/api', apiFetch: platform.apiFetch };
  const shopOf = createHostResolver({ ...options, byHost: tenantsByHost('mapped.example=token-known'), defaultToken });
  const originOf = createShopOrigins(options);
  app = Fastify();
  app.get('/api/health/', async () => ({ status: 'ok' }));
  app.post('/api/payments/notify/', async () => ({ ok: true }));
  await app.register(async (pages) => {
    pages.addHook('onRequest', canonicalHost({ shopOf, originOf }));
    pages.route({ method: ['GET', 'HEAD'], url: '/*', handler: async () => 'page' });
    pages.post('/form', async () => 'posted');
  });
  return { app, platform };
}

describe('one address per shop', () => {
  it('sends a page asked for on another host to the same path and query on the configured origin', async () => {
    const { app } = await server();
    for (const method of ['GET', 'HEAD'] as const) {
      const answer = await app.inject({
        method,
        url: '/products?search=kukri&page=2',
        headers: { host: '127.0.0.1:8000' },
      });
      expect(answer.statusCode, method).toBe(301);
      expect(answer.headers.location).toBe('http://localhost:8000/products?search=kukri&page=2');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    // A path that looks like another host's address stays a path on the origin.
    const sneaky = await app.inject({ url: '//evil.example/x', headers: { host: '127.0.0.1:8000' } });
    expect(sneaky.headers.location).toBe('http://localhost:8000//evil.example/x');
  });

  it('serves the pages of the configured origin, of a mapped host and of a shop’s own domain where they are asked', async () => {
    const { app } = await server();
    for (const host of ['localhost:8000', 'LOCALHOST', 'mapped.example', 'known.example:443']) {
      const answer = await app.inject({ url: '/products', headers: { host } });
      expect([answer.statusCode, answer.body], host).toEqual([200, 'page']);
    }
  });

  it('never moves the API, health checks, the gateway’s notifications or a form’s POST', async () => {
    const { app } = await server();
    const headers = { host: '127.0.0.1:8000' };
    expect((await app.inject({ url: '/api/health/', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/payments/notify/', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/form', headers })).statusCode).toBe(200);
  });

  it('serves the page where it is asked when the shop’s origin cannot be read, and asks again a minute later only', async () => {
    for (const token of ['token-broken', 'token-unknown']) {
      const { app, platform } = await server(token);
      for (let request = 0; request < 3; request++) {
        const answer = await app.inject({ url: '/', headers: { host: '127.0.0.1:8000' } });
        expect(answer.statusCode, token).toBe(200);
      }
      expect(platform.calls.filter((call) => call.startsWith('/api/pages/settings/public/'))).toHaveLength(1);
      await app.close();
    }
  });
});
