// The product CSV through HTTP: the export's content, escaping and filters, the import's dry run and real run (create,
// update, unchanged, errors, all or nothing), stock through the ledger, pictures, who may use it, and shops apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminCatalogShop,
  adminCall,
  adminCatalogShop,
  auditLog,
  awaitImport,
  type DropFirst,
  multipart,
  png,
} from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCategory, createProduct } from '../../../test/builders.ts';
import { parseCsv, toCsv } from '../../lib/csv.ts';
import { shopOrigin } from '../../lib/urls.ts';
import { findStockLedgerMismatches } from '../inventory/index.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const admin = (...args: DropFirst<Parameters<typeof adminCall>>) => adminCall(t, ...args);

function exportCsv(shop: Tenant, token: string | undefined, query = '', headers: Record<string, string> = {}) {
  return t.request(shop, { method: 'GET', url: `/api/admin/products/export/${query}`, token, headers });
}

async function importCsv(
  shop: Tenant,
  token: string | undefined,
  text: string | Buffer,
  options: { dryRun?: boolean; filename?: string; type?: string } = {},
) {
  const body = multipart([
    {
      name: 'file',
      filename: options.filename ?? 'products.csv',
      type: options.type ?? 'text/csv',
      data: Buffer.isBuffer(text) ? text : Buffer.from(text),
    },
  ]);
  // A real run is a job: awaited here to its end.
  return awaitImport(
    t,
    shop,
    token,
    await t.request(shop, {
      method: 'POST',
      url: `/api/admin/products/import/${options.dryRun ? '?dry_run=true' : ''}`,
      token,
      payload: body.payload,
      headers: body.headers,
    }),
  );
}

/** The export's rows as objects by column. */
function rowsOf(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}

async function productBySlug(setup: AdminCatalogShop, slug: string) {
  const list = await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/?search=${slug}`);
  const summary = (list.json().results as { id: number; slug: string }[]).find((row) => row.slug === slug);
  if (!summary) return null;
  return (await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${summary.id}/`)).json();
}

async function movementsOf(setup: AdminCatalogShop, productId: number) {
  const ledger = await admin(setup.shop, setup.staff.accessToken, 'GET', `/products/${productId}/stock/`);
  return ledger.json() as { stock: number; movements: { quantity: number; reason: string; note: string }[] };
}

/**
 * A shop with one product that has attributes, a discount, customs details (sold to adults only) and is featured
 * (stock 5, 85.00).
 */
