import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../test/redis.ts';
import {
  cacheKeyOf,
  decodeAnswer,
  encodeAnswer,
  pickEncoding,
  type Rendered,
  ResponseCache,
} from './response-cache.ts';
import { type CacheStore, MemoryCacheStore, RedisCacheStore } from './response-cache-stores.ts';

// A Redis database of this worker's own (test/redis.ts).
const REDIS_URL = testRedisUrl();
const quiet = { warn: () => undefined };
const stores: CacheStore[] = [];

afterAll(async () => {
  for (const store of stores) await store.close();
});

function page(text: string, status = 200, tags: string[] = []): Rendered {
  return {
    status,
    headers: { 'content-type': 'text/html' },
    body: Buffer.from(text.repeat(200)),
    cacheable: status === 200,
    tags,
  };
}

/** A render that takes a while and counts its runs, as a server render of a page would. */
function countedRender(text: string, delayMs = 30, tags: string[] = []) {
  const counter = { runs: 0 };
  const render = async () => {
    counter.runs += 1;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return page(`${text}#${counter.runs} `, 200, tags);
  };
  return { counter, render };
}

const kinds: [string, () => CacheStore][] = [
  ['in memory', () => new MemoryCacheStore(8 * 1024 * 1024)],
  ['in Redis', () => new RedisCacheStore(REDIS_URL, quiet)],
];

