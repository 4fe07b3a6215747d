// A product's options and variants as staff write them, through HTTP: variants generated from the option types,
// kept when generated again, refused removal of a variant that holds stock, the product's stock moved into its first
// variant, and the variant grid's save (prices, stock through the ledger, SKUs, a variant's own pictures).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminCatalogShop,
  adminCall,
  adminCatalogShop,
  auditLog,
  type DropFirst,
  multipart,
  png,
} from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createProduct } from '../../../test/builders.ts';
import { findStockLedgerMismatches } from '../inventory/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

interface Variant {
  id: number;
  sku: string;
  options: Record<string, string>;
  price: string | null;
  price_before_discount: string | null;
  stock: number;
  is_active: boolean;
  position: number;
}

const BLADE = { name: 'Blade length', values: ['10 inch', '12 inch'] };
const FINISH = { name: 'Finish', values: ['Mirror', 'Satin'] };

async function setOptions(setup: AdminCatalogShop, productId: number, body: object) {
  return admin(setup.shop, setup.staff.accessToken, 'PUT', `/products/${productId}/options/`, {
    personalisation: [],
    ...body,
  });
}

async function patchVariants(setup: AdminCatalogShop, productId: number, variants: object[]) {
  return admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${productId}/variants/`, { variants });
}

/** Uploads a picture of the product as staff; answers the product's pictures. */
async function upload(setup: AdminCatalogShop, productId: number, color: string, altText: string) {
  const body = multipart([
    { name: 'alt_text', value: altText },
    { name: 'image', filename: 'photo.png', type: 'image/png', data: await png(color) },
  ]);
  const answer = await t.request(setup.shop, {
    method: 'POST',
    url: `/api/admin/products/${productId}/images/`,
    token: setup.staff.accessToken,
    payload: body.payload,
    headers: body.headers,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().images as { id: number; alt_text: string }[];
}

async function ledger(setup: AdminCatalogShop, productId: number) {
  const answer = await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${productId}/stock/`);
  expect(answer.statusCode).toBe(200);
  return answer.json() as { stock: number; movements: { quantity: number; reason: string; note: string }[] };
}

/** A shop whose product (slug `kami`, 85.00) has no stock: its variants start empty. */
async function emptyShop() {
  const setup = await adminCatalogShop(t, 'Variants admin shop');
  const product = await createProduct(t, setup.shop, {
    categoryId: setup.category.id,
    slug: `kami-${setup.shop.id}`,
    stock: 0,
    priceCents: 8500,
  });
  return { ...setup, product };
}