async function shopWithProduct(name?: string) {
  const setup = await adminCatalogShop(t, name);
  const patched = await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/`, {
    price_before_discount: '99.50',
    is_featured: true,
    attributes: [
      { key: 'Blade length', value: '10 in' },
      { key: 'Mix=ed;key', value: 'a;b=c\\d' },
    ],
    long_html_description: '<p>Forged <strong>by hand</strong>.</p>',
    hs_code: '8211.92',
    country_of_origin: 'NP',
    weight_grams: 550,
    age_restricted: true,
  });
  expect(patched.statusCode).toBe(200);
  expect(patched.json()).toMatchObject({ price_before_discount: '99.50', is_featured: true });
  return setup;
}

describe('product CSV export', () => {
  it('answers every field of each product as CSV, money as decimal strings, for staff only', async () => {
    const setup = await shopWithProduct();
    const answer = await exportCsv(setup.shop, setup.staff.accessToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    expect(answer.body.split('\r\n')[0]).toBe(
      'slug,name,category,price,price_before_discount,featured,published,stock,low_stock_threshold,made_to_order,lead_time_days,description,long_html_description,attributes,images,variant_sku,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,variant_price,variant_price_before_discount,variant_stock,variant_made_to_order,variant_lead_time_days,variant_description,variant_attributes,variant_image_alts,hs_code,country_of_origin,customs_description,weight_grams,age_restricted,variant_hs_code,variant_country_of_origin,variant_customs_description,variant_weight_grams',
    );
    expect(rowsOf(answer.body)).toEqual([
      {
        slug: setup.product.slug,
        name: setup.product.name,
        category: setup.category.slug,
        price: '85.00',
        price_before_discount: '99.50',
        featured: 'true',
        published: 'true',
        stock: '5',
        low_stock_threshold: '2',
        made_to_order: 'false',
        lead_time_days: '',
        description: 'A product.',
        long_html_description: '<p>Forged <strong>by hand</strong>.</p>',
        attributes: 'Blade length=10 in;Mix\\=ed\\;key=a\\;b\\=c\\\\d',
        images: '',
        variant_sku: '',
        option1_name: '',
        option1_value: '',
        option2_name: '',
        option2_value: '',
        option3_name: '',
        option3_value: '',
        variant_price: '',
        variant_price_before_discount: '',
        variant_stock: '',
        variant_made_to_order: '',
        variant_lead_time_days: '',
        variant_description: '',
        variant_attributes: '',
        variant_image_alts: '',
        hs_code: '8211.92',
        country_of_origin: 'NP',
        customs_description: '',
        weight_grams: '550',
        age_restricted: 'true',
        variant_hs_code: '',
        variant_country_of_origin: '',
        variant_customs_description: '',
        variant_weight_grams: '',
      },
    ]);

    expect((await exportCsv(setup.shop, undefined)).statusCode).toBe(401);
    expect((await exportCsv(setup.shop, setup.customer.accessToken)).statusCode).toBe(403);
  });

  it("guards cells a spreadsheet would run, and gives pictures' URLs on the shop's configured origin", async () => {
    const setup = await adminCatalogShop(t);
    await admin(setup.shop, setup.staff.accessToken, 'PATCH', `/products/${setup.product.id}/`, {
      name: '=HYPERLINK("http://evil.example","click")',
      description: '@SUM(A1)',
    });
    const upload = multipart([{ name: 'image', filename: 'a.png', type: 'image/png', data: await png('#a33') }]);
    const added = await t.request(setup.shop, {
      method: 'POST',
      url: `/api/admin/products/${setup.product.id}/images/`,
      token: setup.staff.accessToken,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(added.statusCode).toBe(201);
    const path = added.json().images[0].url as string;

    const answer = await exportCsv(setup.shop, setup.staff.accessToken, '', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(answer.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(answer.body).toContain(",'@SUM(A1),");
    const [row] = rowsOf(answer.body);
    expect(row?.name).toBe('=HYPERLINK("http://evil.example","click")');
    expect(row?.images).toBe(`${shopOrigin(setup.shop, t.config)}${path}`);
    expect(row?.images).not.toContain('evil.example');
  });

  it("takes the admin list's filters and leaves other shops' products out", async () => {
    const setup = await adminCatalogShop(t);
    const other = await createCategory(t, setup.shop, { slug: 'sheaths' });
    await createProduct(t, setup.shop, { categoryId: other.id, slug: 'leather-sheath', name: 'Leather sheath' });
    await createProduct(t, setup.shop, { categoryId: other.id, slug: 'hidden-sheath', isActive: false });
    const elsewhere = await adminCatalogShop(t, 'Another shop');
    const slugs = async (query: string) =>
      rowsOf((await exportCsv(setup.shop, setup.staff.accessToken, query)).body).map((row) => row.slug);

    expect((await slugs('')).sort()).toEqual(['hidden-sheath', 'leather-sheath', setup.product.slug].sort());
    expect(await slugs(`?category=${other.id}&is_active=true`)).toEqual(['leather-sheath']);
    expect(await slugs('?search=leather')).toEqual(['leather-sheath']);
    expect(await slugs('?ordering=name&is_active=false')).toEqual(['hidden-sheath']);
    expect(await slugs('')).not.toContain(elsewhere.product.slug);
  });
});

describe('product CSV import', () => {
  const FILE = (setup: AdminCatalogShop) =>
    toCsv(
      ['slug', 'name', 'category', 'price', 'stock', 'attributes', 'published'],
      [
        [setup.product.slug, setup.product.name, setup.category.slug, '90', '8', 'Steel=5160', 'true'],
        ['new-khukuri', '=Village khukuri', setup.category.slug, '45.50', '3', 'Blade=10 in;Handle=rosewood', 'no'],
      ],
    );

  it('reports in a dry run what each row would do, and writes nothing', async () => {
    const setup = await adminCatalogShop(t);
    const answer = await importCsv(setup.shop, setup.staff.accessToken, FILE(setup), { dryRun: true });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      dry_run: true,
      created: 1,
      updated: 1,
      unchanged: 0,
      errors: 0,
      rows: [
        {
          row: 2,
          slug: setup.product.slug,
          action: 'update',
          changes: ['price', 'stock', 'attributes'],
          errors: {},
          notes: {},
        },
        {
          row: 3,
          slug: 'new-khukuri',
          action: 'create',
          changes: ['name', 'category', 'price', 'stock', 'attributes', 'published'],
          errors: {},
          notes: {},
        },
      ],
    });
    expect(await productBySlug(setup, 'new-khukuri')).toBeNull();
    expect(await productBySlug(setup, setup.product.slug)).toMatchObject({ price: '85.00', stock: 5, attributes: [] });
    expect((await movementsOf(setup, setup.product.id)).movements).toHaveLength(1);
    expect(await auditLog(t, setup, 'product', setup.product.id)).toEqual([]);
  });

  it('then does exactly that: creates and updates through the product rules, stock through the ledger, audited', async () => {
    const setup = await adminCatalogShop(t);
    const answer = await importCsv(setup.shop, setup.staff.accessToken, FILE(setup));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ dry_run: false, created: 1, updated: 1, unchanged: 0, errors: 0 });

    const updated = await productBySlug(setup, setup.product.slug);
    expect(updated).toMatchObject({
      name: setup.product.name,
      price: '90.00',
      stock: 8,
      attributes: [{ key: 'Steel', value: '5160' }],
      description: 'A product.',
      is_active: true,
    });
    const created = await productBySlug(setup, 'new-khukuri');
    expect(created).toMatchObject({
      name: '=Village khukuri',
      category: setup.category.id,
      price: '45.50',
      stock: 3,
      is_active: false,
      is_featured: false,
      attributes: [
        { key: 'Blade', value: '10 in' },
        { key: 'Handle', value: 'rosewood' },
      ],
    });
    const ledger = await movementsOf(setup, setup.product.id);
    expect(ledger.movements[0]).toMatchObject({ quantity: 3, reason: 'adjustment', note: 'CSV import' });
    expect((await movementsOf(setup, created.id)).movements[0]).toMatchObject({ quantity: 3, note: 'CSV import' });
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);

    const audit = await auditLog(t, setup, 'product', setup.product.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['product.stock', 'product.update']);
    expect(audit.every((entry) => entry.actor_user_id === setup.staff.user.id)).toBe(true);
    expect((await auditLog(t, setup, 'product', created.id)).map((entry) => entry.action).sort()).toEqual([
      'product.create',
      'product.stock',
    ]);

    // The same file again changes nothing.
    const again = await importCsv(setup.shop, setup.staff.accessToken, FILE(setup), { dryRun: true });
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2, errors: 0 });
  });

  it('reports each row’s errors under its columns, and then writes nothing at all', async () => {
    const setup = await adminCatalogShop(t);
    const text = toCsv(
      ['slug', 'name', 'category', 'price', 'stock', 'featured', 'attributes'],
      [
        [setup.product.slug, 'Renamed', setup.category.slug, '85.00', '9', 'true', ''],
        ['Bad Slug', 'x', setup.category.slug, '1.00', '', '', ''],
        ['no-category', 'x', 'unknown-category', '-1', 'many', 'maybe', 'no equals sign'],
        ['new-one', '', setup.category.slug, '1.001', '', '', ''],
        [setup.product.slug, 'Twice', setup.category.slug, '1.00', '', '', ''],
      ],
    );
    const dry = await importCsv(setup.shop, setup.staff.accessToken, text, { dryRun: true });
    expect(dry.statusCode).toBe(200);
    const report = dry.json();
    expect(report).toMatchObject({ created: 3, updated: 2, errors: 4 });
    expect(report.rows[0].errors).toEqual({});
    expect(Object.keys(report.rows[1].errors)).toEqual(['slug']);
    expect(report.rows[2].errors).toMatchObject({
      category: ['No category has the slug "unknown-category".'],
      stock: ['A whole number from 0 to 1000000 is required.'],
      featured: ['Write true or false.'],
      attributes: [expect.stringContaining('name=value')],
    });
    expect(report.rows[2].errors.price).toHaveLength(1);
    expect(Object.keys(report.rows[3].errors).sort()).toEqual(['name', 'price']);
    expect(report.rows[4].errors).toEqual({ slug: ['This slug is also on row 2.'] });

    const real = await importCsv(setup.shop, setup.staff.accessToken, text);
    expect(real.statusCode).toBe(400);
    expect(real.json()).toMatchObject({ dry_run: false, errors: 4, rows: report.rows });
    expect(await productBySlug(setup, setup.product.slug)).toMatchObject({
      name: setup.product.name,
      stock: 5,
      is_featured: false,
    });
    expect(await productBySlug(setup, 'new-one')).toBeNull();
    expect(await auditLog(t, setup, 'product', setup.product.id)).toEqual([]);
  });

  it('changes only the columns the file has; a blank stock leaves it', async () => {
    const setup = await shopWithProduct();
    const text = toCsv(['slug', 'price', 'stock'], [[setup.product.slug, '70.00', '']]);
    expect((await importCsv(setup.shop, setup.staff.accessToken, text)).json()).toMatchObject({ updated: 1 });
    expect(await productBySlug(setup, setup.product.slug)).toMatchObject({
      price: '70.00',
      price_before_discount: '99.50',
      is_featured: true,
      stock: 5,
      attributes: [
        { key: 'Blade length', value: '10 in' },
        { key: 'Mix=ed;key', value: 'a;b=c\\d' },
      ],
    });
    const cleared = toCsv(['slug', 'price_before_discount', 'featured'], [[setup.product.slug, '', 'FALSE']]);
    expect((await importCsv(setup.shop, setup.staff.accessToken, cleared)).json().rows[0].changes).toEqual([
      'price_before_discount',
      'featured',
    ]);
    expect(await productBySlug(setup, setup.product.slug)).toMatchObject({
      price_before_discount: null,
      is_featured: false,
    });
  });

  it('makes a product to order with its lead time, and refuses one without (issue 49)', async () => {
    const setup = await shopWithProduct();
    const missing = toCsv(['slug', 'made_to_order'], [[setup.product.slug, 'true']]);
    const refused = await importCsv(setup.shop, setup.staff.accessToken, missing);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('A piece made to order needs its lead time in days.');
    const bad = toCsv(['slug', 'made_to_order', 'lead_time_days'], [[setup.product.slug, 'true', '0']]);
    expect((await importCsv(setup.shop, setup.staff.accessToken, bad)).statusCode).toBe(400);
    const text = toCsv(['slug', 'made_to_order', 'lead_time_days'], [[setup.product.slug, 'true', '21']]);
    const done = await importCsv(setup.shop, setup.staff.accessToken, text);
    expect(done.json()).toMatchObject({ updated: 1 });
    expect(done.json().rows[0].changes).toEqual(['made_to_order', 'lead_time_days']);
    expect(await productBySlug(setup, setup.product.slug)).toMatchObject({ made_to_order: true, lead_time_days: 21 });
    const [row] = rowsOf((await exportCsv(setup.shop, setup.staff.accessToken)).body);
    expect(row).toMatchObject({ made_to_order: 'true', lead_time_days: '21' });
  });

  it("links pictures of the shop's own media, leaves other addresses for later, and refuses other shops' files", async () => {
    const setup = await adminCatalogShop(t);
    const upload = async (shop: AdminCatalogShop, color: string) => {
      const body = multipart([{ name: 'image', filename: 'a.png', type: 'image/png', data: await png(color) }]);
      const added = await t.request(shop.shop, {
        method: 'POST',
        url: `/api/admin/products/${shop.product.id}/images/`,
        token: shop.staff.accessToken,
        payload: body.payload,
        headers: body.headers,
      });
      return added.json().images.at(-1).url as string;
    };
    const first = await upload(setup, '#123');
    const second = await upload(setup, '#456');
    const origin = shopOrigin(setup.shop, t.config);
    const text = toCsv(
      ['slug', 'name', 'category', 'price', 'images'],
      [
        [
          'pictured',
          'Pictured',
          setup.category.slug,
          '10.00',
          `${origin}${second} https://elsewhere.example/a.jpg ${first}`,
        ],
      ],
    );
    const dry = (await importCsv(setup.shop, setup.staff.accessToken, text, { dryRun: true })).json();
    expect(dry.rows[0]).toMatchObject({
      action: 'create',
      errors: {},
      notes: { images: [expect.stringContaining('https://elsewhere.example/a.jpg')] },
    });
    expect((await importCsv(setup.shop, setup.staff.accessToken, text)).statusCode).toBe(200);
    const pictured = await productBySlug(setup, 'pictured');
    expect(pictured.images.map((image: { url: string; is_main: boolean }) => [image.url, image.is_main])).toEqual([
      [second, true],
      [first, false],
    ]);
    expect(pictured.main_image).toBe(second);

    // Exported and imported back: the same pictures, unchanged.
    const exported = (await exportCsv(setup.shop, setup.staff.accessToken, '?search=pictured')).body;
    const back = (await importCsv(setup.shop, setup.staff.accessToken, exported, { dryRun: true })).json();
    expect(back).toMatchObject({ unchanged: 1, errors: 0 });

    // Another shop's picture, even at this shop's address, is no picture of this shop.
    const elsewhere = await adminCatalogShop(t, 'Picture thief');
    const foreign = await upload(elsewhere, '#789');
    const stolen = toCsv(['slug', 'images'], [[setup.product.slug, `${origin}${foreign}`]]);
    const refused = (await importCsv(setup.shop, setup.staff.accessToken, stolen, { dryRun: true })).json();
    expect(refused.rows[0].errors).toEqual({ images: [`The shop has no picture at ${origin}${foreign}.`] });
  });

  it('answers 400 for a file that is not a product CSV', async () => {
    const setup = await adminCatalogShop(t);
    const token = setup.staff.accessToken;
    const detail = async (text: string | Buffer, options?: { filename?: string; type?: string }) => {
      const answer = await importCsv(setup.shop, token, text, { dryRun: true, ...options });
      expect(answer.statusCode).toBe(400);
      return answer.json();
    };
    expect(await detail(await png('#fff'), { filename: 'photo.png', type: 'image/png' })).toMatchObject({
      code: 'invalid_csv',
    });
    expect(await detail('')).toEqual({ detail: 'The file is empty.', code: 'empty_file' });
    expect(await detail('slug,name\r\n')).toEqual({ detail: 'The file has no product rows.', code: 'empty_file' });
    expect(await detail('slug,colour,size\r\nx,red,2\r\n')).toMatchObject({
      code: 'unknown_columns',
      detail: expect.stringContaining('Unknown columns: "colour", "size".'),
    });
    expect(await detail('name,price\r\nx,1.00\r\n')).toMatchObject({ code: 'missing_columns' });
    expect(await detail('slug,slug\r\nx,y\r\n')).toMatchObject({ code: 'duplicate_columns' });
    expect(await detail('slug,name\r\nx,y,z\r\n')).toMatchObject({ code: 'invalid_csv' });
    expect(await detail(Buffer.from([0x73, 0x6c, 0x75, 0x67, 0x0a, 0xff, 0xfe]))).toMatchObject({
      code: 'invalid_csv',
    });
    const tooLarge = await importCsv(setup.shop, token, `slug\r\n${'x'.repeat(5 * 1024 * 1024)}\r\n`, {
      dryRun: true,
    });
    expect(tooLarge.json()).toEqual({ detail: 'The file is larger than 5 MB.', code: 'invalid_csv' });
    // Above the JSON body limit, within the file's: read, and the row's text refused by the product rules.
    const long = toCsv(['slug', 'long_html_description'], [[setup.product.slug, 'x'.repeat(1_500_000)]]);
    const checked = await importCsv(setup.shop, token, long, { dryRun: true });
    expect(checked.statusCode).toBe(200);
    expect(Object.keys(checked.json().rows[0].errors)).toEqual(['long_html_description']);
    const notMultipart = await t.request(setup.shop, {
      method: 'POST',
      url: '/api/admin/products/import/',
      token,
      payload: { slug: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('is for staff only, and reaches only its own shop', async () => {
    const setup = await adminCatalogShop(t);
    const elsewhere = await adminCatalogShop(t, 'Other shop');
    const text = toCsv(
      ['slug', 'name', 'category', 'price'],
      [[elsewhere.product.slug, 'Mine now', setup.category.slug, '1.00']],
    );
    expect((await importCsv(setup.shop, undefined, text)).statusCode).toBe(401);
    expect((await importCsv(setup.shop, setup.customer.accessToken, text)).statusCode).toBe(403);
    // Another shop's slug is a new product here; another shop's category is none of this one's.
    const answer = await importCsv(setup.shop, setup.staff.accessToken, text);
    expect(answer.json()).toMatchObject({ created: 1, updated: 0 });
    expect(await productBySlug(elsewhere, elsewhere.product.slug)).toMatchObject({ name: elsewhere.product.name });
    const foreignCategory = toCsv(['slug', 'category'], [[setup.product.slug, elsewhere.category.slug]]);
    expect(
      (await importCsv(setup.shop, setup.staff.accessToken, foreignCategory, { dryRun: true })).json().rows[0].errors,
    ).toEqual({ category: [`No category has the slug "${elsewhere.category.slug}".`] });
  });
});
