// "Was" prices (decision 020): each variant's own before-discount price, shown only above its price; the price
// history every price change writes; and the lowest price of the 30 days before a reduction, on the product page and
// the cards (Article 6a of Directive 98/6/EC).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminCatalogShop } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCategory, createProduct, createVariantProduct } from '../../../test/builders.ts';
import type { Tenant } from '../tenants/tenants.service.ts';
import { getPriceHistory, recordPastPrices } from './index.ts';
import { announcedReduction } from './product-list/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

interface Variant {
  id: number;
  sku: string;
  price: string;
  price_before_discount: string | null;
  lowest_price_30_days?: string | null;
}

async function detail(shop: Tenant, slug: string) {
  const answer = await t.request(shop, { method: 'GET', url: `/api/products/products/${slug}/` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    price: string;
    price_before_discount: string | null;
    lowest_price_30_days?: string | null;
    variants: Variant[];
  };
}

async function card(shop: Tenant, slug: string) {
  const answer = await t.request(shop, { method: 'GET', url: '/api/products/products/' });
  expect(answer.statusCode).toBe(200);
  return (
    answer.json() as { slug: string; price_before_discount: string | null; lowest_price_30_days?: unknown }[]
  ).find((product) => product.slug === slug);
}

/** Prices the product (or one variant) was sold at in the past, oldest first: [price in cents, days ago]. */
async function past(shop: Tenant, productId: number, variantId: number | null, prices: [number, number][]) {
  await recordPastPrices(
    t.context(shop),
    prices.map(([priceCents, days]) => ({ productId, variantId, priceCents, effectiveFrom: daysAgo(days) })),
  );
}

describe('the rule of an announced reduction', () => {
  it('answers a before-discount price above the price, with the lowest of the 30 days; else neither', () => {
    expect(announcedReduction(12000, 15000, 13000)).toEqual({
      price_before_discount: '150.00',
      lowest_price_30_days: '130.00',
    });
    expect(announcedReduction(12000, 15000, null)).toEqual({
      price_before_discount: '150.00',
      lowest_price_30_days: null,
    });
    for (const before of [null, 12000, 11999]) {
      expect(announcedReduction(12000, before, 9000)).toEqual({
        price_before_discount: null,
        lowest_price_30_days: null,
      });
    }
  });
});

describe('a variant’s own before-discount price', () => {
  it('is shown only when the variant has one above its price, whatever the product’s', async () => {
    const shop = await t.createTenant();
    await createVariantProduct(
      t,
      shop,
      {
        options: [{ name: 'Blade length', values: ['10 inch', '12 inch', '13 inch', '14 inch', '15 inch'] }],
        variants: [
          { sku: 'V-10', options: ['10 inch'] },
          { sku: 'V-12', options: ['12 inch'], priceCents: 14500 },
          { sku: 'V-13', options: ['13 inch'], priceCents: 13000, priceBeforeDiscountCents: 15000 },
          { sku: 'V-14', options: ['14 inch'], priceCents: 14000, priceBeforeDiscountCents: 14000 },
          { sku: 'V-15', options: ['15 inch'], priceCents: 15000, priceBeforeDiscountCents: 12000 },
        ],
      },
      { slug: 'own-prices', priceCents: 10000, priceBeforeDiscountCents: 13500 },
    );
    const product = await detail(shop, 'own-prices');
    expect(product.variants.map((variant) => [variant.sku, variant.price, variant.price_before_discount])).toEqual([
      // The default variant's is the product's.
      ['V-10', '100.00', '135.00'],
      // None of its own: no strike-through, though the product has one (below its price, too).
      ['V-12', '145.00', null],
      ['V-13', '130.00', '150.00'],
      // Equal to or below its price: no reduction.
      ['V-14', '140.00', null],
      ['V-15', '150.00', null],
    ]);
    expect(product).toMatchObject({ price: '100.00', price_before_discount: '135.00' });
    expect(await card(shop, 'own-prices')).toMatchObject({ price_before_discount: '135.00' });
  });

  it('is set in the variant grid; the default variant’s is the product’s, taken away by clearing it', async () => {
    const setup = await adminCatalogShop(t, 'Was prices grid shop');
    const staff = (method: 'PUT' | 'PATCH', url: string, body: object) =>
      adminCall(t, setup.shop, setup.staff.accessToken, method, url, body);
    const generated = await staff('PUT', `/products/${setup.product.id}/options/`, {
      options: [{ name: 'Finish', values: ['Satin', 'Mirror'] }],
      personalisation: [],
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const [satin, mirror] = generated.json().variants as [Variant, Variant];
    const saved = await staff('PATCH', `/products/${setup.product.id}/variants/`, {
      variants: [
        { id: satin.id, price_before_discount: '95.00' },
        { id: mirror.id, price: '120.00', price_before_discount: '140.00' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().variants).toMatchObject([
      { id: satin.id, price: null, price_before_discount: '95.00' },
      { id: mirror.id, price: '120.00', price_before_discount: '140.00' },
    ]);
    let product = await detail(setup.shop, setup.product.slug);
    expect(product.variants.map((variant) => [variant.price, variant.price_before_discount])).toEqual([
      ['85.00', '95.00'],
      ['120.00', '140.00'],
    ]);

    const cleared = await staff('PATCH', `/products/${setup.product.id}/variants/`, {
      variants: [{ id: satin.id, price_before_discount: null }],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ price_before_discount: null });
    product = await detail(setup.shop, setup.product.slug);
    expect(product.price_before_discount).toBeNull();
    expect(product.variants.map((variant) => variant.price_before_discount)).toEqual([null, '140.00']);
  });

  it('moves with the default: a variant that becomes the default brings its own, the old one keeps the product’s', async () => {
    const setup = await adminCatalogShop(t, 'Was prices default shop');
    const staff = (method: 'PUT' | 'PATCH', url: string, body: object) =>
      adminCall(t, setup.shop, setup.staff.accessToken, method, url, body);
    const [satin, mirror] = (
      await staff('PUT', `/products/${setup.product.id}/options/`, {
        options: [{ name: 'Finish', values: ['Satin', 'Mirror'] }],
        personalisation: [],
      })
    ).json().variants as [Variant, Variant];
    await staff('PATCH', `/products/${setup.product.id}/variants/`, {
      variants: [
        { id: satin.id, price_before_discount: '95.00' },
        { id: mirror.id, price: '120.00' },
      ],
    });
    // Satin taken off sale: Mirror, without a before-discount price of its own, is the default now.
    const moved = await staff('PATCH', `/products/${setup.product.id}/variants/`, {
      variants: [{ id: satin.id, is_active: false }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ price: '120.00', price_before_discount: null });
    expect(moved.json().variants).toMatchObject([
      { id: satin.id, price: '85.00', price_before_discount: '95.00', is_active: false },
      { id: mirror.id, price: null, price_before_discount: null },
    ]);
    expect((await detail(setup.shop, setup.product.slug)).price_before_discount).toBeNull();
  });
});

describe('the price history', () => {
  it('records a product’s price as created, and each change staff make, once per change', async () => {
    const setup = await adminCatalogShop(t, 'Price history shop');
    const staff = (method: 'PUT' | 'PATCH', url: string, body: object) =>
      adminCall(t, setup.shop, setup.staff.accessToken, method, url, body);
    const patched = await staff('PATCH', `/products/${setup.product.id}/`, { price: '80.00' });
    expect(patched.statusCode, patched.body).toBe(200);
    // Another field changes no price: nothing recorded.
    expect((await staff('PATCH', `/products/${setup.product.id}/`, { name: 'Renamed' })).statusCode).toBe(200);
    const bulk = await adminCall(t, setup.shop, setup.staff.accessToken, 'POST', '/products/bulk/', {
      ids: [setup.product.id],
      action: 'change_price',
      percent: '10',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const history = await getPriceHistory(t.context(setup.shop), setup.product.id);
    expect(history.map((entry) => [entry.variantId, entry.priceCents])).toEqual([
      [null, 8500],
      [null, 8000],
      [null, 8800],
    ]);
    expect(history[1]?.effectiveFrom.getTime()).toBeLessThanOrEqual(history[2]?.effectiveFrom.getTime() ?? 0);
  });

  it('records what each variant is sold at: the product’s while its own is null, then its own', async () => {
    const setup = await adminCatalogShop(t, 'Variant price history shop');
    const staff = (method: 'PUT' | 'PATCH', url: string, body: object) =>
      adminCall(t, setup.shop, setup.staff.accessToken, method, url, body);
    const [satin, mirror] = (
      await staff('PUT', `/products/${setup.product.id}/options/`, {
        options: [{ name: 'Finish', values: ['Satin', 'Mirror'] }],
        personalisation: [],
      })
    ).json().variants as [Variant, Variant];
    const saved = await staff('PATCH', `/products/${setup.product.id}/variants/`, {
      variants: [
        { id: satin.id, price: '80.00' },
        { id: mirror.id, price: '120.00' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const history = await getPriceHistory(t.context(setup.shop), setup.product.id);
    const of = (variantId: number | null) =>
      history.filter((entry) => entry.variantId === variantId).map((entry) => entry.priceCents);
    expect(of(null)).toEqual([8500, 8000]);
    // The default variant's price is the product's: recorded once, though it moved through the variant's row.
    expect(of(satin.id)).toEqual([8500, 8000]);
    expect(of(mirror.id)).toEqual([8500, 12000]);
  });
});

describe('the lowest price of the 30 days before a reduction', () => {
  it('is the lowest price applied in the 30 days before the current price took effect, on the page and the card', async () => {
    const shop = await t.createTenant();
    const product = await createProduct(t, shop, {
      slug: 'reduced',
      priceCents: 12000,
      priceBeforeDiscountCents: 15000,
    });
    // 100.00 ended before the 30 days; 150.00 was in effect when they began; 130.00 for five days within them.
    await past(shop, product.id, null, [
      [10000, 70],
      [15000, 60],
      [13000, 20],
      [15000, 15],
      [12000, 5],
    ]);
    expect(await detail(shop, 'reduced')).toMatchObject({
      price: '120.00',
      price_before_discount: '150.00',
      lowest_price_30_days: '130.00',
    });
    expect(await card(shop, 'reduced')).toMatchObject({
      price_before_discount: '150.00',
      lowest_price_30_days: '130.00',
    });
  });

  it('counts the price in effect when the 30 days began, and nothing before it', async () => {
    const shop = await t.createTenant();
    const product = await createProduct(t, shop, {
      slug: 'window',
      priceCents: 12000,
      priceBeforeDiscountCents: 16000,
    });
    await past(shop, product.id, null, [
      [9000, 50],
      [15000, 40],
      [12000, 5],
    ]);
    expect((await detail(shop, 'window')).lowest_price_30_days).toBe('150.00');
  });

  it('is null without an earlier price, and without a reduction', async () => {
    const shop = await t.createTenant();
    const category = await createCategory(t, shop);
    await createProduct(t, shop, {
      categoryId: category.id,
      slug: 'new',
      priceCents: 12000,
      priceBeforeDiscountCents: 15000,
    });
    const plain = await createProduct(t, shop, { categoryId: category.id, slug: 'plain', priceCents: 12000 });
    await past(shop, plain.id, null, [
      [9000, 20],
      [12000, 10],
    ]);
    expect(await detail(shop, 'new')).toMatchObject({ price_before_discount: '150.00', lowest_price_30_days: null });
    expect(await detail(shop, 'plain')).toMatchObject({ price_before_discount: null, lowest_price_30_days: null });
    expect(await card(shop, 'plain')).toMatchObject({ lowest_price_30_days: null });
  });

  it('is each variant’s own, from its own history', async () => {
    const shop = await t.createTenant();
    const { product, variants } = await createVariantProduct(
      t,
      shop,
      {
        options: [{ name: 'Blade length', values: ['10 inch', '12 inch', '15 inch'] }],
        variants: [
          { sku: 'L-10', options: ['10 inch'] },
          { sku: 'L-12', options: ['12 inch'], priceCents: 13000, priceBeforeDiscountCents: 15000 },
          { sku: 'L-15', options: ['15 inch'], priceCents: 16000 },
        ],
      },
      { slug: 'lengths', priceCents: 10000, priceBeforeDiscountCents: 12000 },
    );
    const [ten, twelve, fifteen] = variants.map((variant) => variant.id) as [number, number, number];
    await past(shop, product.id, null, [
      [12000, 40],
      [11000, 25],
      [10000, 3],
    ]);
    await past(shop, product.id, ten, [
      [12000, 40],
      [11000, 25],
      [10000, 3],
    ]);
    await past(shop, product.id, twelve, [
      [15000, 45],
      [14000, 12],
      [13000, 2],
    ]);
    await past(shop, product.id, fifteen, [
      [9000, 20],
      [16000, 10],
    ]);
    const page = await detail(shop, 'lengths');
    expect(
      page.variants.map((variant) => [variant.sku, variant.price_before_discount, variant.lowest_price_30_days]),
    ).toEqual([
      ['L-10', '120.00', '110.00'],
      ['L-12', '150.00', '140.00'],
      // No reduction announced: no lowest price, though one was lower.
      ['L-15', null, null],
    ]);
    expect(page).toMatchObject({ price_before_discount: '120.00', lowest_price_30_days: '110.00' });
  });

  it('follows a reduction staff make: the price it replaced is the lowest of the 30 days before it', async () => {
    const setup = await adminCatalogShop(t, 'Reduction shop');
    await past(setup.shop, setup.product.id, null, [
      [9000, 45],
      [8500, 31],
    ]);
    const reduced = await adminCall(t, setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/`, {
      price: '70.00',
      price_before_discount: '90.00',
    });
    expect(reduced.statusCode, reduced.body).toBe(200);
    // 90.00 ended 31 days ago, a day before the 30 days before today's reduction began.
    expect(await detail(setup.shop, setup.product.slug)).toMatchObject({
      price: '70.00',
      price_before_discount: '90.00',
      lowest_price_30_days: '85.00',
    });
  });
});
