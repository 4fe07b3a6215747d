import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCategory, createProduct } from '../../../test/builders.ts';
import { countQueries } from '../../../test/query-counter.ts';
import { XSS_CORPUS, xssLeftovers } from '../../../test/xss-corpus.ts';
import { storeImage } from '../media/media.images.ts';
import { insertSynonymGroups } from '../search/search.repository.ts';
import type { Tenant } from '../tenants/tenants.service.ts';
import { insertProductImages, setProductActive } from './products/products.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function get(tenant: Tenant, url: string) {
  return t.request(tenant, { method: 'GET', url });
}

async function pngBytes(colour: string) {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

describe('GET /api/products/categories/', () => {
  it('lists the shop categories with their description, and answers one by slug', async () => {
    const shop = await t.createTenant();
    await createCategory(t, shop, { slug: 'traditional', name: 'Traditional', description: '<p>Old</p>' });
    const list = await get(shop, '/api/products/categories/');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { id: expect.any(Number), slug: 'traditional', name: 'Traditional', description: '<p>Old</p>' },
    ]);
    const one = await get(shop, '/api/products/categories/traditional/');
    expect(one.json()).toMatchObject({ slug: 'traditional', name: 'Traditional' });
    expect((await get(shop, '/api/products/categories/unknown/')).statusCode).toBe(404);
  });

  it("never shows another shop's categories", async () => {
    const mine = await t.createTenant();
    const other = await t.createTenant();
    await createCategory(t, other, { slug: 'secret' });
    expect((await get(mine, '/api/products/categories/')).json()).toEqual([]);
    expect((await get(mine, '/api/products/categories/secret/')).statusCode).toBe(404);
  });
});

