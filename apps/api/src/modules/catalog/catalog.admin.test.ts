// The administration of the catalog through HTTP: products, pictures and categories for staff (and who may reach the
// administration's catalog routes, the stock's and the reviews' too).
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
import { XSS_CORPUS, xssLeftovers } from '../../../test/xss-corpus.ts';
import { findStockLedgerMismatches } from '../inventory/index.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const catalogShop = (name?: string) => adminCatalogShop(t, name);

type Shop = AdminCatalogShop;

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

function storefrontProduct(shop: Tenant, slug: string) {
  return t.request(shop, { method: 'GET', url: `/api/products/products/${slug}/` });
}

const auditOf = (setup: Shop, entity: string, entityId: number) => auditLog(t, setup, entity, entityId);

/** A multipart body as a browser's form sends it. */
function upload(setup: Shop, productId: number, image: Buffer, altText?: string, token = setup.staff.accessToken) {
  const body = multipart([
    ...(altText === undefined ? [] : [{ name: 'alt_text', value: altText }]),
    { name: 'image', filename: 'photo.png', type: 'image/png', data: image },
  ]);
  return t.request(setup.shop, {
    method: 'POST',
    url: `/api/admin/products/${productId}/images/`,
    token,
    payload: body.payload,
    headers: body.headers,
  });
}

const NEW_PRODUCT = {
  name: 'Service khukuri',
  slug: 'service-khukuri',
  price: '85.00',
  description: 'The issue pattern.',
  long_html_description: '<p>Forged by hand.</p>',
  attributes: [{ key: 'Blade', value: '10"' }],
};

