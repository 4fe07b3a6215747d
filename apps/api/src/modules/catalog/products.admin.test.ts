// The product form's one-step writes and the product list's bulk edits, through HTTP: a product created with its
// slug, prices, flags, opening stock and pictures in one request; changed the same way; many changed at once.
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
import { createCategory, createProduct } from '../../../test/builders.ts';
import { findStockLedgerMismatches } from '../inventory/index.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Shop = AdminCatalogShop;

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

/** A picture uploaded for a product (`POST /admin/media/`, purpose `catalog`): its media id. */
async function uploadPicture(setup: Shop, color: string, shop: Tenant = setup.shop, token = setup.staff.accessToken) {
  const body = multipart([
    { name: 'purpose', value: 'catalog' },
    { name: 'image', filename: 'photo.png', type: 'image/png', data: await png(color) },
  ]);
  const answer = await t.request(shop, {
    method: 'POST',
    url: '/api/admin/media/',
    token,
    payload: body.payload,
    headers: body.headers,
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().id as number;
}

async function ledger(setup: Shop, productId: number) {
  const answer = await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${productId}/stock/`);
  expect(answer.statusCode).toBe(200);
  return answer.json() as { stock: number; movements: { quantity: number; reason: string; note: string }[] };
}

const productCount = async (shop: Tenant) =>
  Number(
    (
      await t.testDb.database.raw.query<{ n: number }>('select count(*)::int as n from products where tenant_id = $1', [
        shop.id,
      ])
    )[0]?.n,
  );

describe('creating a product in one request', () => {
  it('takes the slug from the name, prices, flags, opening stock and ordered pictures, and the shop shows it', async () => {
    const setup = await adminCatalogShop(t);
    const blade = await uploadPicture(setup, '#a33');
    const sheath = await uploadPicture(setup, '#33a');
    const created = await admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', {
      name: 'Dhankute Khukuri — Édition 11"',
      category: setup.category.id,
      price: '120.00',
      price_before_discount: '150.00',
      is_featured: true,
      is_active: true,
      stock: 7,
      attributes: [{ key: 'Blade', value: '11"' }],
      long_html_description: '<p>Hand forged.</p><script>alert(1)</script>',
      images: [
        { media: sheath, alt_text: 'In its sheath' },
        { media: blade, alt_text: 'The blade' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      slug: 'dhankute-khukuri-edition-11',
      price: '120.00',
      price_before_discount: '150.00',
      is_featured: true,
      is_active: true,
      stock: 7,
      attributes: [{ key: 'Blade', value: '11"' }],
      long_html_description: '<p>Hand forged.</p>',
    });
    expect(
      product.images.map((image: { media: number; alt_text: string; is_main: boolean; order: number }) => image),
    ).toEqual([
      expect.objectContaining({ media: sheath, alt_text: 'In its sheath', is_main: true, order: 0 }),
      expect.objectContaining({ media: blade, alt_text: 'The blade', is_main: false, order: 1 }),
    ]);
    // The stock opened the ledger, as its first entry.
    expect((await ledger(setup, product.id)).movements).toEqual([
      expect.objectContaining({ quantity: 7, reason: 'initial', note: 'opening stock' }),
    ]);
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
    const audit = await auditLog(t, setup, 'product', product.id);
    expect(audit.map((entry) => entry.action)).toEqual(['product.create']);
    expect(audit[0]?.summary.after).toMatchObject({
      slug: 'dhankute-khukuri-edition-11',
      price_before_discount: '150.00',
      is_featured: true,
      stock: 7,
      images: [
        { media: sheath, alt_text: 'In its sheath' },
        { media: blade, alt_text: 'The blade' },
      ],
    });

    // The storefront: the product page with its before-discount price and pictures, and the featured shelf.
    const page = await t.request(setup.shop, { method: 'GET', url: `/api/products/products/${product.slug}/` });
    expect(page.json()).toMatchObject({
      price: '120.00',
      price_before_discount: '150.00',
      stock: 7,
      main_image: { alt_text: 'In its sheath' },
      images: [{ alt_text: 'In its sheath' }, { alt_text: 'The blade' }],
    });
    const shelf = await t.request(setup.shop, { method: 'GET', url: '/api/products/products/?featured=true' });
    expect(shelf.json().map((item: { slug: string }) => item.slug)).toEqual([product.slug]);
  });

  it('makes a derived slug unique in the shop, and refuses a slug given that another product has', async () => {
    const setup = await adminCatalogShop(t);
    const create = (body: object) =>
      admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', {
        category: setup.category.id,
        price: '10.00',
        ...body,
      });
    expect((await create({ name: 'Chitlange' })).json().slug).toBe('chitlange');
    expect((await create({ name: 'CHITLANGE!' })).json().slug).toBe('chitlange-2');
    expect((await create({ name: 'Chitlange' })).json().slug).toBe('chitlange-3');
    // A name without a letter of the slug's alphabet still gets one.
    expect((await create({ name: 'ククリ' })).json().slug).toBe('product');
    const clash = await create({ name: 'Another', slug: 'chitlange' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ slug: ['A product with this slug already exists.'] });
    // Another shop's slugs are no clash.
    const other = await adminCatalogShop(t, 'Other slugs');
    const elsewhere = await admin(other.shop, other.staff.accessToken, 'POST', '/products/', {
      name: 'Chitlange',
      category: other.category.id,
      price: '10.00',
    });
    expect(elsewhere.json().slug).toBe('chitlange');
  });

  it('answers field errors for a before-discount price not above the price and pictures not of the shop', async () => {
    const setup = await adminCatalogShop(t);
    const other = await adminCatalogShop(t, 'Pictures elsewhere');
    const theirs = await uploadPicture(other, '#0a0', other.shop, other.staff.accessToken);
    const mine = await uploadPicture(setup, '#0aa');
    const before = await productCount(setup.shop);
    const body = { name: 'Sirupate', category: setup.category.id, price: '90.00', stock: 3 };
    const cases: [object, Record<string, string[]>][] = [
      [
        { price_before_discount: '90.00' },
        { price_before_discount: ['The price before discount must be above the price.'] },
      ],
      [
        { price_before_discount: '89.99' },
        { price_before_discount: ['The price before discount must be above the price.'] },
      ],
      [
        { images: [{ media: mine }, { media: theirs }] },
        { images: [`No uploaded picture has the id ${theirs}: upload it again.`] },
      ],
      [{ images: [{ media: 999_999 }] }, { images: ['No uploaded picture has the id 999999: upload it again.'] }],
    ];
    for (const [extra, errors] of cases) {
      const answer = await admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', { ...body, ...extra });
      expect(answer.statusCode, JSON.stringify(extra)).toBe(400);
      expect(answer.json()).toEqual(errors);
    }
    const twice = await admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', {
      ...body,
      images: [{ media: mine }, { media: mine }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ images: ['Each picture appears once.'] });
    // Nothing was created, no stock entered the ledger.
    expect(await productCount(setup.shop)).toBe(before);
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
  });
});

describe('changing a product in one request', () => {
  it('reorders, keeps, adds and removes pictures, counts the stock through the ledger, audited', async () => {
    const setup = await adminCatalogShop(t);
    const [a, b, c] = [
      await uploadPicture(setup, '#100'),
      await uploadPicture(setup, '#010'),
      await uploadPicture(setup, '#001'),
    ];
    const product = (
      await admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', {
        name: 'Angkhola',
        category: setup.category.id,
        price: '60.00',
        stock: 4,
        images: [
          { media: a, alt_text: 'A' },
          { media: b, alt_text: 'B' },
        ],
      })
    ).json();
    const kept = product.images.find((image: { media: number }) => image.media === b).id;
    const patch = (body: object) =>
      admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${product.id}/`, body);
    const changed = await patch({
      images: [
        { media: b, alt_text: 'B, now first' },
        { media: c, alt_text: 'C' },
      ],
      stock: 9,
      price_before_discount: '75.00',
      is_featured: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      stock: 9,
      price_before_discount: '75.00',
      is_featured: true,
      images: [
        { id: kept, media: b, alt_text: 'B, now first', is_main: true, order: 0 },
        { media: c, alt_text: 'C', is_main: false, order: 1 },
      ],
    });
    expect(changed.json().images).toHaveLength(2);
    expect((await ledger(setup, product.id)).movements.map((m) => [m.quantity, m.reason, m.note])).toEqual([
      [5, 'adjustment', 'Counted on the product form'],
      [4, 'initial', 'opening stock'],
    ]);
    // The same body again changes nothing, and records nothing.
    await patch({
      images: [
        { media: b, alt_text: 'B, now first' },
        { media: c, alt_text: 'C' },
      ],
      stock: 9,
    });
    const audit = await auditLog(t, setup, 'product', product.id);
    expect(audit.map((entry) => entry.action)).toEqual(['product.update', 'product.create']);
    expect(audit[0]?.summary).toEqual({
      before: {
        price_before_discount: null,
        is_featured: false,
        images: [
          { media: a, alt_text: 'A' },
          { media: b, alt_text: 'B' },
        ],
        stock: 4,
      },
      after: {
        price_before_discount: '75.00',
        is_featured: true,
        images: [
          { media: b, alt_text: 'B, now first' },
          { media: c, alt_text: 'C' },
        ],
        stock: 9,
      },
    });
    // The price may not reach the before-discount price; clearing that price lifts the rule.
    const tooHigh = await patch({ price: '80.00' });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toEqual({ price: ['The price must stay below the price before discount (75.00).'] });
    expect((await patch({ price: '80.00', price_before_discount: null })).json()).toMatchObject({
      price: '80.00',
      price_before_discount: null,
    });
    // No pictures at all: none is main.
    expect((await patch({ images: [] })).json()).toMatchObject({ images: [], main_image: null });
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
  });
});