describe('GET /api/products/products/', () => {
  it('answers a plain array without page, and DRF pages with page and page_size', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop);
    for (let i = 0; i < 5; i++) await createProduct(t, shop, { categoryId: category.id, name: `Knife ${i}` });
    const plain = await get(shop, '/api/products/products/?is_active=true');
    expect(Array.isArray(plain.json())).toBe(true);
    expect(plain.json()).toHaveLength(5);

    const first = (await get(shop, '/api/products/products/?page=1&page_size=2')).json();
    expect(first.count).toBe(5);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    const last = (await get(shop, '/api/products/products/?page=3&page_size=2')).json();
    expect(last.results).toHaveLength(1);
    expect(last.next).toBeNull();
    expect(last.previous).toContain('page=2');
    const beyond = await get(shop, '/api/products/products/?page=4&page_size=2');
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().detail).toBe('Invalid page.');
  });

  it('shows prices as decimal strings, the category, attributes by order and the main image', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop, { slug: 'service', name: 'Service' });
    const image = await storeImage(t.context(shop), { bytes: await pngBytes('#336699'), feature: 'catalog' });
    await createProduct(t, shop, {
      categoryId: category.id,
      slug: 'issue',
      name: 'Issue Khukuri',
      priceCents: 9850,
      priceBeforeDiscountCents: 11500,
      mainImageId: image.id,
      attributes: [
        ['Blade length', '10 inches'],
        ['Handle', 'Horn'],
      ],
    });
    const [product] = (await get(shop, '/api/products/products/')).json();
    expect(product).toMatchObject({
      slug: 'issue',
      price: '98.50',
      price_before_discount: '115.00',
      category: { name: 'Service', slug: 'service' },
      attributes: [
        { key: 'Blade length', value: '10 inches', order: 0 },
        { key: 'Handle', value: 'Horn', order: 1 },
      ],
      main_image: { image: `/media/${image.imageKey}`, thumb_image: `/media/${image.thumbKey}`, width: 800 },
      review_count: 0,
      average_rating: null,
      is_active: true,
    });
  });

  it('filters by category slug and orders by price, name and newest', async () => {
    const shop = await t.createTenant();
    const a = await createCategory(t, shop, { slug: 'a' });
    const b = await createCategory(t, shop, { slug: 'b' });
    await createProduct(t, shop, { categoryId: a.id, name: 'Bravo', priceCents: 300 });
    await createProduct(t, shop, { categoryId: a.id, name: 'Alpha', priceCents: 500 });
    await createProduct(t, shop, { categoryId: b.id, name: 'Charlie', priceCents: 100 });
    const names = async (query: string) =>
      ((await get(shop, `/api/products/products/?${query}`)).json() as { name: string }[]).map((p) => p.name);
    expect(await names('category__slug=a&ordering=name')).toEqual(['Alpha', 'Bravo']);
    expect(await names('ordering=price')).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(await names('ordering=-price')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await names('ordering=-created_at')).toEqual(['Charlie', 'Alpha', 'Bravo']);
    expect(await names('category__slug=unknown')).toEqual([]);
    expect((await get(shop, '/api/products/products/?ordering=stock')).statusCode).toBe(400);
  });

  it('keeps inactive products invisible by every path: list, is_active=false, search, category and detail', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop, { slug: 'hidden-too' });
    const hidden = await createProduct(t, shop, { categoryId: category.id, slug: 'retired', name: 'Retired Khukuri' });
    await createProduct(t, shop, { categoryId: category.id, slug: 'current', name: 'Current Khukuri' });
    await setProductActive(t.scope(shop), hidden.id, false);
    const slugs = async (query: string) =>
      ((await get(shop, `/api/products/products/?${query}`)).json() as { slug: string }[]).map((p) => p.slug);
    expect(await slugs('')).toEqual(['current']);
    expect(await slugs('is_active=false')).toEqual([]);
    expect(await slugs('search=retired')).toEqual([]);
    expect(await slugs('category__slug=hidden-too')).toEqual(['current']);
    expect((await get(shop, '/api/products/products/?is_active=false&page=1')).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    const detail = await get(shop, '/api/products/products/retired/');
    expect(detail.statusCode).toBe(404);
    expect(detail.json().detail).toBe('Not found.');
  });

  it("never shows another shop's products, by list, search or slug", async () => {
    const mine = await t.createTenant();
    const other = await t.createTenant();
    await createProduct(t, other, { slug: 'their-khukuri', name: 'Their Khukuri' });
    expect((await get(mine, '/api/products/products/')).json()).toEqual([]);
    expect((await get(mine, '/api/products/products/?search=khukuri')).json()).toEqual([]);
    expect((await get(mine, '/api/products/products/their-khukuri/')).statusCode).toBe(404);
  });

  it('answers each shop its own product page for the same slug, read one after the other and again', async () => {
    const first = await t.createTenant();
    const second = await t.createTenant();
    await createProduct(t, first, { slug: 'sirupate', name: 'First Sirupate' });
    await createProduct(t, second, { slug: 'sirupate', name: 'Second Sirupate' });
    for (let round = 0; round < 3; round++) {
      expect((await get(first, '/api/products/products/sirupate/')).json().name).toBe('First Sirupate');
      expect((await get(second, '/api/products/products/sirupate/')).json().name).toBe('Second Sirupate');
    }
    expect((await get(first, '/api/products/products/unknown/')).statusCode).toBe(404);
  });

  it('finds by name, category, attributes and description, misspelled, and through the shop synonyms', async () => {
    const shop = await t.createTenant();
    const ceremonial = await createCategory(t, shop, { name: 'Ceremonial' });
    const kitchen = await createCategory(t, shop, { name: 'Kitchen' });
    await createProduct(t, shop, { slug: 'wedding', name: 'Wedding Khukuri', categoryId: ceremonial.id });
    await createProduct(t, shop, {
      slug: 'chef',
      name: 'Chef Blade',
      categoryId: kitchen.id,
      description: 'Slices onions thinly.',
      attributes: [['Handle', 'Rosewood']],
    });
    await insertSynonymGroups(t.scope(shop), [['khukuri', 'kukri', 'gurkha knife']]);
    const top = async (search: string) =>
      ((await get(shop, `/api/products/products/?search=${encodeURIComponent(search)}`)).json() as { slug: string }[])
        .map((p) => p.slug)
        .at(0);
    expect(await top('wedding')).toBe('wedding');
    expect(await top('ceremonial')).toBe('wedding');
    expect(await top('rosewood')).toBe('chef');
    expect(await top('onions')).toBe('chef');
    expect(await top('weding')).toBe('wedding');
    expect(await top('kukri')).toBe('wedding');
    expect(await top('Gurkha knife')).toBe('wedding');
    expect(await top('zzqx')).toBeUndefined();
    // A blank search is no search.
    expect((await get(shop, '/api/products/products/?search=%20%20')).json()).toHaveLength(2);
  });

  it('ranks a match in the name above one in the category, then the attributes, then the description', async () => {
    const shop = await t.createTenant();
    const plain = await createCategory(t, shop, { name: 'Plain' });
    const tundra = await createCategory(t, shop, { name: 'Tundra' });
    // Made in an order that neither newest nor oldest first turns into the expected one.
    await createProduct(t, shop, { slug: 'in-category', categoryId: tundra.id });
    await createProduct(t, shop, { slug: 'in-name', name: 'Tundra Blade', categoryId: plain.id });
    await createProduct(t, shop, { slug: 'in-description', categoryId: plain.id, description: 'Made for the tundra.' });
    await createProduct(t, shop, { slug: 'in-attribute', categoryId: plain.id, attributes: [['Finish', 'Tundra']] });
    const found = (await get(shop, '/api/products/products/?search=tundra')).json() as { slug: string }[];
    expect(found.map((product) => product.slug)).toEqual(['in-name', 'in-category', 'in-attribute', 'in-description']);
  });

  it('lists only the products holding every searched word once they fill a page, else any of the words', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop, { name: 'Blades' });
    for (let i = 0; i < 30; i++) {
      await createProduct(t, shop, {
        categoryId: category.id,
        name: `Plain knife ${i}`,
        attributes: [['Handle', 'Horn']],
      });
    }
    for (let i = 0; i < 3; i++) {
      await createProduct(t, shop, {
        categoryId: category.id,
        name: `Bhojpure ${i}`,
        attributes: [['Handle', 'Horn']],
      });
    }
    const few = (await get(shop, '/api/products/products/?search=bhojpure%20horn&page=1&page_size=10')).json();
    // Three hold both words: the others, with "horn" alone, are listed after them.
    expect(few.count).toBe(33);
    expect(few.results.slice(0, 3).map((p: { name: string }) => p.name.split(' ')[0])).toEqual([
      'Bhojpure',
      'Bhojpure',
      'Bhojpure',
    ]);
    for (let i = 3; i < 24; i++) {
      await createProduct(t, shop, {
        categoryId: category.id,
        name: `Bhojpure ${i}`,
        attributes: [['Handle', 'Horn']],
      });
    }
    const many = (await get(shop, '/api/products/products/?search=bhojpure%20horn&page=1&page_size=10')).json();
    expect(many.count).toBe(24);
    const all = (await get(shop, '/api/products/products/?search=bhojpure%20horn')).json() as { name: string }[];
    expect(all.every((product) => product.name.startsWith('Bhojpure'))).toBe(true);
  });

  it("reads a misspelled word as the shop's closest catalog word, then lists only products holding it", async () => {
    const shop = await t.createTenant();
    const other = await t.createTenant();
    const category = await createCategory(t, shop, { name: 'Blades' });
    for (let i = 0; i < 24; i++) {
      await createProduct(t, shop, {
        categoryId: category.id,
        name: `Sirupate ${i}`,
        attributes: [['Handle', 'Horn']],
      });
    }
    await createProduct(t, shop, { categoryId: category.id, name: 'Plain knife', attributes: [['Handle', 'Horn']] });
    // Another shop's words never stand for this shop's.
    await createProduct(t, other, { name: 'Siruparti special' });

    const found = (await get(shop, '/api/products/products/?search=sirupati%20horn&page=1&page_size=5')).json();
    expect(found.count).toBe(24);
    expect(found.results.every((p: { name: string }) => p.name.startsWith('Sirupate'))).toBe(true);
    const elsewhere = (await get(other, '/api/products/products/?search=sirupati')).json() as { name: string }[];
    expect(elsewhere.map((p) => p.name)).toEqual(['Siruparti special']);
  });

  it('uses the same number of SQL queries for a list of 50 products as for a list of 5', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop);
    for (let i = 0; i < 50; i++) {
      await createProduct(t, shop, { categoryId: category.id, attributes: [['Steel', '5160']] });
    }
    await get(shop, '/api/products/products/?page=1&page_size=1'); // resolves and caches the tenant
    // The handlers of the products' events (search words, caches) run after their writes: none of their statements
    // is the list's.
    await t.settled();
    const db = t.testDb.database.db;
    const five = await countQueries(db, () => get(shop, '/api/products/products/?page=1&page_size=5'));
    const fifty = await countQueries(db, () => get(shop, '/api/products/products/?page=1&page_size=50'));
    expect(five.result.json().results).toHaveLength(5);
    expect(fifty.result.json().results).toHaveLength(50);
    expect(five.queries.length).toBeGreaterThan(0);
    expect(fifty.queries.length).toBe(five.queries.length);
    // The page with its count, and the products' attributes, in one statement.
    expect(fifty.queries.length).toBe(1);
    const searched = await countQueries(db, () => get(shop, '/api/products/products/?search=product&page_size=50'));
    // The shop's synonyms, the catalog words closest to unknown ones, the few products with a word (from the index),
    // how many hold every word and how many any (how strict the search is), and the results.
    expect(searched.queries.length).toBe(5);
    const [first] = fifty.result.json().results;
    const detail = await countQueries(db, () => get(shop, `/api/products/products/${first.slug}/`));
    expect(detail.result.statusCode).toBe(200);
    expect(detail.queries.length).toBe(1);
  });
});

