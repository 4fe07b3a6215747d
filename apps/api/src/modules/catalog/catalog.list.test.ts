import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCategory, createCustomer, createProduct } from '../../../test/builders.ts';
import type { Tenant } from '../tenants/tenants.service.ts';

// The public product list's orders and filters (sort, price range, stock), as the storefront's list asks for them.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function get(tenant: Tenant, url: string) {
  return t.request(tenant, { method: 'GET', url });
}

async function slugs(tenant: Tenant, query: string): Promise<string[]> {
  const response = await get(tenant, `/api/products/products/?${query}`);
  expect(response.statusCode, query).toBe(200);
  return (response.json() as { slug: string }[]).map((product) => product.slug);
}

/** Reviews `productId` once per rating, each by a customer of its own. */
async function review(tenant: Tenant, productId: number, ratings: number[]) {
  for (const rating of ratings) {
    const { accessToken } = await createCustomer(t, tenant);
    const response = await t.request(tenant, {
      method: 'POST',
      url: '/api/products/reviews/',
      token: accessToken,
      payload: { product: productId, rating, comment: `Rated ${rating}.` },
    });
    expect(response.statusCode).toBe(201);
  }
}

describe('GET /api/products/products/ ordered by rating', () => {
  it('lists the best average first, the more reviewed first among equal averages, and unreviewed products last', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop);
    await createProduct(t, shop, { categoryId: category.id, slug: 'unreviewed' });
    const good = await createProduct(t, shop, { categoryId: category.id, slug: 'good' });
    const best = await createProduct(t, shop, { categoryId: category.id, slug: 'best' });
    const goodOnce = await createProduct(t, shop, { categoryId: category.id, slug: 'good-once' });
    const poor = await createProduct(t, shop, { categoryId: category.id, slug: 'poor' });
    await review(shop, good.id, [4, 4]);
    await review(shop, best.id, [5, 4]);
    await review(shop, goodOnce.id, [4]);
    await review(shop, poor.id, [2, 1]);

    expect(await slugs(shop, 'ordering=-rating')).toEqual(['best', 'good', 'good-once', 'poor', 'unreviewed']);
    // Lowest first, and still no rating is not the worst one.
    expect(await slugs(shop, 'ordering=rating')).toEqual(['poor', 'good', 'good-once', 'best', 'unreviewed']);
    const page = (await get(shop, '/api/products/products/?ordering=-rating&page=2&page_size=2')).json();
    expect(page.count).toBe(5);
    expect(page.results.map((product: { slug: string }) => product.slug)).toEqual(['good-once', 'poor']);
  });

  it('orders "relevance" newest first when there is no search, and by relevance within a search', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop);
    await createProduct(t, shop, { categoryId: category.id, slug: 'older', name: 'Plain blade' });
    await createProduct(t, shop, { categoryId: category.id, slug: 'newer', name: 'Tundra blade' });
    await createProduct(t, shop, { categoryId: category.id, slug: 'newest', description: 'For the tundra.' });
    expect(await slugs(shop, 'ordering=relevance')).toEqual(['newest', 'newer', 'older']);
    expect(await slugs(shop, 'search=tundra&ordering=relevance')).toEqual(['newer', 'newest']);
    // Another order replaces relevance within the search's results.
    expect(await slugs(shop, 'search=tundra&ordering=-created_at')).toEqual(['newest', 'newer']);
  });
});