describe.each(kinds)('the response cache %s', (_kind, makeStore) => {
  const cacheOf = async (options: { freshMs?: number; staleMs?: number } = {}) => {
    const store = makeStore();
    stores.push(store);
    if (store instanceof RedisCacheStore) expect(await store.connected()).toBe(true);
    return new ResponseCache({
      store,
      freshMs: options.freshMs ?? 60_000,
      staleMs: options.staleMs ?? 60_000,
      log: quiet,
    });
  };

  it('renders a cold page once for 50 concurrent requests, and serves the others that render', async () => {
    const cache = await cacheOf();
    const shop = randomUUID();
    const { counter, render } = countedRender('product page');
    const served = await Promise.all(Array.from({ length: 50 }, () => cache.serve(shop, '/products/kukri', render)));
    expect(counter.runs).toBe(1);
    expect(served.filter((one) => one.state === 'miss')).toHaveLength(1);
    expect(new Set(served.map((one) => one.answer.body.toString()))).toEqual(
      new Set([page('product page#1 ').body.toString()]),
    );
    const again = await cache.serve(shop, '/products/kukri', render);
    expect(again.state).toBe('hit');
    expect(counter.runs).toBe(1);
  });

  it('never serves an entry stored before the shop was invalidated, and leaves other shops alone', async () => {
    const cache = await cacheOf();
    const [shop, other] = [randomUUID(), randomUUID()];
    const { counter, render } = countedRender('list');
    await cache.serve(shop, '/products', render);
    await cache.serve(other, '/products', render);
    expect(counter.runs).toBe(2);
    await cache.invalidate(shop);
    const after = await cache.serve(shop, '/products', render);
    expect(after.state).toBe('miss');
    expect(after.answer.body.toString()).toContain('list#3');
    expect((await cache.serve(other, '/products', render)).state).toBe('hit');
    expect(counter.runs).toBe(3);
  });

  it('renders again only the entries tagged with what changed, never serving them stale', async () => {
    const cache = await cacheOf({ freshMs: 250, staleMs: 60_000 });
    const shop = randomUUID();
    const review = countedRender('product with Ana’s review', 10, ['product:1', 'account:7']);
    const list = countedRender('product list', 10, ['product:1', 'product:2']);
    await cache.serve(shop, '/products/kukri', review.render);
    await cache.serve(shop, '/products', list.render);
    await cache.invalidateTags(shop, ['account:7']);
    const renamed = await cache.serve(shop, '/products/kukri', review.render);
    expect(renamed.state).toBe('miss');
    expect(renamed.answer.body.toString()).toContain('review#2');
    expect((await cache.serve(shop, '/products', list.render)).state).toBe('hit');
    // Another shop's tag of the same name changes nothing here.
    await cache.invalidateTags(randomUUID(), ['product:2']);
    expect((await cache.serve(shop, '/products', list.render)).state).toBe('hit');
    // Past its fresh time an entry may be served stale, unless what it shows changed: then it is rendered.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await cache.invalidateTags(shop, ['product:2']);
    const restocked = await cache.serve(shop, '/products', list.render);
    expect(restocked.state).toBe('miss');
    expect(restocked.answer.body.toString()).toContain('list#2');
    expect([review.counter.runs, list.counter.runs]).toEqual([2, 2]);
  });

  it('never serves a render that began before a change of its tags to a request made after the change', async () => {
    const cache = await cacheOf();
    const shop = randomUUID();
    const { counter, render } = countedRender('post with comments', 80, ['account:9']);
    const before = cache.serve(shop, '/blog/a-post', render);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The name changes while the first render runs; the change's write answers, then a reader comes.
    await cache.invalidateTags(shop, ['account:9']);
    const after = await cache.serve(shop, '/blog/a-post', render);
    expect((await before).answer.body.toString()).toContain('comments#1');
    expect(after.answer.body.toString()).toContain('comments#2');
    expect((await cache.serve(shop, '/blog/a-post', render)).answer.body.toString()).toContain('comments#2');
    expect(counter.runs).toBe(2);
  });

  it('serves a stale entry at once while one refresh renders it again', async () => {
    const cache = await cacheOf({ freshMs: 250, staleMs: 60_000 });
    const shop = randomUUID();
    const { counter, render } = countedRender('blog', 40);
    await cache.serve(shop, '/blog', render);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stale = await Promise.all(Array.from({ length: 10 }, () => cache.serve(shop, '/blog', render)));
    expect(stale.every((one) => one.state === 'stale' && one.answer.body.toString().includes('blog#1'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(counter.runs).toBe(2);
    const refreshed = await cache.serve(shop, '/blog', render);
    expect(refreshed.state).toBe('hit');
    expect(refreshed.answer.body.toString()).toContain('blog#2');
  });

  it('does not keep an answer that is not cacheable, and a failed render lets the next request render', async () => {
    const cache = await cacheOf();
    const shop = randomUUID();
    let runs = 0;
    const missing = async () => {
      runs += 1;
      return page('Not found', 404);
    };
    expect((await cache.serve(shop, '/products/none', missing)).answer.status).toBe(404);
    expect((await cache.serve(shop, '/products/none', missing)).answer.status).toBe(404);
    expect(runs).toBe(2);
    await expect(
      cache.serve(shop, '/broken', async () => Promise.reject(new Error('render failed'))),
    ).rejects.toThrow();
    expect((await cache.serve(shop, '/broken', async () => page('fixed'))).state).toBe('miss');
  });

  it('stores the body compressed once, in brotli and gzip, picked by the Accept-Encoding', async () => {
    const cache = await cacheOf();
    const { answer } = await cache.serve(randomUUID(), '/', async () => page('home page '));
    expect(zlib.brotliDecompressSync(pickEncoding(answer, 'gzip, deflate, br').body).toString()).toBe(
      answer.body.toString(),
    );
    expect(pickEncoding(answer, 'gzip, br;q=0').encoding).toBe('gzip');
    expect(zlib.gunzipSync(pickEncoding(answer, 'gzip').body).toString()).toBe(answer.body.toString());
    expect(pickEncoding(answer, undefined)).toEqual({ body: answer.body });
  });
});

describe('the response cache shared through Redis', () => {
  it('renders a cold page once for concurrent requests spread over two instances', async () => {
    const [storeA, storeB] = [new RedisCacheStore(REDIS_URL, quiet), new RedisCacheStore(REDIS_URL, quiet)];
    stores.push(storeA, storeB);
    expect(await storeA.connected()).toBe(true);
    expect(await storeB.connected()).toBe(true);
    const instances = [storeA, storeB].map(
      (store) => new ResponseCache({ store, freshMs: 60_000, staleMs: 0, log: quiet }),
    );
    const shop = randomUUID();
    const { counter, render } = countedRender('shared', 100);
    const served = await Promise.all(
      Array.from({ length: 40 }, (_, i) => instances[i % 2]?.serve(shop, '/products', render)),
    );
    expect(counter.runs).toBe(1);
    expect(served.every((one) => one?.answer.body.toString().includes('shared#1'))).toBe(true);
    // An invalidation on one instance is seen by the other at once.
    await instances[0]?.invalidate(shop);
    expect((await instances[1]?.serve(shop, '/products', render))?.state).toBe('miss');
  });

  it('renders without the cache when Redis does not answer', async () => {
    const store = new RedisCacheStore('redis://127.0.0.1:1/0', quiet);
    stores.push(store);
    const cache = new ResponseCache({ store, freshMs: 60_000, staleMs: 0, log: quiet });
    const started = Date.now();
    const served = await cache.serve(randomUUID(), '/', async () => page('still selling'));
    expect(served.state).toBe('bypass');
    expect(served.answer.body.toString()).toContain('still selling');
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('cache keys and entries', () => {
  it('keeps only the parameters the address reads, in one order', () => {
    const known = ['category', 'page', 'search'];
    expect(cacheKeyOf('/products?page=2&category=kukri&utm_source=fb&fbclid=abc', known)).toBe(
      '/products?category=kukri&page=2',
    );
    expect(cacheKeyOf('/products?x=1&page=2&search=&category=kukri', known)).toBe(
      '/products?category=kukri&page=2&search=',
    );
    expect(cacheKeyOf('/products?x=2&category=kukri&page=2', known)).toBe('/products?category=kukri&page=2');
    expect(cacheKeyOf('/products/kukri?gclid=1&evil=%3Cscript%3E', [])).toBe('/products/kukri');
    expect(cacheKeyOf('/products?search=a%20b', known)).toBe('/products?search=a+b');
  });

  it('encodes and decodes an entry with its bodies', () => {
    const entry = {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: Buffer.from('<html>é</html>'),
      br: Buffer.from([1, 2, 3]),
      etag: 'W/"x"',
      freshUntil: 1,
      staleUntil: 2,
      tags: ['product:3', 'account:4'],
      since: 17,
    };
    expect(decodeAnswer(encodeAnswer(entry))).toEqual(entry);
  });
});