describe('who may administer the catalog', () => {
  it('answers 401 to guests and 403 to customers, on every collection and write', async () => {
    const setup = await catalogShop();
    const calls: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object][] = [
      ['GET', '/products/'],
      ['GET', `/products/${setup.product.id}/`],
      ['POST', '/products/', { ...NEW_PRODUCT, category: setup.category.id }],
      ['PATCH', `/products/${setup.product.id}/`, { name: 'Renamed' }],
      ['POST', '/products/bulk/', { ids: [setup.product.id], action: 'unpublish' }],
      ['GET', `/products/${setup.product.id}/stock/`],
      ['POST', `/products/${setup.product.id}/stock/`, { change: 1, reason: 'count' }],
      ['GET', '/categories/'],
      ['POST', '/categories/', { name: 'New', slug: 'new' }],
      ['PATCH', `/categories/${setup.category.id}/`, { name: 'Renamed' }],
      ['DELETE', `/categories/${setup.category.id}/`],
      ['GET', '/reviews/'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await admin(setup.shop, undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      const asCustomer = await admin(setup.shop, setup.customer.accessToken, method, url, payload);
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await upload(setup, setup.product.id, await png('#a00'), '', setup.customer.accessToken)).statusCode).toBe(
      403,
    );
    // Nothing changed.
    const product = (await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${setup.product.id}/`)).json();
    expect(product).toMatchObject({ name: setup.product.name, stock: 5, images: [], is_active: true });
    expect((await admin(setup.shop, setup.staff.accessToken, 'GET', '/categories/')).json().count).toBe(1);
    expect((await admin(setup.shop, setup.owner.accessToken, 'GET', '/products/')).statusCode).toBe(200);
  });

  it("never lets another shop's staff read or change this shop's catalog", async () => {
    const mine = await catalogShop('Mine');
    const theirs = await catalogShop('Theirs');
    // Their token on my shop: refused as a token of another shop.
    expect((await admin(mine.shop, theirs.owner.accessToken, 'GET', '/products/')).statusCode).toBe(401);
    expect(
      (await admin(mine.shop, theirs.staff.accessToken, 'PATCH', `/products/${mine.product.id}/`, { name: 'x' }))
        .statusCode,
    ).toBe(401);
    // On their own shop, my product, category and stock do not exist.
    const probes: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object][] = [
      ['GET', `/products/${mine.product.id}/`],
      ['PATCH', `/products/${mine.product.id}/`, { name: 'Taken over' }],
      ['GET', `/products/${mine.product.id}/stock/`],
      ['POST', `/products/${mine.product.id}/stock/`, { change: -5, reason: 'theft' }],
      ['PATCH', `/categories/${mine.category.id}/`, { name: 'Taken over' }],
      ['DELETE', `/categories/${mine.category.id}/`],
    ];
    for (const [method, url, payload] of probes) {
      expect((await admin(theirs.shop, theirs.owner.accessToken, method, url, payload)).statusCode, url).toBe(404);
    }
    expect((await upload(theirs, mine.product.id, await png('#0a0'))).statusCode).toBe(404);
    // Their product cannot be put in my category.
    const moved = await admin(theirs.shop, theirs.staff.accessToken, 'PATCH', `/products/${theirs.product.id}/`, {
      category: mine.category.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toHaveProperty('category');
    const list = (await admin(theirs.shop, theirs.staff.accessToken, 'GET', '/products/')).json();
    expect(list.results.map((product: { id: number }) => product.id)).toEqual([theirs.product.id]);
    const mineNow = (await admin(mine.shop, mine.staff.accessToken, 'GET', `/products/${mine.product.id}/`)).json();
    expect(mineNow).toMatchObject({ name: mine.product.name, stock: 5, category: mine.category.id });
  });
});

describe('products for staff', () => {
  it('creates a product with no stock, in a category of the shop, and audits it', async () => {
    const setup = await catalogShop();
    const created = await admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', {
      ...NEW_PRODUCT,
      category: setup.category.id,
    });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      slug: 'service-khukuri',
      name: 'Service khukuri',
      category: setup.category.id,
      price: '85.00',
      stock: 0,
      low_stock_threshold: 2,
      is_active: true,
      main_image: null,
      description: 'The issue pattern.',
      long_html_description: '<p>Forged by hand.</p>',
      attributes: [{ key: 'Blade', value: '10"' }],
      images: [],
    });
    const audit = await auditOf(setup, 'product', product.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'product.create',
        actor_user_id: setup.staff.user.id,
        summary: {
          after: expect.objectContaining({ slug: 'service-khukuri', price: '85.00', category: setup.category.id }),
        },
      }),
    ]);
    // On the storefront, with no stock yet.
    const page = (await storefrontProduct(setup.shop, 'service-khukuri')).json();
    expect(page).toMatchObject({ name: 'Service khukuri', price: '85.00', stock: 0 });
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);
  });

  it('refuses fields outside the allowlist (mass assignment) and invalid values, creating nothing', async () => {
    const setup = await catalogShop();
    const other = await t.createTenant('Other');
    const body = { ...NEW_PRODUCT, category: setup.category.id };
    const refused: object[] = [
      { ...body, tenant_id: other.id },
      { ...body, id: 999 },
      { ...body, stock: -1 },
      { ...body, stock: 1.5 },
      { ...body, price_before_discount: '85' },
      { ...body, is_featured: 'yes' },
      { ...body, images: [{ media: 'x' }] },
      { ...body, rating: 5 },
      { ...body, review_count: 10 },
      { ...body, main_image_id: 1 },
      { ...body, price: '85.005' },
      { ...body, price: '85 USD' },
      { ...body, price: '-1.00' },
      { ...body, price: 85 },
      { ...body, slug: 'Not A Slug' },
      { ...body, name: ' ' },
      { ...body, category: 'x' },
      { ...body, attributes: [{ key: 'Blade', value: '10"', id: 3 }] },
    ];
    for (const payload of refused) {
      const answer = await admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const { name: _name, ...nameless } = body;
    expect((await admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', nameless)).json()).toHaveProperty(
      'name',
    );
    const otherCategory = await createCategory(t, other);
    const foreign = await admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', {
      ...body,
      category: otherCategory.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ category: [`Invalid pk "${otherCategory.id}" - object does not exist.`] });
    // Updates too: the shop is never set through the product, the stock only as a count.
    for (const payload of [{ stock: -3 }, { tenant_id: other.id }, { rating_sum: 50 }, { created_at: '2020-01-01' }]) {
      const answer = await admin(
        setup.shop,
        setup.staff.accessToken,
        'PATCH',
        `/products/${setup.product.id}/`,
        payload,
      );
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const list = (await admin(setup.shop, setup.staff.accessToken, 'GET', '/products/')).json();
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ id: setup.product.id, stock: 5 });
    expect((await t.testDb.database.raw.query('select 1 from products where tenant_id = $1', [other.id])).length).toBe(
      0,
    );
  });

  it('answers a slug taken in the shop with a field message, on create and update; another shop may use it', async () => {
    const setup = await catalogShop();
    const body = { ...NEW_PRODUCT, category: setup.category.id, slug: setup.product.slug };
    const created = await admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', body);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ slug: ['A product with this slug already exists.'] });
    const second = (
      await admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', { ...body, slug: 'second-one' })
    ).json();
    const renamed = await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${second.id}/`, {
      slug: setup.product.slug,
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({ slug: ['A product with this slug already exists.'] });
    // Its own slug is no conflict.
    const same = await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${second.id}/`, {
      slug: 'second-one',
      name: 'Second',
    });
    expect(same.json()).toMatchObject({ slug: 'second-one', name: 'Second' });
    // Two staff racing for one slug: one product, and a field message for the other.
    const racing = await Promise.all(
      [1, 2].map((n) =>
        admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', {
          ...body,
          slug: 'racing-slug',
          name: `Racer ${n}`,
        }),
      ),
    );
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(racing.find((answer) => answer.statusCode === 400)?.json()).toEqual({
      slug: ['A product with this slug already exists.'],
    });
    const elsewhere = await catalogShop('Elsewhere');
    const there = await admin(elsewhere.shop, elsewhere.staff.accessToken, 'POST', '/products/', {
      ...body,
      category: elsewhere.category.id,
    });
    expect(there.statusCode).toBe(201);
  });

  it('updates the fields given, audited before and after; the storefront follows', async () => {
    const setup = await catalogShop();
    const category = await createCategory(t, setup.shop);
    const updated = await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/`, {
      name: 'Renamed blade',
      price: '120.50',
      category: category.id,
      low_stock_threshold: 7,
      attributes: [
        { key: 'Steel', value: 'Leaf spring' },
        { key: 'Handle', value: 'Rosewood' },
      ],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Renamed blade',
      price: '120.50',
      category: category.id,
      low_stock_threshold: 7,
      stock: 5,
      attributes: [
        { key: 'Steel', value: 'Leaf spring' },
        { key: 'Handle', value: 'Rosewood' },
      ],
    });
    const [entry] = await auditOf(setup, 'product', setup.product.id);
    expect(entry).toMatchObject({
      action: 'product.update',
      actor_user_id: setup.staff.user.id,
      summary: {
        before: { name: setup.product.name, price: '85.00', category: setup.category.id, low_stock_threshold: 2 },
        after: { name: 'Renamed blade', price: '120.50', category: category.id, low_stock_threshold: 7 },
      },
    });
    const page = (await storefrontProduct(setup.shop, setup.product.slug)).json();
    expect(page).toMatchObject({ name: 'Renamed blade', price: '120.50', category: { slug: category.slug } });
    expect(page.attributes.map((attribute: { key: string }) => attribute.key)).toEqual(['Steel', 'Handle']);
    // Search follows the new name.
    const found = await t.request(setup.shop, { method: 'GET', url: '/api/products/products/?search=renamed' });
    expect(found.json().map((product: { id: number }) => product.id)).toEqual([setup.product.id]);
    // Deactivated: gone from the storefront, still there for staff.
    await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/`, { is_active: false });
    expect((await storefrontProduct(setup.shop, setup.product.slug)).statusCode).toBe(404);
    expect(
      (await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${setup.product.id}/`)).json(),
    ).toMatchObject({ is_active: false });
    // A change that changes nothing is not audited.
    await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/`, { is_active: false });
    expect((await auditOf(setup, 'product', setup.product.id)).length).toBe(2);
    const html = { long_html_description: '<p onclick="x()">Hand <b>forged</b></p>' };
    await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/`, html);
    await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/`, html);
    const entries = await auditOf(setup, 'product', setup.product.id);
    expect(entries.length).toBe(3);
    expect(entries[0]?.summary).toEqual({
      before: { long_html_description: '(changed)' },
      after: { long_html_description: '(changed)' },
    });
  });

  it('sanitizes the rich text it stores, whatever the payload', async () => {
    const setup = await catalogShop();
    for (const payload of XSS_CORPUS) {
      const answer = await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/`, {
        long_html_description: `<p>Intro</p>${payload}`,
      });
      expect(answer.statusCode, payload).toBe(200);
      expect(xssLeftovers(answer.json().long_html_description), payload).toEqual([]);
      const page = (await storefrontProduct(setup.shop, setup.product.slug)).json();
      expect(xssLeftovers(page.long_html_description), payload).toEqual([]);
    }
    const created = await admin(setup.shop, setup.staff.accessToken, 'POST', '/products/', {
      ...NEW_PRODUCT,
      category: setup.category.id,
      long_html_description: XSS_CORPUS.join('\n'),
    });
    expect(xssLeftovers(created.json().long_html_description)).toEqual([]);
    for (const payload of XSS_CORPUS) {
      const category = await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/categories/${setup.category.id}/`, {
        description: payload,
      });
      expect(xssLeftovers(category.json().description), payload).toEqual([]);
    }
    const category = await admin(setup.shop, setup.staff.accessToken, 'POST', '/categories/', {
      name: 'Dangerous',
      slug: 'dangerous',
      description: XSS_CORPUS.join('\n'),
    });
    expect(xssLeftovers(category.json().description)).toEqual([]);
  });

  it('lists with filters, search, ordering and pages', async () => {
    const setup = await catalogShop();
    const other = await createCategory(t, setup.shop);
    const low = await createProduct(t, setup.shop, {
      categoryId: other.id,
      name: 'Zebra knife',
      slug: 'zebra-knife',
      stock: 1,
      priceCents: 100,
    });
    const hidden = await createProduct(t, setup.shop, {
      categoryId: other.id,
      name: 'Archive blade',
      slug: 'old-archive',
      stock: 50,
      priceCents: 99_900,
      isActive: false,
    });
    const ids = async (query: string) => {
      const answer = await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/?${query}`);
      expect(answer.statusCode, query).toBe(200);
      return answer.json().results.map((product: { id: number }) => product.id);
    };
    expect(await ids('')).toEqual([hidden.id, low.id, setup.product.id]);
    const all = (await admin(setup.shop, setup.staff.accessToken, 'GET', '/products/')).json();
    expect(all.count).toBe(3);
    expect(all.results[2]).toEqual({
      id: setup.product.id,
      slug: setup.product.slug,
      name: setup.product.name,
      category: setup.category.id,
      price: '85.00',
      price_before_discount: null,
      stock: 5,
      low_stock_threshold: 2,
      made_to_order: false,
      lead_time_days: null,
      is_active: true,
      is_featured: false,
      main_image: null,
      created_at: expect.any(String),
    });
    expect(await ids(`category=${other.id}`)).toEqual([hidden.id, low.id]);
    expect(await ids('is_active=false')).toEqual([hidden.id]);
    expect(await ids('is_active=true')).toEqual([low.id, setup.product.id]);
    expect(await ids('low_stock=true')).toEqual([low.id]);
    expect(await ids('search=ZEBRA')).toEqual([low.id]);
    expect(await ids('search=archive')).toEqual([hidden.id]);
    expect(await ids('search=%25')).toEqual([]);
    expect(await ids('ordering=price')).toEqual([low.id, setup.product.id, hidden.id]);
    expect(await ids('ordering=-stock')).toEqual([hidden.id, setup.product.id, low.id]);
    expect(await ids('ordering=name')).toEqual([hidden.id, setup.product.id, low.id]);
    expect(await ids('ordering=created_at')).toEqual([setup.product.id, low.id, hidden.id]);
    expect(await ids('page=2&page_size=2')).toEqual([setup.product.id]);
    for (const query of [
      'ordering=tenant_id',
      'ordering=-rating',
      'is_active=maybe',
      'category=abc',
      'page_size=1000',
    ]) {
      expect((await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/?${query}`)).statusCode, query).toBe(
        400,
      );
    }
  });
});

describe('product pictures', () => {
  it('uploads pictures that the storefront shows; the first is the main one, and one only', async () => {
    const setup = await catalogShop();
    const first = await upload(setup, setup.product.id, await png('#a00', 300, 200), 'Blade and handle');
    expect(first.statusCode).toBe(201);
    const [image] = first.json().images;
    expect(image).toMatchObject({ alt_text: 'Blade and handle', order: 0, is_main: true, width: 300, height: 200 });
    expect(image.url).toMatch(new RegExp(`^/media/t${setup.shop.id}/catalog/[0-9a-f]+\\.webp$`));
    expect(first.json().main_image).toBe(image.url);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);

    let page = (await storefrontProduct(setup.shop, setup.product.slug)).json();
    expect(page.images).toEqual([
      expect.objectContaining({ id: image.id, image: image.url, alt_text: 'Blade and handle' }),
    ]);
    expect(page.main_image).toMatchObject({ image: image.url, alt_text: 'Blade and handle', width: 300 });

    const second = (await upload(setup, setup.product.id, await png('#00a'), 'With its sheath')).json();
    expect(second.images.map((item: { is_main: boolean; order: number }) => [item.order, item.is_main])).toEqual([
      [0, true],
      [1, false],
    ]);
    const sheath = second.images[1];
    // Making the second main makes the first not main.
    const swapped = await admin(
      setup.shop,
      setup.staff.accessToken,
      'PATCH',
      `/products/${setup.product.id}/images/${sheath.id}/`,
      {
        is_main: true,
        order: 0,
        alt_text: 'Sheath, karda and chakmak',
      },
    );
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().images.filter((item: { is_main: boolean }) => item.is_main)).toEqual([
      expect.objectContaining({ id: sheath.id, alt_text: 'Sheath, karda and chakmak' }),
    ]);
    page = (await storefrontProduct(setup.shop, setup.product.slug)).json();
    expect(page.main_image).toMatchObject({ image: sheath.url, alt_text: 'Sheath, karda and chakmak' });
    const list = (await admin(setup.shop, setup.staff.accessToken, 'GET', '/products/')).json();
    expect(list.results[0].main_image).toBe(sheath.url);

    // Deleting the main one makes the next one main.
    const deleted = await admin(
      setup.shop,
      setup.staff.accessToken,
      'DELETE',
      `/products/${setup.product.id}/images/${sheath.id}/`,
    );
    expect(deleted.statusCode).toBe(204);
    page = (await storefrontProduct(setup.shop, setup.product.slug)).json();
    expect(page.images.map((item: { id: number }) => item.id)).toEqual([image.id]);
    expect(page.main_image).toMatchObject({ image: image.url });
    expect(
      (await admin(setup.shop, setup.staff.accessToken, 'DELETE', `/products/${setup.product.id}/images/${sheath.id}/`))
        .statusCode,
    ).toBe(404);
    const actions = (await auditOf(setup, 'product', setup.product.id)).map((entry) => entry.action);
    expect(actions).toEqual(['product.image_delete', 'product.image_update', 'product.image_add', 'product.image_add']);
  });

  it('accepts images only, within the size limit, as multipart', async () => {
    const setup = await catalogShop();
    const text = await upload(setup, setup.product.id, Buffer.from('not an image at all'));
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('invalid_image');
    const svg = multipart([
      {
        name: 'image',
        filename: 'x.svg',
        type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      },
    ]);
    const asSvg = await t.request(setup.shop, {
      method: 'POST',
      url: `/api/admin/products/${setup.product.id}/images/`,
      token: setup.staff.accessToken,
      ...svg,
    });
    expect(asSvg.statusCode).toBe(400);
    const wrongType = multipart([{ name: 'image', filename: 'x.txt', type: 'text/plain', data: await png('#fff') }]);
    const asText = await t.request(setup.shop, {
      method: 'POST',
      url: `/api/admin/products/${setup.product.id}/images/`,
      token: setup.staff.accessToken,
      ...wrongType,
    });
    expect(asText.statusCode).toBe(400);
    const none = multipart([{ name: 'alt_text', value: 'nothing' }]);
    const empty = await t.request(setup.shop, {
      method: 'POST',
      url: `/api/admin/products/${setup.product.id}/images/`,
      token: setup.staff.accessToken,
      ...none,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ image: ['No image was uploaded.'] });
    const huge = await upload(setup, setup.product.id, Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe('invalid_image');
    const json = await admin(setup.shop, setup.staff.accessToken, 'POST', `/products/${setup.product.id}/images/`, {
      image: 'aGVsbG8=',
    });
    expect(json.statusCode).toBe(415);
    // Multipart is read on this route only.
    const elsewhere = multipart([{ name: 'name', value: 'x' }]);
    const onProduct = await t.request(setup.shop, {
      method: 'PATCH',
      url: `/api/admin/products/${setup.product.id}/`,
      token: setup.staff.accessToken,
      ...elsewhere,
    });
    expect(onProduct.statusCode).toBeGreaterThanOrEqual(400);
    const onCart = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/orders/cart/add-item/',
      token: setup.customer.accessToken,
      ...elsewhere,
    });
    expect(onCart.statusCode).toBe(415);
    expect(
      (await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${setup.product.id}/`)).json().images,
    ).toEqual([]);
  });
});

