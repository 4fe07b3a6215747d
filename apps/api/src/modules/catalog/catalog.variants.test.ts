import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCategory, createProduct, createVariantProduct } from '../../../test/builders.ts';
import { findStockLedgerMismatches, listStockMovements } from '../inventory/index.ts';
import type { Tenant } from '../tenants/tenants.service.ts';
import { createProductVariants, type NewProductOptions } from './index.ts';

// Products sold in options (decision 018) as the storefront reads them: the detail's options, variants and
// personalisation, the cards' "from" prices, the list's price filter, order and bands by them, and old addresses.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function get(tenant: Tenant, url: string) {
  return t.request(tenant, { method: 'GET', url });
}

/** A variant without a page of its own (issue 45): the product's lead text, specifications and alt texts. */
const NO_PAGE = { description: null, attributes: [], image_alt_texts: [] };

const BLADE_AND_FINISH = [
  { name: 'Blade length', values: ['10 inch', '12 inch', '15 inch'] },
  { name: 'Finish', values: ['Village', 'Mirror-polished'] },
];

/** A khukuri in three lengths and two finishes: 10 inch village is the default at the product's 85.00. */
async function angkhola(shop: Tenant, categoryId?: number) {
  return createVariantProduct(
    t,
    shop,
    {
      options: BLADE_AND_FINISH,
      variants: [
        { sku: 'ANG-10-V', options: ['10 inch', 'Village'], stock: 4 },
        { sku: 'ANG-10-M', options: ['10 inch', 'Mirror-polished'], priceCents: 9500, stock: 0 },
        { sku: 'ANG-12-V', options: ['12 inch', 'Village'], priceCents: 11000, stock: 3, weightGrams: 700 },
        { sku: 'ANG-15-V', options: ['15 inch', 'Village'], priceCents: 14000, stock: 2 },
      ],
      personalisation: [{ key: 'engraving', label: 'Engraving', maxLength: 20, priceCents: 1500 }],
      redirects: [
        { oldSlug: 'angkhola-khukuri-12-inch', variant: 2 },
        { oldSlug: 'angkhola-old', variant: null },
      ],
    },
    {
      slug: 'angkhola',
      name: 'Angkhola Khukuri',
      priceCents: 8500,
      priceBeforeDiscountCents: 9900,
      ...(categoryId === undefined ? {} : { categoryId }),
    },
  );
}