describe('generating variants from option types', () => {
  it('creates one variant per combination with SKUs from the slug and values, the product’s price and no stock', async () => {
    const setup = await emptyShop();
    const answer = await setOptions(setup, setup.product.id, {
      options: [BLADE, FINISH],
      personalisation: [{ key: 'engraving', label: 'Engraving', max_length: 20, price: '15.00', required: false }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const product = answer.json();
    expect(product.options).toEqual([BLADE, FINISH]);
    expect(product.personalisation).toEqual([
      { key: 'engraving', label: 'Engraving', max_length: 20, price: '15.00', required: false },
    ]);
    const slug = setup.product.slug;
    expect(product.variants.map((variant: Variant) => [variant.sku, variant.options, variant.position])).toEqual([
      [`${slug}-10-inch-mirror`, { 'Blade length': '10 inch', Finish: 'Mirror' }, 0],
      [`${slug}-10-inch-satin`, { 'Blade length': '10 inch', Finish: 'Satin' }, 1],
      [`${slug}-12-inch-mirror`, { 'Blade length': '12 inch', Finish: 'Mirror' }, 2],
      [`${slug}-12-inch-satin`, { 'Blade length': '12 inch', Finish: 'Satin' }, 3],
    ]);
    for (const variant of product.variants as Variant[]) {
      expect(variant).toMatchObject({ price: null, price_before_discount: null, stock: 0, is_active: true });
    }
    expect(product.price).toBe('85.00');
    const [entry] = await auditLog(t, setup, 'product', setup.product.id);
    expect(entry?.action).toBe('product.options');
    expect(entry?.actor_user_id).toBe(setup.staff.user.id);
  });

  it('keeps derived SKUs within 64 characters and unique, whatever the lengths of the slug and values', async () => {
    const setup = await emptyShop();
    const long = await createProduct(t, setup.shop, {
      categoryId: setup.category.id,
      slug: `a-very-long-product-slug-for-a-khukuri-with-many-words-${setup.shop.id}`,
      stock: 0,
    });
    const value = (n: number) => `${'x'.repeat(36)} ${n}`;
    const answer = await setOptions(setup, long.id, {
      options: [{ name: 'Inscription', values: [value(1), value(2)] }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const skus = (answer.json().variants as Variant[]).map((variant) => variant.sku);
    expect(skus.every((sku) => sku.length <= 64)).toBe(true);
    expect(new Set(skus).size).toBe(2);
  });

  it('keeps the variants whose combination stays (their SKU, price and stock) and adds the new ones', async () => {
    const setup = await emptyShop();
    const first = (await setOptions(setup, setup.product.id, { options: [BLADE] })).json();
    const twelve = first.variants.find((variant: Variant) => variant.options['Blade length'] === '12 inch') as Variant;
    const patched = await patchVariants(setup, setup.product.id, [
      { id: twelve.id, sku: 'KAMI-12', price: '95.00', stock: 3 },
    ]);
    expect(patched.statusCode, patched.body).toBe(200);
    const again = await setOptions(setup, setup.product.id, {
      options: [{ name: 'Blade length', values: ['10 inch', '12 inch', '14 inch'] }],
    });
    expect(again.statusCode, again.body).toBe(200);
    const variants = again.json().variants as Variant[];
    expect(variants.map((variant) => variant.options['Blade length'])).toEqual(['10 inch', '12 inch', '14 inch']);
    expect(variants[1]).toMatchObject({ id: twelve.id, sku: 'KAMI-12', price: '95.00', stock: 3 });
    expect(variants[0]?.id).toBe(first.variants[0].id);
    expect(variants[2]).toMatchObject({ sku: `${setup.product.slug}-14-inch`, stock: 0 });
  });

  it('refuses to drop a variant that holds stock with a clear 409, and drops it once its stock is 0', async () => {
    const setup = await emptyShop();
    const first = (await setOptions(setup, setup.product.id, { options: [BLADE] })).json();
    const twelve = first.variants[1] as Variant;
    await patchVariants(setup, setup.product.id, [{ id: twelve.id, stock: 4 }]);
    const refused = await setOptions(setup, setup.product.id, {
      options: [{ name: 'Blade length', values: ['10 inch'] }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: `These variants still hold stock: 12 inch (${twelve.sku}): 4. Set their stock to 0 before removing them.`,
      code: 'variant_has_stock',
    });
    expect(
      (await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${setup.product.id}/`)).json().variants,
    ).toHaveLength(2);
    await patchVariants(setup, setup.product.id, [{ id: twelve.id, stock: 0 }]);
    const dropped = await setOptions(setup, setup.product.id, {
      options: [{ name: 'Blade length', values: ['10 inch'] }],
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().variants.map((variant: Variant) => variant.id)).toEqual([first.variants[0].id]);
  });

  it('moves a product’s stock into its first variant through the ledger, and empty options make it plain again', async () => {
    const setup = await adminCatalogShop(t, 'Variants stock shop');
    const answer = await setOptions(setup, setup.product.id, { options: [BLADE] });
    expect(answer.statusCode, answer.body).toBe(200);
    const product = answer.json();
    expect(product.stock).toBe(5);
    expect(product.variants.map((variant: Variant) => variant.stock)).toEqual([5, 0]);
    const book = await ledger(setup, setup.product.id);
    expect(book.stock).toBe(5);
    expect(book.movements.slice(0, 2).map(({ quantity, reason, note }) => ({ quantity, reason, note }))).toEqual([
      { quantity: 5, reason: 'initial', note: 'Moved from the product' },
      { quantity: -5, reason: 'adjustment', note: 'Moved into its first variant' },
    ]);
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
    // Its stock is its variants': the product form's count is refused, the same number is no change.
    const formCount = await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/`, {
      stock: 9,
    });
    expect(formCount.statusCode).toBe(400);
    expect(formCount.json().stock).toEqual(["This product's stock is its variants': count it in the variant grid."]);
    const sameCount = await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/`, {
      stock: 5,
      name: 'Renamed while sold in options',
    });
    expect(sameCount.statusCode, sameCount.body).toBe(200);

    const refused = await setOptions(setup, setup.product.id, { options: [] });
    expect(refused.statusCode).toBe(409);
    await patchVariants(setup, setup.product.id, [{ id: product.variants[0].id, stock: 0 }]);
    const plain = await setOptions(setup, setup.product.id, { options: [] });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ options: [], variants: [], stock: 0 });
    const counted = await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/`, {
      stock: 2,
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().stock).toBe(2);
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
  });

  it('refuses option types and personalisation outside the rules with field errors', async () => {
    const setup = await emptyShop();
    const cases = [
      { options: [BLADE, BLADE] },
      { options: [{ name: 'Finish', values: ['Mirror', 'Mirror'] }] },
      { options: [{ name: 'Finish', values: [] }] },
      { options: [BLADE, FINISH, { name: 'Handle', values: ['Horn'] }, { name: 'Sheath', values: ['Leather'] }] },
      { options: [{ name: 'x'.repeat(41), values: ['a'] }] },
      {
        options: [],
        personalisation: [
          { key: 'Engraving text', label: 'Engraving', max_length: 20, price: '5.00', required: false },
        ],
      },
      {
        options: [],
        personalisation: [{ key: 'engraving', label: 'Engraving', max_length: 201, price: '5.00', required: false }],
      },
      { options: [], extra: true },
    ];
    for (const body of cases) {
      const answer = await setOptions(setup, setup.product.id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the variant grid', () => {
  it('saves prices and counts stock through the ledger; the default variant’s price is the product’s', async () => {
    const setup = await emptyShop();
    const variants = (await setOptions(setup, setup.product.id, { options: [BLADE] })).json().variants as Variant[];
    const [ten, twelve] = variants as [Variant, Variant];
    const answer = await patchVariants(setup, setup.product.id, [
      { id: ten.id, price: '80.00', price_before_discount: '90.00', stock: 2 },
      { id: twelve.id, price: '110.00', stock: 6, weight_grams: 900 },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const product = answer.json();
    expect(product).toMatchObject({ price: '80.00', price_before_discount: '90.00', stock: 8 });
    // The default variant's price is the product's (shown empty); its before-discount price is shown as the product's.
    expect(product.variants[0]).toMatchObject({ id: ten.id, price: null, price_before_discount: '90.00', stock: 2 });
    expect(product.variants[1]).toMatchObject({ id: twelve.id, price: '110.00', stock: 6, weight_grams: 900 });
    const book = await ledger(setup, setup.product.id);
    expect(book.movements.filter((movement) => movement.note === 'Counted in the variant grid')).toHaveLength(2);
    expect(book.movements.every((movement) => movement.reason === 'adjustment')).toBe(true);

    const recounted = await patchVariants(setup, setup.product.id, [{ id: twelve.id, stock: 1 }]);
    expect(recounted.json().stock).toBe(3);
    expect((await ledger(setup, setup.product.id)).movements[0]).toMatchObject({
      quantity: -5,
      reason: 'adjustment',
      note: 'Counted in the variant grid',
    });
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);

    const shop = await t.request(setup.shop, { method: 'GET', url: `/api/products/products/${setup.product.slug}/` });
    expect(shop.json().price).toBe('80.00');
    const [entry, grid] = await auditLog(t, setup, 'product', setup.product.id);
    expect(grid?.summary).toMatchObject({
      before: { price: '85.00', price_before_discount: null },
      after: { price: '80.00', price_before_discount: '90.00' },
    });
    const after = (grid?.summary.after ?? {}) as { variants?: object[] };
    expect(after.variants).toContainEqual({
      id: twelve.id,
      price: '110.00',
      weight_grams: 900,
    });
    expect(entry?.action).toBe('product.variants');
    expect(entry?.summary).toMatchObject({
      before: { variants: [{ id: twelve.id, stock: 6 }] },
      after: { variants: [{ id: twelve.id, stock: 1 }] },
    });
  });

  it('keeps the old default’s price when another variant becomes the default', async () => {
    const setup = await emptyShop();
    const [ten, twelve] = (await setOptions(setup, setup.product.id, { options: [BLADE] })).json().variants as [
      Variant,
      Variant,
    ];
    const answer = await patchVariants(setup, setup.product.id, [
      { id: twelve.id, price: '110.00' },
      { id: ten.id, is_active: false },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const product = answer.json();
    expect(product.price).toBe('110.00');
    expect(product.variants).toMatchObject([
      { id: ten.id, price: '85.00', is_active: false },
      { id: twelve.id, price: null },
    ]);
  });

  it('refuses a SKU another variant of the shop has (409), and a stock below 0, a price before discount below the price', async () => {
    const setup = await emptyShop();
    const other = await createProduct(t, setup.shop, { categoryId: setup.category.id, stock: 0 });
    const [mine] = (await setOptions(setup, setup.product.id, { options: [BLADE] })).json().variants as [
      Variant,
      Variant,
    ];
    const [theirs] = (await setOptions(setup, other.id, { options: [FINISH] })).json().variants as [Variant, Variant];
    const taken = await patchVariants(setup, setup.product.id, [{ id: mine.id, sku: theirs.sku }]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      detail: `Another variant of the shop has the SKU ${theirs.sku}.`,
      code: 'sku_taken',
    });
    expect((await patchVariants(setup, setup.product.id, [{ id: mine.id, stock: -1 }])).statusCode).toBe(400);
    expect(
      (await patchVariants(setup, setup.product.id, [{ id: mine.id, price: '90.00', price_before_discount: '80.00' }]))
        .statusCode,
    ).toBe(400);
    const foreign = await patchVariants(setup, setup.product.id, [{ id: theirs.id, stock: 3 }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().variants).toEqual([`The product has no variant with the id ${theirs.id}.`]);
  });

  it('gives a variant its own pictures among the product’s, first on the storefront’s detail; another product’s refused', async () => {
    const setup = await emptyShop();
    const other = await createProduct(t, setup.shop, { categoryId: setup.category.id, stock: 0 });
    await upload(setup, setup.product.id, '#a00', 'Satin finish');
    const [satin, mirror] = (await upload(setup, setup.product.id, '#0a0', 'Mirror finish')).map(
      (image) => image.id,
    ) as [number, number];
    const [foreign] = (await upload(setup, other.id, '#00a', 'Another khukuri')).map((image) => image.id) as [number];
    const [ten, twelve] = (await setOptions(setup, setup.product.id, { options: [BLADE] })).json().variants as [
      Variant,
      Variant,
    ];
    const answer = await patchVariants(setup, setup.product.id, [
      { id: ten.id, image_ids: [] },
      { id: twelve.id, image_ids: [mirror, satin] },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().variants.map((variant: { image_ids: number[] }) => variant.image_ids)).toEqual([
      [],
      [mirror, satin],
    ]);
    const detail = await t.request(setup.shop, {
      method: 'GET',
      url: `/api/products/products/${setup.product.slug}/`,
    });
    expect(detail.json().variants.map((variant: { image_ids: number[] }) => variant.image_ids)).toEqual([
      [],
      [mirror, satin],
    ]);
    const audit = await auditLog(t, setup, 'product', setup.product.id);
    expect(audit[0]?.action).toBe('product.variants');
    expect(audit[0]?.summary).toEqual({
      before: { variants: [{ id: twelve.id, image_ids: [] }] },
      after: { variants: [{ id: twelve.id, image_ids: [mirror, satin] }] },
    });

    const refused = await patchVariants(setup, setup.product.id, [{ id: ten.id, image_ids: [satin, foreign] }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().image_ids).toEqual([`The product has no picture with the id ${foreign}.`]);
    const unchanged = await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${setup.product.id}/`);
    expect(unchanged.json().variants.map((variant: { image_ids: number[] }) => variant.image_ids)).toEqual([
      [],
      [mirror, satin],
    ]);

    // A picture deleted is no longer the variant's: the grid saves again as it shows.
    const url = `/products/${setup.product.id}/images/${mirror}/`;
    expect((await admin(setup.shop, setup.staff.accessToken, 'DELETE', url)).statusCode).toBe(204);
    const left = await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${setup.product.id}/`);
    expect(left.json().variants.map((variant: { image_ids: number[] }) => variant.image_ids)).toEqual([[], [satin]]);
    const again = await patchVariants(setup, setup.product.id, [{ id: twelve.id, image_ids: [satin] }]);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('is staff’s only, and another shop’s product is not found', async () => {
    const setup = await emptyShop();
    const other = await emptyShop();
    const body = { options: [BLADE], personalisation: [] };
    const url = `/products/${setup.product.id}/options/`;
    expect((await admin(setup.shop, undefined, 'PUT', url, body)).statusCode).toBe(401);
    expect((await admin(setup.shop, setup.customer.accessToken, 'PUT', url, body)).statusCode).toBe(403);
    expect((await admin(setup.shop, setup.owner.accessToken, 'PUT', url, body)).statusCode).toBe(200);
    const variants = `/products/${setup.product.id}/variants/`;
    const grid = { variants: [{ id: 1, stock: 1 }] };
    expect((await admin(setup.shop, setup.customer.accessToken, 'PATCH', variants, grid)).statusCode).toBe(403);
    expect((await admin(other.shop, other.staff.accessToken, 'PUT', url, body)).statusCode).toBe(404);
    expect((await admin(other.shop, other.staff.accessToken, 'PATCH', variants, grid)).statusCode).toBe(404);
  });
});
