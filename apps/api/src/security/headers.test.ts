// Security headers on the API's answers, the documentation page and the sandbox gateway's pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { DOCUMENT_HEADERS } from '../plugins/security-headers.ts';

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
    // What a browser reads only of a document it shows is not on a JSON answer.
    for (const [name] of DOCUMENT_HEADERS) {
      expect(answer.headers[name], name).toBeUndefined();
      expect(error.headers[name], name).toBeUndefined();
    }
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
    // A document: the opener policy, the agent cluster and helmet's other headers for pages.
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['origin-agent-cluster']).toBe('?1');
    expect(page.headers['x-dns-prefetch-control']).toBe('off');
    expect(page.headers['x-download-options']).toBe('noopen');
    expect(page.headers['x-permitted-cross-domain-policies']).toBe('none');
    expect(page.headers['x-xss-protection']).toBe('0');
    expect(page.headers['x-frame-options']).toBe('DENY');
  });
});