describe('GET /api/products/products/{slug}/ of a product sold in options', () => {
  it('answers its options, its variants on sale with their own price, before-discount price and stock, and the default variant’s', async () => {
    const shop = await t.createTenant();
    const { variants } = await angkhola(shop);
    const response = await get(shop, '/api/products/products/angkhola/');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.options).toEqual(BLADE_AND_FINISH);
    expect(body.personalisation).toEqual([
      { key: 'engraving', label: 'Engraving', max_length: 20, price: '15.00', required: false },
    ]);
    expect(body.variants).toEqual([
      {
        id: variants[0]?.id,
        sku: 'ANG-10-V',
        options: { 'Blade length': '10 inch', Finish: 'Village' },
        price: '85.00',
        price_before_discount: '99.00',
        lowest_price_30_days: null,
        stock: 4,
        made_to_order: false,
        lead_time_days: null,
        weight_grams: null,
        image_ids: [],
        is_default: true,
        ...NO_PAGE,
      },
      {
        id: variants[1]?.id,
        sku: 'ANG-10-M',
        options: { 'Blade length': '10 inch', Finish: 'Mirror-polished' },
        price: '95.00',
        price_before_discount: null,
        lowest_price_30_days: null,
        stock: 0,
        made_to_order: false,
        lead_time_days: null,
        weight_grams: null,
        image_ids: [],
        is_default: false,
        ...NO_PAGE,
      },
      {
        id: variants[2]?.id,
        sku: 'ANG-12-V',
        options: { 'Blade length': '12 inch', Finish: 'Village' },
        price: '110.00',
        price_before_discount: null,
        lowest_price_30_days: null,
        stock: 3,
        made_to_order: false,
        lead_time_days: null,
        weight_grams: 700,
        image_ids: [],
        is_default: false,
        ...NO_PAGE,
      },
      {
        id: variants[3]?.id,
        sku: 'ANG-15-V',
        options: { 'Blade length': '15 inch', Finish: 'Village' },
        price: '140.00',
        price_before_discount: null,
        lowest_price_30_days: null,
        stock: 2,
        made_to_order: false,
        lead_time_days: null,
        weight_grams: null,
        image_ids: [],
        is_default: false,
        ...NO_PAGE,
      },
    ]);
    // The spec's fields are the default variant's; the card's count and "from" price are there too.
    expect(body).toMatchObject({
      price: '85.00',
      price_before_discount: '99.00',
      stock: 4,
      variant_count: 4,
      price_from: '85.00',
    });
  });

  it('leaves variants no longer on sale out, and the default is the first on sale', async () => {
    const shop = await t.createTenant();
    await createVariantProduct(
      t,
      shop,
      {
        options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
        variants: [
          { sku: 'OFF-S', options: ['S'], priceCents: 1000, stock: 1, isActive: false },
          { sku: 'OFF-M', options: ['M'], stock: 5 },
          { sku: 'OFF-L', options: ['L'], priceCents: 3000, stock: 6 },
        ],
      },
      { slug: 'sized', priceCents: 2000 },
    );
    const body = (await get(shop, '/api/products/products/sized/')).json();
    expect(
      body.variants.map((variant: { sku: string; is_default: boolean }) => [variant.sku, variant.is_default]),
    ).toEqual([
      ['OFF-M', true],
      ['OFF-L', false],
    ]);
    expect(body).toMatchObject({ price: '20.00', stock: 5, variant_count: 2, price_from: '20.00' });
    // On the cards, the stock is every variant's together (the one not on sale too: its units are the shop's).
    const card = (await get(shop, '/api/products/products/')).json()[0];
    expect(card).toMatchObject({ slug: 'sized', stock: 12, variant_count: 2, price_from: '20.00' });
  });

  it('writes each variant’s stock in the ledger, moving the product’s own units out first', async () => {
    const shop = await t.createTenant();
    const { product, variants } = await createVariantProduct(
      t,
      shop,
      {
        options: [{ name: 'Finish', values: ['Village', 'Mirror'] }],
        variants: [
          { options: ['Village'], stock: 2 },
          { options: ['Mirror'], priceCents: 5000, stock: 3 },
        ],
      },
      { stock: 7 },
    );
    expect(product.stock).toBe(5);
    const movements = await listStockMovements(t.context(shop), { productId: product.id });
    expect(
      movements.map((movement) => [movement.reason, movement.quantity, movement.variantId ?? null]).reverse(),
    ).toEqual([
      ['initial', 7, null],
      ['adjustment', -7, null],
      ['initial', 2, variants[0]?.id],
      ['initial', 3, variants[1]?.id],
    ]);
    expect(await findStockLedgerMismatches(t.context(shop))).toEqual([]);
  });

  it('refuses variants that do not fit the option types, repeat a combination or a SKU, or a product’s own units', async () => {
    const shop = await t.createTenant();
    const ctx = t.context(shop);
    const product = await createProduct(t, shop, { stock: 0 });
    const options = [{ name: 'Size', values: ['S', 'M'] }];
    const refused = async (input: Partial<NewProductOptions>, code: string) =>
      expect(
        createProductVariants(ctx, { productId: product.id, options, variants: [], ...input }),
        code,
      ).rejects.toMatchObject({ code });
    await refused({ variants: [{ sku: 'A', options: ['XL'] }] }, 'invalid_variants');
    await refused({ variants: [{ sku: 'A', options: ['S', 'M'] }] }, 'invalid_variants');
    await refused(
      {
        variants: [
          { sku: 'A', options: ['S'] },
          { sku: 'B', options: ['S'] },
        ],
      },
      'invalid_variants',
    );
    await refused({ variants: [{ sku: 'A', options: ['S'], priceCents: 10.5 }] }, 'invalid_variants');
    await refused({ options: [], variants: [{ sku: 'A', options: ['S'] }] }, 'invalid_options');
    await createVariantProduct(t, shop, { options, variants: [{ sku: 'TAKEN', options: ['S'] }] });
    await refused({ variants: [{ sku: 'TAKEN', options: ['S'] }] }, 'sku_taken');
    const stocked = await createProduct(t, shop, { stock: 3 });
    await expect(
      createProductVariants(ctx, { productId: stocked.id, options, variants: [{ sku: 'C', options: ['S'] }] }),
    ).rejects.toMatchObject({ code: 'stock_not_moved' });
    // Nothing was written by a refusal.
    expect((await get(shop, `/api/products/products/${stocked.slug}/`)).json()).toMatchObject({
      stock: 3,
      variants: [],
    });
  });

  it('answers a product bought as it is exactly as before', async () => {
    const shop = await t.createTenant();
    await createProduct(t, shop, { slug: 'plain', priceCents: 4500, stock: 3 });
    const body = (await get(shop, '/api/products/products/plain/')).json();
    expect(body).toMatchObject({
      price: '45.00',
      stock: 3,
      variant_count: 0,
      price_from: null,
      options: [],
      variants: [],
      personalisation: [],
    });
    const card = (await get(shop, '/api/products/products/')).json()[0];
    expect(card).toMatchObject({ slug: 'plain', price: '45.00', variant_count: 0, price_from: null });
  });
});

