import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { upsertSettings } from '../modules/site/site.repository.ts';

describe('API conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => t.close());

  it('answers JSON 404 for an unknown path under /api', async () => {
    const shop = await t.createTenant();
    const response = await t.request(shop, { method: 'GET', url: '/api/no/such/thing/' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('answers 405 with an Allow header for a known path asked with another method', async () => {
    const shop = await t.createTenant();
    const response = await t.request(shop, { method: 'DELETE', url: '/api/pages/settings/public/' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toContain('GET');
    expect(response.json()).toEqual({ detail: 'Method "DELETE" not allowed.', code: 'method_not_allowed' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const shop = await t.createTenant();
    const response = await t.request(shop, {
      method: 'POST',
      url: '/api/pages/settings/public/',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_media_type');
  });

  it('answers 400 for broken JSON without echoing parser internals', async () => {
    const shop = await t.createTenant();
    const response = await t.request(shop, {
      method: 'POST',
      url: '/api/pages/settings/public/',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'JSON parse error.', code: 'parse_error' });
  });

  it('answers 413 for a body over the size limit', async () => {
    const shop = await t.createTenant();
    const response = await t.request(shop, {
      method: 'POST',
      url: '/api/pages/settings/public/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large.', code: 'request_too_large' });
  });

  it('answers a failure of the database with a bare 500: no message, stack trace or SQL', async () => {
    const shop = await t.createTenant();
    await upsertSettings(t.scope(shop), { siteTitle: 'Broken soon' });
    await t.testDb.database.raw.exec('alter table site_settings rename to site_settings_away');
    try {
      const response = await t.request(shop, { method: 'GET', url: '/api/pages/settings/public/' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'A server error occurred.', code: 'server_error' });
      expect(response.body).not.toMatch(/site_settings|select|relation|at .*\.ts/i);
    } finally {
      await t.testDb.database.raw.exec('alter table site_settings_away rename to site_settings');
    }
    expect((await t.request(shop, { method: 'GET', url: '/api/pages/settings/public/' })).statusCode).toBe(200);
  });

  it('answers liveness and readiness without a tenant', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready/' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('is not ready while the database answers reads but refuses writes', async () => {
    const { raw } = t.testDb.database;
    await raw.exec(`
      create function refuse_writes() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device'; end $$;
      create trigger heartbeat_refused before insert or update on platform_heartbeat
        for each row execute function refuse_writes();`);
    try {
      const refused = await t.app.inject({ method: 'GET', url: '/api/ready/' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        detail: 'The database does not accept writes (unreachable, read-only or full).',
        code: 'not_ready',
      });
      // Reads still work meanwhile: liveness says the process is up.
      expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    } finally {
      await raw.exec('drop trigger heartbeat_refused on platform_heartbeat; drop function refuse_writes();');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready/' })).statusCode).toBe(200);
  });

  it('tags every answer with a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/pages/settings/public/');
    // Real routes only: the catch-all that answers 404 and 405 is not one.
    expect(Object.keys(response.json().paths).filter((path) => path.includes('*'))).toEqual([]);
    expect(JSON.stringify(response.json().paths)).not.toContain('"trace"');
  });
});
