import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';

describe('media serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves stored files with long-lived caching, CORS for canvas reads, and a sandboxing CSP', async () => {
    await t.media.put('t1/site/mark.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    const response = await t.app.inject({ method: 'GET', url: t.media.url('t1/site/mark.svg') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers JSON 404 for a missing file and refuses paths out of the media folder', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/media/t1/none.webp' });
    expect(missing.statusCode).toBe(404);
    const outside = await t.app.inject({ method: 'GET', url: '/media/../jwt-secret' });
    expect(outside.statusCode).toBe(404);
    await expect(t.media.put('../outside.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
  });
});