describe('categories for staff', () => {
  it('derives a slug left out from the name, unique in the shop; a slug given that another has is refused', async () => {
    const setup = await catalogShop();
    const create = (body: object) => admin(setup.shop, setup.staff.accessToken, 'POST', '/categories/', body);
    const first = await create({ name: 'Kitchen knives' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().slug).toBe('kitchen-knives');
    expect((await create({ name: 'Kitchen Knives!' })).json().slug).toBe('kitchen-knives-2');
    expect((await create({ name: 'Kitchen knives' })).json().slug).toBe('kitchen-knives-3');
    expect((await create({ name: 'ククリ' })).json().slug).toBe('category');
    const typed = await create({ name: 'Another', slug: 'kitchen-knives' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({ slug: ['A category with this slug already exists.'] });
    // Another shop's slugs are no clash.
    const other = await adminCatalogShop(t, 'Other category slugs');
    const elsewhere = await admin(other.shop, other.staff.accessToken, 'POST', '/categories/', {
      name: 'Kitchen knives',
    });
    expect(elsewhere.json().slug).toBe('kitchen-knives');
  });

  it('lists, creates, renames and deletes categories; one with products cannot be deleted', async () => {
    const setup = await catalogShop();
    const list = (await admin(setup.shop, setup.staff.accessToken, 'GET', '/categories/')).json();
    expect(list).toMatchObject({ count: 1, results: [{ id: setup.category.id, product_count: 1 }] });
    const created = await admin(setup.shop, setup.staff.accessToken, 'POST', '/categories/', {
      name: 'Kitchen knives',
      slug: 'kitchen-knives',
      description: '<p>For the <strong>kitchen</strong>.</p>',
      position: 3,
    });
    expect(created.statusCode).toBe(201);
    const category = created.json();
    expect(category).toMatchObject({ slug: 'kitchen-knives', position: 3, product_count: 0 });
    const taken = await admin(setup.shop, setup.staff.accessToken, 'POST', '/categories/', {
      name: 'Again',
      slug: 'kitchen-knives',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ slug: ['A category with this slug already exists.'] });
    for (const payload of [{ name: 'x', slug: 'x', id: 4 }, { name: 'x', slug: 'x', tenant_id: 1 }, { slug: 'x' }]) {
      expect((await admin(setup.shop, setup.staff.accessToken, 'POST', '/categories/', payload)).statusCode).toBe(400);
    }
    const renamed = await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/categories/${category.id}/`, {
      name: 'Kitchen',
    });
    expect(renamed.json()).toMatchObject({ name: 'Kitchen', slug: 'kitchen-knives' });
    const clash = await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/categories/${category.id}/`, {
      slug: setup.category.slug,
    });
    expect(clash.statusCode).toBe(400);
    const storefront = await t.request(setup.shop, { method: 'GET', url: '/api/products/categories/kitchen-knives/' });
    expect(storefront.json()).toMatchObject({
      name: 'Kitchen',
      description: '<p>For the <strong>kitchen</strong>.</p>',
    });

    const busy = await admin(setup.shop, setup.staff.accessToken, 'DELETE', `/categories/${setup.category.id}/`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('category_not_empty');
    expect((await admin(setup.shop, setup.staff.accessToken, 'DELETE', `/categories/${category.id}/`)).statusCode).toBe(
      204,
    );
    expect((await admin(setup.shop, setup.staff.accessToken, 'DELETE', `/categories/${category.id}/`)).statusCode).toBe(
      404,
    );
    const after = (await admin(setup.shop, setup.staff.accessToken, 'GET', '/categories/?search=kitchen')).json();
    expect(after.count).toBe(0);
    expect((await auditOf(setup, 'category', category.id)).map((entry) => entry.action)).toEqual([
      'category.delete',
      'category.update',
      'category.create',
    ]);
  });
});