describe('bulk edits of the product list', () => {
  const bulk = (setup: Shop, body: object, token = setup.staff.accessToken) =>
    admin(setup.shop, token, 'POST', '/products/bulk/', body);

  const read = async (setup: Shop, id: number) =>
    (await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${id}/`)).json();

  it('publishes, unpublishes, features and moves to a category, telling each id what happened, audited', async () => {
    const setup = await adminCatalogShop(t);
    const hidden = await createProduct(t, setup.shop, { categoryId: setup.category.id, isActive: false });
    const ids = [setup.product.id, hidden.id];
    const published = await bulk(setup, { ids, action: 'publish' });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({
      updated: 1,
      results: [
        { id: setup.product.id, status: 'unchanged' },
        { id: hidden.id, status: 'updated' },
      ],
    });
    expect((await read(setup, hidden.id)).is_active).toBe(true);
    expect((await bulk(setup, { ids, action: 'unpublish' })).json().updated).toBe(2);
    expect((await bulk(setup, { ids, action: 'feature' })).json().updated).toBe(2);
    for (const id of ids) expect(await read(setup, id)).toMatchObject({ is_active: false, is_featured: true });
    expect((await bulk(setup, { ids: [hidden.id], action: 'unfeature' })).json().updated).toBe(1);
    expect((await read(setup, hidden.id)).is_featured).toBe(false);

    const knives = await createCategory(t, setup.shop, { name: 'Knives', slug: 'knives' });
    expect((await bulk(setup, { ids, action: 'set_category', category: knives.id })).json().updated).toBe(2);
    for (const id of ids) expect((await read(setup, id)).category).toBe(knives.id);
    const otherShop = await adminCatalogShop(t, 'Category elsewhere');
    const foreignCategory = await bulk(setup, { ids, action: 'set_category', category: otherShop.category.id });
    expect(foreignCategory.statusCode).toBe(400);
    expect(foreignCategory.json()).toEqual({
      category: [`Invalid pk "${otherShop.category.id}" - object does not exist.`],
    });

    const audit = await auditLog(t, setup, 'product', hidden.id);
    expect(audit.map((entry) => [entry.action, entry.summary])).toEqual([
      [
        'product.bulk_update',
        { before: { category: setup.category.id }, after: { category: knives.id, bulk_action: 'set_category' } },
      ],
      [
        'product.bulk_update',
        { before: { is_featured: true }, after: { is_featured: false, bulk_action: 'unfeature' } },
      ],
      ['product.bulk_update', { before: { is_featured: false }, after: { is_featured: true, bulk_action: 'feature' } }],
      ['product.bulk_update', { before: { is_active: true }, after: { is_active: false, bulk_action: 'unpublish' } }],
      ['product.bulk_update', { before: { is_active: false }, after: { is_active: true, bulk_action: 'publish' } }],
    ]);
    expect(audit[0]?.actor_user_id).toBe(setup.staff.user.id);
  });

  it('changes prices by a percent, rounded exactly to the cent, keeping before-discount prices above', async () => {
    const setup = await adminCatalogShop(t);
    const product = (priceCents: number, priceBeforeDiscountCents: number | null = null) =>
      createProduct(t, setup.shop, { categoryId: setup.category.id, priceCents, priceBeforeDiscountCents });
    const plain = await product(8500); // 85.00 - 12.5% = 74.375 → 74.38 (halves away from zero)
    const discounted = await product(1999, 2999); // 19.99 → 17.49125 → 17.49; 29.99 → 26.24125 → 26.24
    const tiny = await product(1, 2); // 0.01 → 0.00875 → 0.01; 0.02 → 0.0175 → 0.02: still above
    const squeezed = await product(3, 4); // 0.03 → 0.02625 → 0.03; 0.04 → 0.035 → 0.04
    const cut = await bulk(setup, {
      ids: [plain.id, discounted.id, tiny.id, squeezed.id],
      action: 'change_price',
      percent: '-12.5',
    });
    expect(cut.statusCode).toBe(200);
    expect(cut.json().results).toEqual([
      { id: plain.id, status: 'updated' },
      { id: discounted.id, status: 'updated' },
      { id: tiny.id, status: 'unchanged' },
      { id: squeezed.id, status: 'unchanged' },
    ]);
    expect(await read(setup, plain.id)).toMatchObject({ price: '74.38', price_before_discount: null });
    expect(await read(setup, discounted.id)).toMatchObject({ price: '17.49', price_before_discount: '26.24' });

    // Halving 0.03 and 0.04 gives 0.02 and 0.02: the discount would vanish, so that product is refused, alone.
    const halved = await bulk(setup, { ids: [squeezed.id, plain.id], action: 'change_price', percent: '-50' });
    expect(halved.json()).toEqual({
      updated: 1,
      results: [
        {
          id: squeezed.id,
          status: 'refused',
          detail: 'The price before discount (0.02) would no longer be above the price (0.02).',
        },
        { id: plain.id, status: 'updated' },
      ],
    });
    expect(await read(setup, squeezed.id)).toMatchObject({ price: '0.03', price_before_discount: '0.04' });
    expect((await read(setup, plain.id)).price).toBe('37.19'); // 37.19
    const raised = await bulk(setup, { ids: [plain.id], action: 'change_price', percent: '33.33' });
    expect(raised.json().updated).toBe(1);
    expect((await read(setup, plain.id)).price).toBe('49.59'); // 37.19 × 1.3333 = 49.585427 → 49.59

    for (const percent of ['0', '-100', '1000.01', '5%', 'ten', '1.234']) {
      const answer = await bulk(setup, { ids: [plain.id], action: 'change_price', percent });
      expect(answer.statusCode, percent).toBe(400);
    }
    const audit = await auditLog(t, setup, 'product', discounted.id);
    expect(audit[0]?.summary).toEqual({
      before: { price: '19.99', price_before_discount: '29.99' },
      after: { price: '17.49', price_before_discount: '26.24', bulk_action: 'change_price' },
    });
  });

  it("never touches another shop's products: their ids are not found, and stay as they were", async () => {
    const mine = await adminCatalogShop(t, 'Bulk mine');
    const theirs = await adminCatalogShop(t, 'Bulk theirs');
    const answer = await bulk(mine, {
      ids: [theirs.product.id, mine.product.id],
      action: 'change_price',
      percent: '10',
    });
    expect(answer.json()).toEqual({
      updated: 1,
      results: [
        { id: theirs.product.id, status: 'not_found' },
        { id: mine.product.id, status: 'updated' },
      ],
    });
    expect((await read(mine, mine.product.id)).price).toBe('93.50');
    expect((await read(theirs, theirs.product.id)).price).toBe('85.00');
    await bulk(mine, { ids: [theirs.product.id], action: 'unpublish' });
    expect((await read(theirs, theirs.product.id)).is_active).toBe(true);
    expect(await auditLog(t, theirs, 'product', theirs.product.id)).toEqual([]);
  });

  it('takes staff only, and refuses bodies outside its allowlist', async () => {
    const setup = await adminCatalogShop(t);
    const body = { ids: [setup.product.id], action: 'unpublish' };
    expect((await bulk(setup, body, setup.customer.accessToken)).statusCode).toBe(403);
    expect((await admin(setup.shop, undefined, 'POST', '/products/bulk/', body)).statusCode).toBe(401);
    for (const payload of [
      { ids: [], action: 'publish' },
      { ids: [setup.product.id, setup.product.id], action: 'publish' },
      { ids: [setup.product.id], action: 'delete' },
      { ids: [setup.product.id], action: 'set_category' },
      { ids: [setup.product.id], action: 'publish', tenant_id: 1 },
      { ids: [setup.product.id], action: 'change_price' },
      { ids: Array.from({ length: 201 }, (_, i) => i + 1), action: 'publish' },
    ]) {
      expect((await bulk(setup, payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect((await read(setup, setup.product.id)).is_active).toBe(true);
  });
});
