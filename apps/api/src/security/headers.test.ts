// Security headers on the API's answers, the documentation page and the sandbox gateway's pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('every API answer: nothing runs or frames it, no sniffing, a referrer policy, a charset', async () => {
    const shop = await t.createTenant();
    const answer = await t.request(shop, { method: 'GET', url: '/api/products/categories/' });
    expect(answer.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none';base-uri 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    // Plain HTTP: no HSTS.
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    const error = await t.request(shop, { method: 'GET', url: '/api/nowhere/' });
    expect(error.headers['x-content-type-options']).toBe('nosniff');
  });

  it('HSTS over HTTPS only (as the trusted proxy says)', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('the documentation page allows its own scripts only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