describe('GET /api/products/products/ filtered by price and stock', () => {
  it('keeps the products whose current price is within the bounds, both included, given as decimal strings', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop);
    for (const [slug, priceCents] of [
      ['ten', 1000],
      ['fifty', 5000],
      ['fifty-and-a-cent', 5001],
      ['eighty-five', 8500],
      ['hundred-twenty', 12000],
    ] as const) {
      await createProduct(t, shop, { categoryId: category.id, slug, priceCents });
    }
    expect(await slugs(shop, 'min_price=50&max_price=85.00&ordering=price')).toEqual([
      'fifty',
      'fifty-and-a-cent',
      'eighty-five',
    ]);
    expect(await slugs(shop, 'min_price=50.01&ordering=price')).toEqual([
      'fifty-and-a-cent',
      'eighty-five',
      'hundred-twenty',
    ]);
    expect(await slugs(shop, 'max_price=49.99&ordering=price')).toEqual(['ten']);
    expect(await slugs(shop, 'min_price=85.5&max_price=85.5')).toEqual([]);
    expect(await slugs(shop, 'min_price=85&max_price=85')).toEqual(['eighty-five']);
    expect(await slugs(shop, 'min_price=0&ordering=-price')).toEqual([
      'hundred-twenty',
      'eighty-five',
      'fifty-and-a-cent',
      'fifty',
      'ten',
    ]);
  });

  it('keeps only products in stock with in_stock=true, and counts what the filters keep', async () => {
    const shop = await t.createTenant();
    const blades = await createCategory(t, shop, { slug: 'blades' });
    const tools = await createCategory(t, shop, { slug: 'tools' });
    await createProduct(t, shop, { categoryId: blades.id, slug: 'sold-out', stock: 0, priceCents: 9000 });
    await createProduct(t, shop, { categoryId: blades.id, slug: 'last-one', stock: 1, priceCents: 9500 });
    await createProduct(t, shop, { categoryId: blades.id, slug: 'cheap', stock: 8, priceCents: 2000 });
    await createProduct(t, shop, { categoryId: tools.id, slug: 'tool', stock: 3, priceCents: 9900 });

    expect(await slugs(shop, 'in_stock=true&ordering=price')).toEqual(['cheap', 'last-one', 'tool']);
    expect(await slugs(shop, 'in_stock=false&ordering=price')).toEqual(['cheap', 'sold-out', 'last-one', 'tool']);
    const filtered = (
      await get(shop, '/api/products/products/?category__slug=blades&in_stock=true&min_price=50&page=1&page_size=24')
    ).json();
    expect(filtered.count).toBe(1);
    expect(filtered.results.map((product: { slug: string }) => product.slug)).toEqual(['last-one']);
    const none = (await get(shop, '/api/products/products/?in_stock=true&min_price=100&page=1')).json();
    expect(none).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('keeps the filters in the next and previous page links', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop);
    for (let i = 0; i < 3; i++) await createProduct(t, shop, { categoryId: category.id, priceCents: 5000 + i });
    const first = (
      await get(shop, '/api/products/products/?min_price=50&in_stock=true&ordering=-price&page=1&page_size=2')
    ).json();
    expect(first.count).toBe(3);
    const next = new URL(first.next);
    expect(Object.fromEntries(next.searchParams)).toMatchObject({
      min_price: '50',
      in_stock: 'true',
      ordering: '-price',
      page: '2',
    });
  });
});

