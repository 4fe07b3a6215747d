import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { upsertSettings } from '../site/site.repository.ts';

describe('tenant resolution', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 400 with a clear detail when the X-Tenant-Token header is missing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/pages/settings/public/' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'The X-Tenant-Token header is required.',
      code: 'tenant_token_missing',
    });
  });

  it('answers 403 when the token names no shop', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/pages/settings/public/',
      headers: { 'x-tenant-token': 'no-such-shop-token' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('tenant_unknown');
  });

  it('answers 403 for an absurdly long token without touching the database', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/pages/settings/public/',
      headers: { 'x-tenant-token': 'x'.repeat(5000) },
    });
    expect(response.statusCode).toBe(403);
  });

  it('touches nothing for a write without a known token', async () => {
    const countUsers = async () =>
      (await t.testDb.database.raw.query<{ n: number }>('select count(*)::int as n from users'))[0]?.n;
    const before = await countUsers();
    const payload = { email: 'nobody@example.com', password: 'Kami-forged-1994', password_confirm: 'Kami-forged-1994' };
    const missing = await t.app.inject({ method: 'POST', url: '/api/accounts/register/', payload });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/register/',
      headers: { 'x-tenant-token': 'no-such-shop-token' },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual({
      detail: 'The X-Tenant-Token header does not name a known shop.',
      code: 'tenant_unknown',
    });
    expect(await countUsers()).toBe(before);
  });

  it('never lets tenant A read tenant B settings', async () => {
    const shopA = await t.createTenant('Shop A');
    const shopB = await t.createTenant('Shop B');
    await upsertSettings(t.scope(shopA), { siteTitle: 'Shop A title' });
    await upsertSettings(t.scope(shopB), { siteTitle: 'Shop B title' });

    const a = await t.request(shopA, { method: 'GET', url: '/api/pages/settings/public/' });
    const b = await t.request(shopB, { method: 'GET', url: '/api/pages/settings/public/' });
    expect(a.json().site_title).toBe('Shop A title');
    expect(a.json().tenant).toBe(shopA.id);
    expect(b.json().site_title).toBe('Shop B title');
    expect(b.json().tenant).toBe(shopB.id);
  });
});
