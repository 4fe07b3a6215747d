// HTTP efficiency of the API's answers: compressed as the client accepts, and validated with ETags.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createCategory, createProduct } from '../../test/builders.ts';
import { ETAG_MIN_BYTES } from '../plugins/etags.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('API answers over HTTP', () => {
  it('are compressed with zstd, brotli or gzip as accepted, and vary on it; kept answers in brotli', async () => {
    const { shop, staff } = await shopWithStaff(t, 'Compressed answers');
    const category = await createCategory(t, shop);
    for (let index = 0; index < 12; index++) await createProduct(t, shop, { categoryId: category.id });
    const url = '/api/products/products/';
    // Signed in: every answer is built by its handler and compressed for its request (none from the response cache).
    const ask = (encoding: string, signedIn = true) =>
      t.request(shop, {
        method: 'GET',
        url,
        headers: { 'accept-encoding': encoding, ...(signedIn ? { authorization: `Bearer ${staff.accessToken}` } : {}) },
      });
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // What Chromium sends: zstd, the quickest to make of the three.
    const zstd = await ask('gzip, deflate, br, zstd');
    expect(zstd.headers['x-cache']).toBeUndefined();
    expect(zstd.headers['content-encoding']).toBe('zstd');
    // Once: the compression adds its own unless the value names it as it writes it.
    expect(zstd.headers.vary).toBe('accept-encoding');
    expect(zlib.zstdDecompressSync(zstd.rawPayload).toString()).toBe(plain.body);
    const brotli = await ask('br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // A kept answer (compressed once, at brotli's best) goes out in brotli to the browser that accepts zstd too.
    const missed = await ask('gzip, deflate, br, zstd', false);
    expect(missed.headers['x-cache']).toBe('miss');
    expect(missed.headers.vary).toBe('accept-encoding');
    const kept = await ask('gzip, deflate, br, zstd', false);
    expect(kept.headers['x-cache']).toBe('hit');
    expect(kept.headers['content-encoding']).toBe('br');
    expect(kept.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(kept.rawPayload).toString()).toBe((await ask('identity', false)).body);
  });

  it('carry an ETag, and answer 304 when asked again with it; a change gives a new one', async () => {
    const { shop, staff } = await shopWithStaff(t, 'ETag shop');
    const category = await createCategory(t, shop);
    const product = await createProduct(t, shop, { categoryId: category.id });
    const url = `/api/products/products/${product.slug}/`;
    const first = await t.request(shop, { method: 'GET', url });
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"/);
    const again = await t.request(shop, { method: 'GET', url, headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Served from the response cache meanwhile; the shop's change reaches the next answer at once.
    expect(again.headers['x-cache']).toBe('hit');
    const patched = await adminCall(t, shop, staff.accessToken, 'PATCH', `/products/${product.id}/`, {
      price: '11.00',
    });
    expect(patched.statusCode).toBe(200);
    const changed = await t.request(shop, { method: 'GET', url, headers: { 'if-none-match': tag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
  });

  it('are validated by an ETag of their own when built in memory, and small or written answers carry none', async () => {
    const { shop, staff } = await shopWithStaff(t, 'Fresh ETag shop');
    const category = await createCategory(t, shop);
    for (let index = 0; index < 3; index++) await createProduct(t, shop, { categoryId: category.id });
    // A signed-in read is answered by its handler, not from the response cache.
    const url = '/api/products/products/';
    const headers = { authorization: `Bearer ${staff.accessToken}` };
    const first = await t.request(shop, { method: 'GET', url, headers });
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.body.length).toBeGreaterThanOrEqual(ETAG_MIN_BYTES);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"/);
    for (const asked of [tag, tag.slice(2), `"other", ${tag}`]) {
      const again = await t.request(shop, { method: 'GET', url, headers: { ...headers, 'if-none-match': asked } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    const other = await t.request(shop, { method: 'GET', url, headers: { ...headers, 'if-none-match': 'W/"other"' } });
    expect(other.statusCode).toBe(200);

    const health = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode).toBe(200);
    expect(health.body.length).toBeLessThan(ETAG_MIN_BYTES);
    expect(health.headers.etag).toBeUndefined();
    const written = await adminCall(t, shop, staff.accessToken, 'POST', '/categories/', { name: 'Written answers' });
    expect(written.statusCode).toBe(201);
    expect(written.headers.etag).toBeUndefined();
  });
});