describe('the product list with products sold in options', () => {
  it('shows "from" prices, and filters, orders and counts price bands by them', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop);
    await angkhola(shop, category.id);
    await createProduct(t, shop, { categoryId: category.id, slug: 'ninety', priceCents: 9000 });
    await createProduct(t, shop, { categoryId: category.id, slug: 'sixty', priceCents: 6000 });
    const list = (await get(shop, '/api/products/products/?ordering=price')).json();
    expect(list.map((product: { slug: string; price: string; price_from: string | null }) => product)).toMatchObject([
      { slug: 'sixty', price: '60.00', price_from: null, variant_count: 0 },
      { slug: 'angkhola', price: '85.00', price_from: '85.00', variant_count: 4 },
      { slug: 'ninety', price: '90.00', price_from: null, variant_count: 0 },
    ]);
    const slugs = async (query: string) =>
      ((await get(shop, `/api/products/products/?${query}`)).json() as { slug: string }[]).map((p) => p.slug);
    expect(await slugs('ordering=-price')).toEqual(['ninety', 'angkhola', 'sixty']);
    // Its 110.00 and 140.00 variants do not put it above 100.00: the list reads the "from" price.
    expect(await slugs('min_price=100')).toEqual([]);
    expect(await slugs('ordering=price&min_price=80&max_price=88')).toEqual(['angkhola']);
    const page = (await get(shop, '/api/products/products/?page=1&facets=true&search=khukuri under 88')).json();
    expect(page.results.map((product: { slug: string }) => product.slug)).toEqual(['angkhola']);
    const bands = (await get(shop, '/api/products/products/?page=1&facets=true')).json().facets.price_bands;
    expect(bands).toEqual([{ min: '50.00', max: '99.99', count: 3 }]);
  });
});