describe('GET /api/products/products/{slug}/', () => {
  it('answers exactly the spec fields, with images by order and reviews', async () => {
    const shop = await t.createTenant();
    const scope = t.scope(shop);
    const main = await storeImage(t.context(shop), { bytes: await pngBytes('#aa3300'), feature: 'catalog' });
    const second = await storeImage(t.context(shop), { bytes: await pngBytes('#0033aa'), feature: 'catalog' });
    const product = await createProduct(t, shop, {
      slug: 'detail',
      name: 'Detail Khukuri',
      priceCents: 8500,
      stock: 1,
      mainImageId: main.id,
      longHtmlDescription: '<p>Long</p>',
      attributes: [['Steel', '5160']],
    });
    await insertProductImages(scope, [
      { productId: product.id, imageId: second.id, altText: 'Second', order: 1 },
      { productId: product.id, imageId: main.id, altText: 'First', order: 0 },
    ]);
    const response = await get(shop, '/api/products/products/detail/');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'age_restricted',
        'attributes',
        'average_rating',
        'category',
        'country_of_origin',
        'description',
        'hs_code',
        'id',
        'images',
        'is_active',
        'lead_time_days',
        'long_html_description',
        'lowest_price_30_days',
        'made_to_order',
        'main_image',
        'name',
        'options',
        'personalisation',
        'price',
        'price_before_discount',
        'price_from',
        'review_count',
        'reviews',
        'shipping_restrictions',
        'slug',
        'stock',
        'variant_count',
        'variants',
      ].sort(),
    );
    // A product bought as it is: no options, no variants, no "from" price.
    expect(body.variant_count).toBe(0);
    expect(body.price_from).toBeNull();
    expect(body.options).toEqual([]);
    expect(body.variants).toEqual([]);
    expect(body.personalisation).toEqual([]);
    expect(body.price).toBe('85.00');
    expect(body.price_before_discount).toBeNull();
    expect(body.stock).toBe(1);
    expect(body.long_html_description).toBe('<p>Long</p>');
    expect(body.images.map((image: { alt_text: string; order: number }) => [image.alt_text, image.order])).toEqual([
      ['First', 0],
      ['Second', 1],
    ]);
    expect(body.reviews).toEqual([]);
  });

  it('answers 404 with "Not found." for an unknown slug', async () => {
    const shop = await t.createTenant();
    const response = await get(shop, '/api/products/products/nothing-here/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });
});

describe('rich text of the catalog', () => {
  it('neutralises every XSS payload of the corpus in category and detailed product descriptions', async () => {
    const shop = await t.createTenant();
    for (const [index, payload] of XSS_CORPUS.entries()) {
      const category = await createCategory(t, shop, { slug: `xss-${index}`, description: `<p>Intro</p>${payload}` });
      await createProduct(t, shop, {
        slug: `xss-${index}`,
        categoryId: category.id,
        longHtmlDescription: `<p>Intro</p>${payload}`,
      });
    }

    const listed = (await get(shop, '/api/products/categories/')).json() as { description: string }[];
    expect(listed).toHaveLength(XSS_CORPUS.length);
    for (const category of listed) {
      expect(category.description).toContain('<p>Intro</p>');
      expect(xssLeftovers(category.description)).toEqual([]);
    }
    for (const index of XSS_CORPUS.keys()) {
      const category = (await get(shop, `/api/products/categories/xss-${index}/`)).json();
      expect(xssLeftovers(category.description)).toEqual([]);
      const product = (await get(shop, `/api/products/products/xss-${index}/`)).json();
      expect(product.long_html_description).toContain('<p>Intro</p>');
      expect(xssLeftovers(product.long_html_description)).toEqual([]);
    }
  });
});
