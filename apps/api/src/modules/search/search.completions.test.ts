import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCategory, createProduct } from '../../../test/builders.ts';
import { HOSTILE_SEARCHES } from '../../../test/hostile-searches.ts';
import { countQueries } from '../../../test/query-counter.ts';
import { setProductActive } from '../catalog/products/products.repository.ts';
import { storeImage } from '../media/media.images.ts';
import type { Tenant } from '../tenants/tenants.service.ts';
import { insertSynonymGroups } from './search.repository.ts';

// The header's type-ahead: `GET /api/products/search-completions/?search=…`, what the search box suggests while a
// shopper types.

interface Completions {
  products: {
    slug: string;
    name: string;
    price: string;
    thumbnail: { url: string; width: number; height: number } | null;
    category: { name: string; slug: string };
  }[];
  categories: { slug: string; name: string }[];
}

let t: TestApp;
/** A knife shop with the demo shop's kind of words. */
let shop: Tenant;
/** Another shop selling under the same words. */
let other: Tenant;
let thumb: { url: string; width: number; height: number };

beforeAll(async () => {
  t = await buildTestApp();
  shop = await t.createTenant();
  other = await t.createTenant();
  const traditional = await createCategory(t, shop, { slug: 'traditional', name: 'Traditional Khukuris' });
  const service = await createCategory(t, shop, { slug: 'service', name: 'Service & Military' });
  const care = await createCategory(t, shop, { slug: 'care', name: 'Accessories & Care' });
  const picture = await storeImage(t.context(shop), {
    bytes: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
    feature: 'catalog',
  });
  thumb = { url: `/media/${picture.thumbKey}`, width: picture.thumbWidth, height: picture.thumbHeight };
  await createProduct(t, shop, {
    slug: 'bhojpure-khukuri',
    name: 'Bhojpure Khukuri 12 inch',
    categoryId: traditional.id,
    priceCents: 8950,
    description: 'A heavy chopper from eastern Nepal.',
    mainImageId: picture.id,
    attributes: [['Handle', 'Buffalo horn']],
  });
  await createProduct(t, shop, {
    slug: 'gurkha-army-khukuri',
    name: 'British Gurkha Army Issue Khukuri',
    categoryId: service.id,
    priceCents: 12000,
    description: 'The issue knife of the Brigade of Gurkhas.',
  });
  await createProduct(t, shop, {
    slug: 'sirupate-khukuri',
    name: 'Sirupate Khukuri 12 inch',
    categoryId: traditional.id,
    priceCents: 7500,
  });
  await createProduct(t, shop, {
    slug: 'khukuri-sheath',
    name: 'Khukuri Leather Sheath',
    categoryId: care.id,
    priceCents: 2500,
  });
  await createProduct(t, shop, { slug: 'care-kit', name: 'Blade Care Kit', categoryId: care.id, priceCents: 1999 });
  await createProduct(t, shop, { slug: 'silk-pouch', name: 'Silk Pouch', categoryId: care.id, priceCents: 900 });
  const retired = await createProduct(t, shop, {
    slug: 'retired-khukuri',
    name: 'Retired Khukuri',
    categoryId: care.id,
  });
  await setProductActive(t.scope(shop), retired.id, false);
  await insertSynonymGroups(t.scope(shop), [
    ['khukuri', 'kukri', 'khukri', 'gurkha knife', 'nepali knife'],
    ['gurkha', 'gorkha', 'ghurka'],
    ['army', 'military', 'service'],
    ['silver', 'chandi'],
  ]);

  const secret = await createCategory(t, other, { slug: 'secret-khukuris', name: 'Secret Khukuris' });
  await createProduct(t, other, {
    slug: 'secret-khukuri',
    name: 'Secret Khukuri of Another Shop',
    categoryId: secret.id,
  });
  await insertSynonymGroups(t.scope(other), [['khukuri', 'kukri']]);
});
afterAll(() => t.close());

async function complete(tenant: Tenant, search: string) {
  return t.request(tenant, {
    method: 'GET',
    url: `/api/products/search-completions/?search=${encodeURIComponent(search)}`,
  });
}

async function completions(tenant: Tenant, search: string): Promise<Completions> {
  const response = await complete(tenant, search);
  expect(response.statusCode, search).toBe(200);
  return response.json() as Completions;
}

const slugs = (answer: Completions) => answer.products.map((product) => product.slug);
const KHUKURIS = ['bhojpure-khukuri', 'gurkha-army-khukuri', 'sirupate-khukuri', 'khukuri-sheath'];

