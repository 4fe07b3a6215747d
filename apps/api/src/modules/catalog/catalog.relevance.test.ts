import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoTestApp, type TestApp } from '../../../test/app.ts';
import { xssLeftovers } from '../../../test/xss-corpus.ts';
import type { Tenant } from '../tenants/tenants.service.ts';

// What shoppers type, and the demo product that must be in the first three results.
const CASES: [query: string, expected: string][] = [
  // Exact names
  ['Angkhola Khukuri', 'angkhola-khukuri-10-inch'],
  ['Bhojpure', 'bhojpure-khukuri-12-inch'],
  ['Sirupate Khukuri', 'sirupate-khukuri-12-inch'],
  ['British Gurkha Army Issue Khukuri', 'british-gurkha-army-issue-khukuri'],
  ['Karda and Chakmak', 'karda-chakmak-set'],
  ['Mk II', 'mk2-ww2-khukuri'],
  ['blade care kit', 'blade-care-kit'],
  // Misspellings
  ['angkola', 'angkhola-khukuri-10-inch'],
  ['bhojpuri khukuri', 'bhojpure-khukuri-12-inch'],
  ['sirupati', 'sirupate-khukuri-12-inch'],
  ['chitlangi', 'chitlange-khukuri'],
  ['budhumi', 'budhume-khukuri-13-inch'],
  ['machette', 'khukuri-machete-15-inch'],
  ['ceremonail silver', 'chandi-silver-ceremonial-khukuri'],
  ['weding khukuri', 'wedding-khukuri-brass'],
  // Transliterations and synonyms
  ['kukri machete', 'khukuri-machete-15-inch'],
  ['khukri sheath', 'leather-khukuri-sheath'],
  ['gurkha knife army', 'british-gurkha-army-issue-khukuri'],
  ['gorkha rifles', 'indian-army-khukuri'],
  ['kukri kitchen knife', 'kitchen-khukuri-chef-knife'],
  ['chandi kukri', 'chandi-silver-ceremonial-khukuri'],
  ['scabbard', 'leather-khukuri-sheath'],
  ['bihe khukuri', 'wedding-khukuri-brass'],
  // Attribute and description words
  ['horn handle', 'bhojpure-khukuri-12-inch'],
  ['12 inch', 'bhojpure-khukuri-12-inch'],
  ['15 inch', 'khukuri-machete-15-inch'],
  ['bone handle', 'sirupate-khukuri-12-inch'],
  ['walnut', 'budhume-khukuri-13-inch'],
  ['whetstone', 'blade-care-kit'],
  ['ferro rod', 'gurkha-survival-khukuri'],
  ['silver plated sheath', 'chandi-silver-ceremonial-khukuri'],
  ['Patan', 'chandi-silver-ceremonial-khukuri'],
  ['onions herbs', 'kitchen-khukuri-chef-knife'],
  ['second world war', 'mk2-ww2-khukuri'],
];

// One seeded demo shop for the whole file: drawing its pictures is the slow part.
let t: TestApp;
let shop: Tenant;
beforeAll(async () => {
  ({ t, shop } = await buildDemoTestApp());
});
afterAll(() => t.close());

describe('search relevance on the demo catalog', () => {
  it.each(CASES)('finds %j with %s in the top 3', async (query, expected) => {
    const response = await t.request(shop, {
      method: 'GET',
      url: `/api/products/products/?is_active=true&search=${encodeURIComponent(query)}`,
    });
    const slugs = (response.json() as { slug: string }[]).map((product) => product.slug);
    expect(slugs.slice(0, 3)).toContain(expected);
  });

  it('finds the same knives whichever transliteration is typed', async () => {
    const search = async (query: string) =>
      (
        (
          await t.request(shop, { method: 'GET', url: `/api/products/products/?search=${encodeURIComponent(query)}` })
        ).json() as { slug: string }[]
      )
        .map((product) => product.slug)
        .sort();
    const khukuri = await search('khukuri');
    expect(khukuri.length).toBeGreaterThan(10);
    for (const spelling of ['kukri', 'khukri', 'gurkha knife']) expect(await search(spelling)).toEqual(khukuri);
  });
});

describe('the demo catalog', () => {
  const get = async (url: string) => (await t.request(shop, { method: 'GET', url })).json();
  const ATTRIBUTE_KEYS = ['Blade length', 'Overall length', 'Weight', 'Steel', 'Handle', 'Sheath', 'Origin'];

  it('has at least 16 active products in at least 5 described categories', async () => {
    const categories = (await get('/api/products/categories/')) as { slug: string; description: string }[];
    expect(categories.length).toBeGreaterThanOrEqual(5);
    for (const category of categories) expect(category.description, category.slug).not.toBe('');
    const products = (await get('/api/products/products/?is_active=true')) as { category: { slug: string } }[];
    expect(products.length).toBeGreaterThanOrEqual(16);
    const used = new Set(products.map((product) => product.category.slug));
    expect(categories.every((category) => used.has(category.slug))).toBe(true);
  });

  it('gives every product a description, a detailed HTML description, the seven attributes and a USD price', async () => {
    const products = (await get('/api/products/products/')) as { slug: string }[];
    for (const { slug } of products) {
      const product = await get(`/api/products/products/${slug}/`);
      expect(product.description.length, slug).toBeGreaterThan(40);
      expect(product.long_html_description, slug).toMatch(/<h3>|<p>/);
      expect(xssLeftovers(product.long_html_description), slug).toEqual([]);
      expect(product.attributes.map((attribute: { key: string }) => attribute.key)).toEqual(ATTRIBUTE_KEYS);
      expect(product.price, slug).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('has several discounted products, one sold out and one with the last piece in stock', async () => {
    const products = (await get('/api/products/products/')) as {
      price: string;
      price_before_discount: string | null;
      stock: number;
    }[];
    const discounted = products.filter(
      (product) =>
        product.price_before_discount !== null && Number(product.price_before_discount) > Number(product.price),
    );
    expect(discounted.length).toBeGreaterThanOrEqual(3);
    expect(products.filter((product) => product.stock === 0)).toHaveLength(1);
    expect(products.filter((product) => product.stock === 1)).toHaveLength(1);
  });

  it('draws at least two WebP pictures of each product, different for every product, and has a few reviews', async () => {
    const products = (await get('/api/products/products/')) as { slug: string }[];
    const mainPictures = new Set<string>();
    let reviews = 0;
    for (const { slug } of products) {
      const product = await get(`/api/products/products/${slug}/`);
      expect(product.images.length, slug).toBeGreaterThanOrEqual(2);
      for (const image of [product.main_image.image, product.main_image.thumb_image, product.images[1].image]) {
        const served = await t.app.inject({ method: 'GET', url: image });
        expect(served.statusCode, image).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
      }
      const main = await t.app.inject({ method: 'GET', url: product.main_image.image });
      mainPictures.add(createHash('sha256').update(main.rawPayload).digest('hex'));
      reviews += product.review_count;
    }
    expect(mainPictures.size).toBe(products.length);
    expect(reviews).toBeGreaterThanOrEqual(3);
  });
});
