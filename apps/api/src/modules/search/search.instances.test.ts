// A shop's synonym groups as two app instances keep them: a change made through one reaches the other's copy through
// the event relay (Redis pub/sub), long before that copy would age out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCatalogShop } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createProduct } from '../../../test/builders.ts';
import { testRedisUrl } from '../../../test/redis.ts';
import { WORD_GROUPS_TTL_MS } from './search.service.ts';

// A Redis database of this worker's own (test/redis.ts).
const REDIS_URL = testRedisUrl();

let t: TestApp;
let second: Awaited<ReturnType<TestApp['secondInstance']>>;
beforeAll(async () => {
  t = await buildTestApp({ REDIS_URL });
  second = await t.secondInstance();
});
afterAll(() => t.close());

describe('synonyms kept by several instances', () => {
  it('a synonym staff add on one instance is searched with on the other at once', async () => {
    const setup = await adminCatalogShop(t, 'Two instance shop');
    await createProduct(t, setup.shop, {
      name: 'Birenpati blade',
      slug: 'birenpati-blade',
      categoryId: setup.category.id,
    });
    const names = async () => {
      const answer = await t.request(setup.shop, { method: 'GET', url: '/api/products/products/?search=zorblax' });
      expect(answer.statusCode).toBe(200);
      const body = answer.json() as { name: string }[] | { results: { name: string }[] };
      return (Array.isArray(body) ? body : body.results).map((product) => product.name);
    };
    // The first instance reads the shop's groups (none) and keeps them.
    expect(await names()).toEqual([]);

    const created = await second.inject({
      method: 'POST',
      url: '/api/admin/synonyms/',
      headers: { 'x-tenant-token': setup.shop.token, authorization: `Bearer ${setup.staff.accessToken}` },
      payload: { terms: ['birenpati', 'zorblax'] },
    });
    expect(created.statusCode).toBe(201);

    // The relay is asynchronous: the first instance learns of the change within a moment, not within its copy's age.
    const deadline = Date.now() + Math.min(3_000, WORD_GROUPS_TTL_MS / 4);
    let found = await names();
    while (found.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      found = await names();
    }
    expect(found).toEqual(['Birenpati blade']);
  });
});