describe('GET /api/products/search-completions/', () => {
  it('answers one line per product (name, slug, price as a decimal string, options, thumbnail, category) and nothing more', async () => {
    const answer = await completions(shop, 'bhoj');
    expect(answer).toEqual({
      products: [
        {
          slug: 'bhojpure-khukuri',
          name: 'Bhojpure Khukuri 12 inch',
          price: '89.50',
          // Bought as it is: no variants, no "from" price.
          variant_count: 0,
          price_from: null,
          thumbnail: thumb,
          category: { name: 'Traditional Khukuris', slug: 'traditional' },
        },
      ],
      categories: [],
    });
    expect((await completions(shop, 'sirupate')).products[0]?.thumbnail).toBeNull();
  });

  it('completes the word being typed: "kh" and "khuk" find the khukuris, active ones only', async () => {
    for (const typed of ['kh', 'khuk', 'KHUKU']) {
      const found = slugs(await completions(shop, typed));
      expect(found.sort(), typed).toEqual([...KHUKURIS].sort());
    }
  });

  it('reads the shop\'s synonyms: "kukr", being typed, finds the khukuris; "army" finds Service & Military', async () => {
    expect(slugs(await completions(shop, 'kukr')).sort()).toEqual([...KHUKURIS].sort());
    expect(slugs(await completions(shop, 'nepali kni')).sort()).toEqual([...KHUKURIS].sort());
    const army = await completions(shop, 'military');
    expect(slugs(army)[0]).toBe('gurkha-army-khukuri');
    expect(army.categories).toEqual([{ slug: 'service', name: 'Service & Military' }]);
  });

  it('finds something for a misspelling, a misspelled beginning included', async () => {
    expect(slugs(await completions(shop, 'bhojpuri'))[0]).toBe('bhojpure-khukuri');
    expect(slugs(await completions(shop, 'sirupati'))[0]).toBe('sirupate-khukuri');
    // "gurhk": the beginning of "gurkha", two letters swapped, as it is being typed.
    expect(slugs(await completions(shop, 'gurhk'))[0]).toBe('gurkha-army-khukuri');
  });

  it("ranks by the search's relevance: the product a word names in its name first", async () => {
    expect(slugs(await completions(shop, 'sheath'))[0]).toBe('khukuri-sheath');
    expect(slugs(await completions(shop, 'gurkha army'))[0]).toBe('gurkha-army-khukuri');
  });

  it('keeps the plain prefix of the word being typed beside the synonyms it begins ("sil": silver, and silk)', async () => {
    expect(slugs(await completions(shop, 'sil'))[0]).toBe('silk-pouch');
  });

  it('lists the categories whose name matches, in display order', async () => {
    expect((await completions(shop, 'kh')).categories).toEqual([{ slug: 'traditional', name: 'Traditional Khukuris' }]);
    expect((await completions(shop, 'accesso')).categories).toEqual([{ slug: 'care', name: 'Accessories & Care' }]);
    expect((await completions(shop, 'zz')).categories).toEqual([]);
  });

  it('offers at most six products', async () => {
    const many = await t.createTenant();
    const category = await createCategory(t, many);
    for (let i = 0; i < 9; i += 1) await createProduct(t, many, { categoryId: category.id, name: `Tundra blade ${i}` });
    expect((await completions(many, 'tund')).products).toHaveLength(6);
  });

  it('answers nothing below two letters or digits, and for punctuation alone', async () => {
    for (const typed of ['', 'k', ' k ', 'k!', '!!', '%', '""', '-- ']) {
      expect(await completions(shop, typed), JSON.stringify(typed)).toEqual({ products: [], categories: [] });
    }
  });

  it("never shows another shop's products or categories", async () => {
    const mine = await completions(shop, 'secret');
    expect(mine).toEqual({ products: [], categories: [] });
    for (const typed of ['kh', 'kukr', 'khukuri']) {
      const answer = await completions(shop, typed);
      expect(slugs(answer), typed).not.toContain('secret-khukuri');
      expect(answer.categories.map((category) => category.slug)).not.toContain('secret-khukuris');
    }
    const theirs = await completions(other, 'kukr');
    expect(slugs(theirs)).toEqual(['secret-khukuri']);
    expect(theirs.categories).toEqual([{ slug: 'secret-khukuris', name: 'Secret Khukuris' }]);
  });

  it('answers hostile input, NUL bytes too, with 200 and an empty or sensible list', async () => {
    for (const search of HOSTILE_SEARCHES) {
      const answer = await completions(shop, search);
      expect(Array.isArray(answer.products) && Array.isArray(answer.categories), search).toBe(true);
    }
    expect(slugs(await completions(shop, `"khukuri`)).sort()).toEqual([...KHUKURIS].sort());
    // A NUL byte reads as a space: "khu kuri" still completes "kuri" as the word being typed.
    const withNul = await complete(shop, 'khukuri\u0000sir');
    expect(withNul.statusCode).toBe(200);
    expect(withNul.json()).toEqual((await complete(shop, 'khukuri sir')).json());
  });

  it('refuses a missing or too long search as a field error', async () => {
    const missing = await t.request(shop, { method: 'GET', url: '/api/products/search-completions/' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('search');
    const long = await complete(shop, 'k'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toHaveProperty('search');
  });

  it("costs the search plan's reads and one statement for products and categories together", async () => {
    // A word the catalog holds as the start of its words: the plan reads the synonyms and the corrections.
    const { queries } = await countQueries(t.testDb.database.db, () => complete(shop, 'bhojp'));
    expect(queries.length).toBeLessThanOrEqual(3);
    expect(queries.filter((query) => /json_agg/.test(query))).toHaveLength(1);
  });

  it('is documented in the OpenAPI description with the catalog', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.paths['/api/products/search-completions/']?.get?.tags).toEqual(['catalog']);
  });
});