describe('the list’s option filter and facet', () => {
  it('counts the products per option value on sale, and lists those with a variant in the value chosen', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop);
    await angkhola(shop, category.id);
    await createVariantProduct(
      t,
      shop,
      {
        options: [{ name: 'Blade length', values: ['12 inch', '14 inch', '16 inch'] }],
        variants: [
          { options: ['12 inch'], stock: 1 },
          { options: ['14 inch'], priceCents: 13000, stock: 1 },
          // Not on sale: no count, not found by its value.
          { options: ['16 inch'], priceCents: 15000, stock: 1, isActive: false },
        ],
      },
      { categoryId: category.id, slug: 'bhojpure', priceCents: 11000 },
    );
    await createProduct(t, shop, { categoryId: category.id, slug: 'plain' });
    const page = async (query: string) =>
      (await get(shop, `/api/products/products/?page=1&facets=true&${query}`)).json();
    const all = await page('ordering=name');
    expect(all.facets.options).toEqual([
      { name: 'Blade length', value: '10 inch', count: 1 },
      { name: 'Blade length', value: '12 inch', count: 2 },
      { name: 'Blade length', value: '14 inch', count: 1 },
      { name: 'Blade length', value: '15 inch', count: 1 },
      { name: 'Finish', value: 'Village', count: 1 },
      { name: 'Finish', value: 'Mirror-polished', count: 1 },
    ]);
    const twelve = await page(`option=${encodeURIComponent('12 inch')}&ordering=name`);
    expect(twelve.results.map((product: { slug: string }) => product.slug)).toEqual(['angkhola', 'bhojpure']);
    expect(twelve.facets.categories.map((entry: { count: number }) => entry.count)).toEqual([2]);
    // A type's counts leave its own choice out and apply the other types': every length still counts, and of the
    // finishes only what a 12 inch variant has (Angkhola's mirror-polished is 10 inch only).
    expect(twelve.facets.options).toEqual(
      all.facets.options.filter((option: { value: string }) => option.value !== 'Mirror-polished'),
    );
    const mirror = await page(`option=Mirror-polished`);
    expect(mirror.results.map((product: { slug: string }) => product.slug)).toEqual(['angkhola']);
    expect((await page('option=16%20inch')).count).toBe(0);
    // No value is no filter to apply: a clear 400.
    const empty = await get(shop, '/api/products/products/?option=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('option');
  });
});

describe('an old product address', () => {
  it('answers 301 to the product it was merged into, with the variant it was', async () => {
    const shop = await t.createTenant();
    const { variants } = await angkhola(shop);
    const moved = await get(shop, '/api/products/products/angkhola-khukuri-12-inch/');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/api/products/products/angkhola/?variant=${variants[2]?.id}`);
    expect(moved.json()).toEqual({
      detail: 'This product has moved.',
      code: 'product_moved',
      slug: 'angkhola',
      variant: variants[2]?.id,
    });
    const noVariant = await get(shop, '/api/products/products/angkhola-old/');
    expect(noVariant.statusCode).toBe(301);
    expect(noVariant.headers.location).toBe('/api/products/products/angkhola/');
    expect(noVariant.json()).toMatchObject({ slug: 'angkhola', variant: null });
    // Another shop has no such address.
    expect((await get(await t.createTenant(), '/api/products/products/angkhola-old/')).statusCode).toBe(404);
  });

  it('is not found once the product it leads to is off sale', async () => {
    const shop = await t.createTenant();
    const { product } = await angkhola(shop);
    const { setProductActive } = await import('./products/products.repository.ts');
    await setProductActive(t.scope(shop), product.id, false);
    await t.app.deps.cache.invalidate(shop.token);
    expect((await get(shop, '/api/products/products/angkhola-old/')).statusCode).toBe(404);
  });
});

describe('searching option values', () => {
  it('finds products by their options’ words ("12 inch", "mirror")', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop, { name: 'Traditional' });
    await angkhola(shop, category.id);
    await createProduct(t, shop, { categoryId: category.id, slug: 'plain-knife', name: 'Plain Knife' });
    const search = async (words: string) =>
      (
        (await get(shop, `/api/products/products/?search=${encodeURIComponent(words)}`)).json() as { slug: string }[]
      ).map((product) => product.slug);
    expect(await search('mirror')).toEqual(['angkhola']);
    expect(await search('12 inch')).toEqual(['angkhola']);
    const completions = (await get(shop, '/api/products/search-completions/?search=mirror')).json();
    expect(completions.products).toMatchObject([{ slug: 'angkhola', variant_count: 4, price_from: '85.00' }]);
    // The word being typed, and misspelt ones (found, and corrected by "Did you mean"): the catalog's words hold the
    // options'.
    const typed = (await get(shop, '/api/products/search-completions/?search=villa')).json();
    expect(typed.products.map((product: { slug: string }) => product.slug)).toEqual(['angkhola']);
    for (const [query, suggestion] of [
      ['mirorr plished', 'mirror polished'],
      ['vilage', 'village'],
    ]) {
      const suggested = (
        await get(shop, `/api/products/search-suggestion/?search=${encodeURIComponent(query as string)}`)
      ).json();
      expect([await search(query as string), suggested.suggestion], query).toEqual([['angkhola'], suggestion]);
    }
  });
});
