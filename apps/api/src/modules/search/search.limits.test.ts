import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCategory, createProduct } from '../../../test/builders.ts';
import { countQueries } from '../../../test/query-counter.ts';
import type { Tenant } from '../tenants/tenants.service.ts';
import { SEARCH_LIMITS } from './search.planning.ts';
import { insertSynonymGroups } from './search.repository.ts';

// What a search costs is bounded whatever its text (SEARCH_LIMITS): the product list's search, the type-ahead and the
// "Did you mean" suggestion read the first eight distinct words, so a text of 50 words costs what its first eight do.

/** Distinct three-letter words no word of the shop begins with: 50 of them fill the 200 characters of a search. */
const UNKNOWN = [...'qz'].flatMap((first) => [...'abcdefghijklmnopqrstuvwxyz'].map((middle) => `${first}${middle}x`));
const FIFTY_UNKNOWN = UNKNOWN.slice(0, 50).join(' ');
const FIRST_EIGHT = UNKNOWN.slice(0, SEARCH_LIMITS.words).join(' ');

let t: TestApp;
let shop: Tenant;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await t.createTenant();
  const category = await createCategory(t, shop, { slug: 'khukuris', name: 'Khukuris' });
  await createProduct(t, shop, {
    slug: 'bhojpure-khukuri',
    name: 'Bhojpure Khukuri 12 inch',
    categoryId: category.id,
    attributes: [['Handle', 'Buffalo horn']],
  });
  await createProduct(t, shop, { slug: 'sirupate-khukuri', name: 'Sirupate Khukuri', categoryId: category.id });
  await createProduct(t, shop, { slug: 'khukuri-sheath', name: 'Khukuri Leather Sheath', categoryId: category.id });
  await createProduct(t, shop, { slug: 'blade-care-kit', name: 'Blade Care Kit', categoryId: category.id });
  await insertSynonymGroups(t.scope(shop), [
    ['khukuri', 'kukri', 'gurkha knife'],
    ['sheath', 'scabbard', 'dap'],
  ]);
  // The first answers fill what the app keeps between requests (the shop of the token, its synonym groups).
  await t.request(shop, { method: 'GET', url: '/api/products/categories/' });
  await t.request(shop, { method: 'GET', url: '/api/products/products/?search=khukuri' });
});
afterAll(() => t.close());

/** The answer to `url` and the statements it ran (each URL is asked once: a second answer may come from the cache). */
async function answer(url: string) {
  const { result, queries, params } = await countQueries(t.testDb.database.db, () =>
    t.request(shop, { method: 'GET', url }),
  );
  expect(result.statusCode, url).toBe(200);
  return { body: result.json(), queries, params };
}

const list = (text: string) => `/api/products/products/?page=1&search=${encodeURIComponent(text)}`;
const completions = (text: string) => `/api/products/search-completions/?search=${encodeURIComponent(text)}`;
const suggestion = (text: string) => `/api/products/search-suggestion/?search=${encodeURIComponent(text)}`;

/** The parameters of the statement that looks a search's words up in the catalog's words (`search_words`). */
function wordLookup(run: { queries: string[]; params: unknown[][] }): unknown[] {
  const index = run.queries.findIndex((query) => /with unknown as/.test(query));
  expect(index).toBeGreaterThanOrEqual(0);
  return run.params[index] ?? [];
}

describe('the cost of a search of many words', () => {
  it('runs, for 50 unknown words, the statements of the first eight, parameters included (list and type-ahead)', async () => {
    for (const path of [list, completions]) {
      const fifty = await answer(path(FIFTY_UNKNOWN));
      const eight = await answer(path(FIRST_EIGHT));
      expect(fifty.queries).toEqual(eight.queries);
      expect(fifty.params).toEqual(eight.params);
      expect(fifty.body).toEqual(eight.body);
    }
  });

  it('looks up at most eight words, and at most 128 spellings of them, in the catalog', async () => {
    const others = UNKNOWN.slice(2, 52);
    const lookup = wordLookup(await answer(list(others.join(' '))));
    const arrays = lookup.filter((value): value is string[] => Array.isArray(value));
    // The words, then the words and spellings of each pair looked up.
    expect(arrays[0]).toEqual(others.slice(0, SEARCH_LIMITS.words));
    for (const array of arrays.slice(1)) expect(array.length).toBeLessThanOrEqual(SEARCH_LIMITS.variants);
    // Eight words of 24 letters, no two neighbours alike: 184 swapped spellings, 128 of them looked up.
    const alphabet = 'abcdefghijklmnopqrstuvwxyz'.repeat(2);
    const long = Array.from({ length: 8 }, (_, i) => alphabet.slice(i, i + 24)).join(' ');
    const spellings = wordLookup(await answer(completions(long))).filter((value) => Array.isArray(value));
    expect(spellings.slice(1).map((array) => (array as string[]).length)).toEqual([
      SEARCH_LIMITS.variants,
      SEARCH_LIMITS.variants,
    ]);
  });

  it('reads a repeated word once and a very long word as its beginning, as the same statements show', async () => {
    const repeated = await answer(list(Array.from({ length: 28 }, () => 'sheath').join(' ')));
    const once = await answer(list('sheath'));
    expect(repeated.params).toEqual(once.params);
    expect(repeated.body.results.map((product: { slug: string }) => product.slug)).toEqual(['khukuri-sheath']);
    const long = await answer(completions('k'.repeat(200)));
    const cut = await answer(completions('k'.repeat(SEARCH_LIMITS.wordLength)));
    expect(long.params).toEqual(cut.params);
  });

  it('finds the products a 44-word search names in its first eight words, the others left out', async () => {
    // Eight distinct words the shop holds, then 36 it does not.
    const held = ['blade', 'care', 'kit', 'khukuri', 'sheath', 'leather', 'buffalo', 'horn'];
    const text = [...held, ...UNKNOWN.slice(0, 36)].join(' ');
    expect(text.length).toBeLessThanOrEqual(200);
    const found = (await answer(list(text))).body.results.map((product: { slug: string }) => product.slug);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual((await answer(list(held.join(' ')))).body.results.map((p: { slug: string }) => p.slug));
    const typed = await answer(completions([...held, ...UNKNOWN.slice(0, 36)].join(' ')));
    expect(typed.body.products.length).toBeGreaterThan(0);
    expect(typed.body).toEqual((await answer(completions(held.join(' ')))).body);
    // A word no product holds among the eight: nothing, rather than the products of the others.
    expect((await answer(list(['care', 'kit', ...UNKNOWN.slice(0, 48)].join(' ')))).body.results).toEqual([]);
  });

  it('suggests nothing for a search that left words out, without looking its words up', async () => {
    for (const count of [SEARCH_LIMITS.words, 48]) {
      const cut = await answer(suggestion(['shaeth', ...UNKNOWN.slice(0, count)].join(' ')));
      expect(cut.body).toEqual({ suggestion: null });
      expect(cut.queries.filter((query) => /search_words/.test(query))).toEqual([]);
    }
    // Within the limits a misspelling is still corrected.
    expect((await answer(suggestion('shaeth khukuri'))).body).toEqual({ suggestion: 'sheath khukuri' });
  });
});