describe('GET /api/products/products/ with a bad sort or filter', () => {
  it.each([
    ['ordering=stock', 'ordering'],
    ['ordering=rating%20desc', 'ordering'],
    ['min_price=abc', 'min_price'],
    ['min_price=-5', 'min_price'],
    ['min_price=1e3', 'min_price'],
    ['max_price=85.001', 'max_price'],
    ['max_price=', 'max_price'],
    ['max_price=123456789', 'max_price'],
    ['in_stock=yes', 'in_stock'],
    ['min_price=90&max_price=85.50', 'max_price'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const shop = await t.createTenant();
    const response = await get(shop, `/api/products/products/?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json() as Record<string, string[]>;
    expect(Object.keys(body)).toEqual([field]);
    expect(body[field]?.[0]).toEqual(expect.any(String));
  });

  it('names the expected form of a price', async () => {
    const shop = await t.createTenant();
    const response = await get(shop, '/api/products/products/?min_price=12,50');
    expect(response.json()).toEqual({ min_price: ['Enter a price such as 85.00 (at most two decimals).'] });
    const reversed = await get(shop, '/api/products/products/?min_price=90&max_price=10');
    expect(reversed.json()).toEqual({ max_price: ['Ensure this value is greater than or equal to min_price.'] });
  });
});

describe('GET /api/products/products/ sorted and filtered, between shops', () => {
  it("never lets another shop's products or reviews into a sorted or filtered list", async () => {
    const mine = await t.createTenant();
    const other = await t.createTenant();
    const myCategory = await createCategory(t, mine, { slug: 'shared-slug' });
    const theirCategory = await createCategory(t, other, { slug: 'shared-slug' });
    const mineProduct = await createProduct(t, mine, { categoryId: myCategory.id, slug: 'mine', priceCents: 5000 });
    const theirs = await createProduct(t, other, { categoryId: theirCategory.id, slug: 'theirs', priceCents: 5000 });
    await review(other, theirs.id, [5]);
    await review(mine, mineProduct.id, [3]);

    for (const query of [
      'ordering=-rating',
      'ordering=rating',
      'min_price=40&max_price=60',
      'in_stock=true',
      'category__slug=shared-slug&in_stock=true&ordering=-rating',
    ]) {
      expect(await slugs(mine, query), query).toEqual(['mine']);
    }
    const page = (await get(mine, '/api/products/products/?min_price=0&ordering=-rating&page=1')).json();
    expect(page.count).toBe(1);
    expect(page.results[0].average_rating).toBe(3);
  });

  it("answers each shop's page and count with its own values, one list's statement after another of the same shape", async () => {
    const shops = [await t.createTenant(), await t.createTenant()];
    const made: { id: number }[][] = [];
    for (const [index, shop] of shops.entries()) {
      const knives = await createCategory(t, shop, { slug: 'knives' });
      const other = await createCategory(t, shop, { slug: `other-${index}` });
      // Shop 0 has three knives at 10, 20 and 30; shop 1 two at 15 and 25; each one product of another category.
      const prices = index === 0 ? [1000, 2000, 3000] : [1500, 2500];
      const knifeRows: { id: number }[] = [];
      for (const [at, priceCents] of prices.entries()) {
        knifeRows.push(
          await createProduct(t, shop, { categoryId: knives.id, slug: `knife-${index}-${at}`, priceCents }),
        );
      }
      await createProduct(t, shop, { categoryId: other.id, slug: `other-${index}`, priceCents: 1200 });
      made.push(knifeRows);
    }
    const page = async (shop: number, query: string) => {
      const response = await get(shops[shop] as Tenant, `/api/products/products/?${query}`);
      return { status: response.statusCode, body: response.json() };
    };
    const listed = (body: { count: number; results: { slug: string }[] }) => ({
      count: body.count,
      slugs: body.results.map((product) => product.slug),
    });
    // The same shapes asked of both shops, each with its own values, twice over (the second time from the statement
    // already prepared).
    for (let round = 0; round < 2; round++) {
      const knives0 = await page(0, 'category__slug=knives&ordering=price&page=1&page_size=2');
      expect(listed(knives0.body)).toEqual({ count: 3, slugs: ['knife-0-0', 'knife-0-1'] });
      const knives1 = await page(1, 'category__slug=knives&ordering=price&page=1&page_size=2');
      expect(listed(knives1.body)).toEqual({ count: 2, slugs: ['knife-1-0', 'knife-1-1'] });
      expect(listed((await page(0, 'category__slug=knives&ordering=price&page=2&page_size=2')).body)).toEqual({
        count: 3,
        slugs: ['knife-0-2'],
      });
      // Past the last page: no page, in either shop.
      const past = await page(1, 'category__slug=knives&ordering=price&page=2&page_size=2');
      expect(past.status).toBe(404);
      expect(past.body.detail).toBe('Invalid page.');
      expect(listed((await page(1, 'category__slug=other-1&ordering=price&page=1')).body)).toEqual({
        count: 1,
        slugs: ['other-1'],
      });
      expect(listed((await page(0, 'min_price=15&max_price=30&ordering=-price&page=1')).body)).toEqual({
        count: 2,
        slugs: ['knife-0-2', 'knife-0-1'],
      });
      expect(listed((await page(1, 'min_price=15&max_price=30&ordering=-price&page=1')).body)).toEqual({
        count: 2,
        slugs: ['knife-1-1', 'knife-1-0'],
      });
      // Chosen products: another shop's ids find nothing.
      const ids = (shop: number) => (made[shop] ?? []).map((row) => `id=${row.id}`).join('&');
      expect(listed((await page(0, `${ids(0)}&ordering=name&page=1`)).body).slugs).toEqual([
        'knife-0-0',
        'knife-0-1',
        'knife-0-2',
      ]);
      expect(listed((await page(0, `${ids(1)}&ordering=name&page=1`)).body)).toEqual({ count: 0, slugs: [] });
      // Nothing found on the first page is an empty page, not an error.
      expect(listed((await page(1, 'category__slug=missing&ordering=price&page=1')).body)).toEqual({
        count: 0,
        slugs: [],
      });
    }
  });
});

describe('GET /api/products/products/ with facets=true', () => {
  async function facets(tenant: Tenant, query: string) {
    const response = await get(tenant, `/api/products/products/?facets=true&page=1&${query}`);
    expect(response.statusCode, query).toBe(200);
    return response.json() as {
      count: number;
      facets: {
        categories: { slug: string; name: string; count: number }[];
        price_bands: { min: string; max: string; count: number }[];
      };
    };
  }

  it('counts per category without the category filter and per price band without the price bounds', async () => {
    const shop = await t.createTenant();
    const blades = await createCategory(t, shop, { slug: 'blades', name: 'Blades' });
    const tools = await createCategory(t, shop, { slug: 'tools', name: 'Tools' });
    await createCategory(t, shop, { slug: 'empty', name: 'Empty' });
    for (const [categoryId, priceCents, stock] of [
      [blades.id, 50, 1],
      [blades.id, 1500, 1],
      [blades.id, 2500, 0],
      [blades.id, 4999, 1],
      [blades.id, 12000, 1],
      [tools.id, 2000, 1],
      [tools.id, 100000, 1],
    ] as const) {
      await createProduct(t, shop, { categoryId, priceCents, stock });
    }
    await createProduct(t, shop, { categoryId: tools.id, priceCents: 3000, isActive: false });
    // Another shop's products are never counted.
    const other = await t.createTenant();
    await createProduct(t, other, { priceCents: 3000 });

    const all = await facets(shop, '');
    expect(all.count).toBe(7);
    expect(all.facets.categories).toEqual([
      // In display order (position, then name), empty ones too.
      { slug: 'blades', name: 'Blades', count: 5 },
      { slug: 'empty', name: 'Empty', count: 0 },
      { slug: 'tools', name: 'Tools', count: 2 },
    ]);
    expect(all.facets.price_bands).toEqual([
      { min: '0.00', max: '0.99', count: 1 },
      { min: '10.00', max: '19.99', count: 1 },
      { min: '20.00', max: '49.99', count: 3 },
      { min: '100.00', max: '199.99', count: 1 },
      { min: '1000.00', max: '1999.99', count: 1 },
    ]);

    // The category filter narrows the price bands, not the categories.
    const inTools = await facets(shop, 'category__slug=tools');
    expect(inTools.count).toBe(2);
    expect(inTools.facets.categories.map((category) => category.count)).toEqual([5, 0, 2]);
    expect(inTools.facets.price_bands).toEqual([
      { min: '20.00', max: '49.99', count: 1 },
      { min: '1000.00', max: '1999.99', count: 1 },
    ]);

    // A band chosen as the price bounds narrows the categories, not the bands; the other filters narrow both.
    const band = await facets(shop, 'min_price=20.00&max_price=49.99&in_stock=true');
    expect(band.count).toBe(2);
    expect(band.facets.categories.map((category) => category.count)).toEqual([1, 0, 1]);
    expect(band.facets.price_bands.map((entry) => [entry.min, entry.count])).toEqual([
      ['0.00', 1],
      ['10.00', 1],
      ['20.00', 2],
      ['100.00', 1],
      ['1000.00', 1],
    ]);
  });

  it('counts what a search finds, and leaves the answer as it was without facets=true', async () => {
    const shop = await t.createTenant();
    const blades = await createCategory(t, shop, { slug: 'blades', name: 'Blades' });
    const tools = await createCategory(t, shop, { slug: 'tools', name: 'Tools' });
    await createProduct(t, shop, { categoryId: blades.id, name: 'Tundra blade', priceCents: 8500 });
    await createProduct(t, shop, { categoryId: tools.id, name: 'Tundra sharpener', priceCents: 2500 });
    await createProduct(t, shop, { categoryId: tools.id, name: 'Plain file', priceCents: 2500 });

    const found = await facets(shop, 'search=tundra');
    expect(found.count).toBe(2);
    expect(found.facets.categories.map((category) => category.count)).toEqual([1, 1]);
    expect(found.facets.price_bands).toEqual([
      { min: '20.00', max: '49.99', count: 1 },
      { min: '50.00', max: '99.99', count: 1 },
    ]);
    const plain = (await get(shop, '/api/products/products/?search=tundra&page=1')).json();
    expect(plain).not.toHaveProperty('facets');
    // An unpaginated list is a plain array, facets or not.
    const list = (await get(shop, '/api/products/products/?facets=true')).json();
    expect(Array.isArray(list)).toBe(true);
  });
});

describe('GET /api/products/products/?search= explains each match', () => {
  it('names the fields and the words that matched, for highlighting', async () => {
    const shop = await t.createTenant();
    const blades = await createCategory(t, shop, { slug: 'blades', name: 'Blades' });
    await createProduct(t, shop, {
      categoryId: blades.id,
      slug: 'in-name',
      name: 'Tundra Blade, horn handle',
      description: 'Forged for the tundra.',
    });
    await createProduct(t, shop, {
      categoryId: blades.id,
      slug: 'in-attributes',
      name: 'Winter knife',
      attributes: [['Handle', 'Buffalo horn']],
    });
    await createProduct(t, shop, { categoryId: blades.id, slug: 'plain', name: 'Plain blade' });

    const byName = (await get(shop, '/api/products/products/?search=tundra')).json();
    expect(byName).toHaveLength(1);
    expect(byName[0].search_match).toEqual({ fields: ['name', 'description'], words: ['tundra'] });

    const horns = (await get(shop, '/api/products/products/?search=horns')).json() as {
      slug: string;
      search_match: { fields: string[]; words: string[] };
    }[];
    expect(Object.fromEntries(horns.map((product) => [product.slug, product.search_match]))).toEqual({
      'in-name': { fields: ['name'], words: ['horn'] },
      'in-attributes': { fields: ['attributes'], words: ['horn'] },
    });

    const phrase = (await get(shop, '/api/products/products/?search=the%20blades')).json() as {
      slug: string;
      search_match: { fields: string[]; words: string[] };
    }[];
    // "the" is no search word; "blades" is the category and, inflected, a word of two names.
    expect(phrase.find((product) => product.slug === 'plain')?.search_match).toEqual({
      fields: ['name', 'category'],
      words: ['blade', 'blades'],
    });

    // Without a search, no explanation.
    const all = (await get(shop, '/api/products/products/')).json();
    expect(all[0]).not.toHaveProperty('search_match');
  });
});

describe('GET /api/products/products/ searched, between shops', () => {
  it("never finds another shop's products, by their words or by a misspelling of them (both read from the indexes)", async () => {
    const mine = await t.createTenant();
    const other = await t.createTenant();
    await createProduct(t, mine, { slug: 'my-sirupate', name: 'Sirupate Khukuri' });
    await createProduct(t, other, { slug: 'their-sirupate', name: 'Sirupate Khukuri' });
    await createProduct(t, other, { slug: 'their-chitlange', name: 'Chitlange Khukuri' });
    for (const search of ['sirupate', 'sirupati', 'sirupate khukuri', 'khukuri', 'chitlange', 'chitlangi']) {
      const found = await slugs(mine, `search=${encodeURIComponent(search)}`);
      expect(found, search).toEqual(search.startsWith('chitlang') ? [] : ['my-sirupate']);
      const page = (await get(mine, `/api/products/products/?search=${encodeURIComponent(search)}&page=1`)).json();
      expect(page.count, search).toBe(found.length);
    }
  });
});
