// The shop's synonym groups for staff through HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCatalogShop, adminCall, adminCatalogShop, auditLog, type DropFirst } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createProduct } from '../../../test/builders.ts';
import { countQueries } from '../../../test/query-counter.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const catalogShop = (name?: string) => adminCatalogShop(t, name);

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

const auditOf = (setup: AdminCatalogShop, entity: string, entityId: number) => auditLog(t, setup, entity, entityId);

describe('synonyms for staff', () => {
  it('makes a word find the products of its synonyms at once, audited; words are validated', async () => {
    const setup = await catalogShop('Synonym shop');
    await createProduct(t, setup.shop, {
      name: 'Birenpati blade',
      slug: 'birenpati-blade',
      categoryId: setup.category.id,
    });
    const search = async (text: string) =>
      (await t.request(setup.shop, { method: 'GET', url: `/api/products/products/?search=${text}` })).json();
    const names = (answer: { name: string }[] | { results: { name: string }[] }) =>
      (Array.isArray(answer) ? answer : answer.results).map((product) => product.name);
    expect(names(await search('zorblax'))).toEqual([]);

    const created = await admin(setup.shop, setup.staff.accessToken, 'POST', '/synonyms/', {
      terms: ['Birenpati', 'zorblax'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().terms).toEqual(['birenpati', 'zorblax']);
    expect(names(await search('zorblax'))).toEqual(['Birenpati blade']);
    const list = (await admin(setup.shop, setup.staff.accessToken, 'GET', '/synonyms/')).json();
    expect(list).toEqual({ count: 1, results: [created.json()] });

    const id = created.json().id as number;
    expect((await admin(setup.shop, setup.staff.accessToken, 'GET', `/synonyms/${id}/`)).json()).toEqual(
      created.json(),
    );
    expect(
      (await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/synonyms/${id}/`, { terms: ['birenpati', 'quux'] }))
        .statusCode,
    ).toBe(200);
    expect(names(await search('zorblax'))).toEqual([]);
    expect((await admin(setup.shop, setup.staff.accessToken, 'DELETE', `/synonyms/${id}/`)).statusCode).toBe(204);
    expect((await admin(setup.shop, setup.staff.accessToken, 'DELETE', `/synonyms/${id}/`)).statusCode).toBe(404);
    expect((await admin(setup.shop, setup.staff.accessToken, 'GET', `/synonyms/${id}/`)).statusCode).toBe(404);
    expect((await auditOf(setup, 'synonyms', id)).map((entry) => entry.action)).toEqual([
      'synonyms.delete',
      'synonyms.update',
      'synonyms.create',
    ]);

    const refused = async (payload: object) =>
      (await admin(setup.shop, setup.staff.accessToken, 'POST', '/synonyms/', payload)).statusCode;
    expect(await refused({ terms: ['alone'] })).toBe(400);
    expect(await refused({ terms: ['same', 'Same'] })).toBe(400);
    expect(await refused({ terms: ['a', 'b'], tenant_id: 1 })).toBe(400);
    expect((await admin(setup.shop, setup.customer.accessToken, 'GET', '/synonyms/')).statusCode).toBe(403);
  });
});

describe("another shop's synonyms", () => {
  it('are out of reach of its staff, and never change what this shop finds', async () => {
    const mine = await adminCatalogShop(t, 'Mine');
    const theirs = await adminCatalogShop(t, 'Theirs');
    await createProduct(t, mine.shop, {
      name: 'Birenpati blade',
      slug: 'birenpati-blade',
      categoryId: mine.category.id,
    });
    await createProduct(t, theirs.shop, {
      name: 'Birenpati blade',
      slug: 'birenpati-blade',
      categoryId: theirs.category.id,
    });
    const created = await admin(mine.shop, mine.staff.accessToken, 'POST', '/synonyms/', {
      terms: ['birenpati', 'zorblax'],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    for (const [method, payload] of [['GET'], ['PATCH', { terms: ['taken', 'over'] }], ['DELETE']] as const) {
      expect((await admin(theirs.shop, theirs.staff.accessToken, method, `/synonyms/${id}/`, payload)).statusCode).toBe(
        404,
      );
    }
    expect((await admin(theirs.shop, theirs.staff.accessToken, 'GET', '/synonyms/')).json()).toEqual({
      count: 0,
      results: [],
    });
    const found = async (shop: AdminCatalogShop) =>
      (await t.request(shop.shop, { method: 'GET', url: '/api/products/products/?search=zorblax' })).json();
    expect(await found(theirs)).toEqual([]);
    expect((await found(mine)).map((product: { slug: string }) => product.slug)).toEqual(['birenpati-blade']);
    expect((await admin(mine.shop, mine.staff.accessToken, 'GET', `/synonyms/${id}/`)).json()).toEqual(created.json());
  });
});

describe('related concepts for staff', () => {
  it('make a word find the products described by a related one, below those holding the word, audited', async () => {
    const setup = await catalogShop('Concept shop');
    await createProduct(t, setup.shop, {
      name: 'Trail blade',
      slug: 'trail-blade',
      description: 'At home on the trail and at the campfire.',
      categoryId: setup.category.id,
    });
    await createProduct(t, setup.shop, {
      name: 'Plain blade',
      slug: 'plain-blade',
      description: 'A plain blade, also fine for trekking.',
      categoryId: setup.category.id,
    });
    const slugs = async (text: string) =>
      (
        (await t.request(setup.shop, { method: 'GET', url: `/api/products/products/?search=${text}` })).json() as {
          slug: string;
        }[]
      ).map((product) => product.slug);
    expect(await slugs('trekking')).toEqual(['plain-blade']);

    const created = await admin(setup.shop, setup.staff.accessToken, 'POST', '/concepts/', {
      terms: ['Trekking', 'trail', 'campfire'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().terms).toEqual(['trekking', 'trail', 'campfire']);
    // The trail blade's name and description answer only the related words: it comes after the one saying "trekking".
    expect(await slugs('trekking')).toEqual(['plain-blade', 'trail-blade']);
    expect(await slugs('campfire')).toEqual(['trail-blade', 'plain-blade']);
    // The synonyms are apart: a concept group is not one.
    expect((await admin(setup.shop, setup.staff.accessToken, 'GET', '/synonyms/')).json().count).toBe(0);

    const id = created.json().id as number;
    expect((await admin(setup.shop, setup.staff.accessToken, 'GET', '/concepts/')).json()).toEqual({
      count: 1,
      results: [created.json()],
    });
    expect(
      (await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/concepts/${id}/`, { terms: ['hiking', 'trail'] }))
        .statusCode,
    ).toBe(200);
    expect(await slugs('trekking')).toEqual(['plain-blade']);
    expect(await slugs('hiking')).toEqual(['trail-blade']);
    expect((await admin(setup.shop, setup.staff.accessToken, 'DELETE', `/concepts/${id}/`)).statusCode).toBe(204);
    expect(await slugs('hiking')).toEqual([]);
    expect((await admin(setup.shop, setup.staff.accessToken, 'GET', `/concepts/${id}/`)).json()).toMatchObject({
      detail: 'Concept group not found.',
    });
    expect((await auditOf(setup, 'concepts', id)).map((entry) => entry.action)).toEqual([
      'concepts.delete',
      'concepts.update',
      'concepts.create',
    ]);
    expect(
      (await admin(setup.shop, setup.staff.accessToken, 'POST', '/concepts/', { terms: ['alone'] })).statusCode,
    ).toBe(400);
    expect((await admin(setup.shop, setup.customer.accessToken, 'GET', '/concepts/')).statusCode).toBe(403);
  });

  it("are out of reach of another shop's staff", async () => {
    const mine = await adminCatalogShop(t, 'Concepts mine');
    const theirs = await adminCatalogShop(t, 'Concepts theirs');
    const created = await admin(mine.shop, mine.staff.accessToken, 'POST', '/concepts/', { terms: ['a b', 'c d'] });
    const id = created.json().id as number;
    for (const [method, payload] of [['GET'], ['PATCH', { terms: ['taken', 'over'] }], ['DELETE']] as const) {
      expect((await admin(theirs.shop, theirs.staff.accessToken, method, `/concepts/${id}/`, payload)).statusCode).toBe(
        404,
      );
    }
    expect((await admin(theirs.shop, theirs.staff.accessToken, 'GET', '/concepts/')).json().count).toBe(0);
  });
});

describe("the shop's word groups as searches read them", () => {
  it('are read once, and again after each staff change of the synonyms or the concepts', async () => {
    const setup = await catalogShop('Cached words shop');
    const readsGroups = async () => {
      const { queries } = await countQueries(t.testDb.database.db, () =>
        t.request(setup.shop, { method: 'GET', url: '/api/products/products/?search=blade' }),
      );
      return queries.some((query) => /search_synonyms/.test(query));
    };
    expect(await readsGroups()).toBe(true);
    expect(await readsGroups()).toBe(false);
    await admin(setup.shop, setup.staff.accessToken, 'POST', '/synonyms/', { terms: ['blade', 'knife'] });
    expect(await readsGroups()).toBe(true);
    expect(await readsGroups()).toBe(false);
    await admin(setup.shop, setup.staff.accessToken, 'POST', '/concepts/', { terms: ['blade', 'edge'] });
    expect(await readsGroups()).toBe(true);
    // Another change of the shop (a category) leaves them kept.
    await admin(setup.shop, setup.staff.accessToken, 'POST', '/categories/', { name: 'Axes', slug: 'axes' });
    expect(await readsGroups()).toBe(false);
  });
});
