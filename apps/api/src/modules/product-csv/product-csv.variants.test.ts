// The product CSV with products sold in options, through HTTP: one row per variant out, the same rows back in
// (round trip unchanged), and an import that defines a product's options and variants, its stock through the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCatalogShop, adminCall, adminCatalogShop, awaitImport, multipart } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { parseCsv, toCsv } from '../../lib/csv.ts';
import { getPriceHistory } from '../catalog/index.ts';
import { findStockLedgerMismatches } from '../inventory/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const exportCsv = (setup: AdminCatalogShop) =>
  t.request(setup.shop, { method: 'GET', url: '/api/admin/products/export/', token: setup.staff.accessToken });

async function importCsv(setup: AdminCatalogShop, text: string, dryRun = false) {
  const body = multipart([{ name: 'file', filename: 'products.csv', type: 'text/csv', data: Buffer.from(text) }]);
  const answer = await t.request(setup.shop, {
    method: 'POST',
    url: `/api/admin/products/import/${dryRun ? '?dry_run=true' : ''}`,
    token: setup.staff.accessToken,
    payload: body.payload,
    headers: body.headers,
  });
  return awaitImport(t, setup.shop, setup.staff.accessToken, answer);
}

function rowsOf(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}

const product = async (setup: AdminCatalogShop, id: number) =>
  (await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/products/${id}/`)).json();

/** The shop's product (stock 5, 85.00) sold in blade lengths and finishes, with its own prices and stock. */
async function shopWithVariants() {
  const setup = await adminCatalogShop(t, 'CSV variants shop');
  const url = `/products/${setup.product.id}/`;
  const generated = await adminCall(t, setup.shop, setup.staff.accessToken, 'PUT', `${url}options/`, {
    options: [
      { name: 'Blade length', values: ['10 inch', '12 inch'] },
      { name: 'Finish', values: ['Mirror', 'Satin'] },
    ],
    personalisation: [{ key: 'engraving', label: 'Engraving', max_length: 20, price: '15.00', required: false }],
  });
  expect(generated.statusCode, generated.body).toBe(200);
  const [first, second, third] = generated.json().variants as { id: number }[];
  const patched = await adminCall(t, setup.shop, setup.staff.accessToken, 'PATCH', `${url}variants/`, {
    variants: [
      { id: first?.id, sku: 'KH-10-M' },
      { id: second?.id, price: '95.00', stock: 2 },
      { id: third?.id, price: '110.00', stock: 1, made_to_order: true, lead_time_days: 21 },
    ],
  });
  expect(patched.statusCode, patched.body).toBe(200);
  return setup;
}

describe('the product CSV with variants', () => {
  it('exports one row per variant, the product’s columns on the first, and imports it back unchanged', async () => {
    const setup = await shopWithVariants();
    const exported = await exportCsv(setup);
    expect(exported.statusCode).toBe(200);
    const rows = rowsOf(exported.body);
    const slug = setup.product.slug;
    expect(rows.map((row) => [row.slug, row.name === '' ? '' : 'named', row.stock])).toEqual([
      [slug, 'named', '8'],
      [slug, '', ''],
      [slug, '', ''],
      [slug, '', ''],
    ]);
    expect(
      rows.map((row) => [
        row.variant_sku,
        row.option1_name,
        row.option1_value,
        row.option2_name,
        row.option2_value,
        row.option3_name,
        row.variant_price,
        row.variant_stock,
      ]),
    ).toEqual([
      ['KH-10-M', 'Blade length', '10 inch', 'Finish', 'Mirror', '', '', '5'],
      [`${slug}-10-inch-satin`, 'Blade length', '10 inch', 'Finish', 'Satin', '', '95.00', '2'],
      [`${slug}-12-inch-mirror`, 'Blade length', '12 inch', 'Finish', 'Mirror', '', '110.00', '1'],
      [`${slug}-12-inch-satin`, 'Blade length', '12 inch', 'Finish', 'Satin', '', '', '0'],
    ]);

    const dry = await importCsv(setup, exported.body, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1, errors: 0 });
    for (const row of dry.json().rows) expect(row).toMatchObject({ action: 'unchanged', errors: {}, notes: {} });
    const real = await importCsv(setup, exported.body);
    expect(real.statusCode, real.body).toBe(200);
    expect((await exportCsv(setup)).body).toBe(exported.body);
  });

  it('defines a new product’s options and variants from its rows, their stock through the ledger', async () => {
    const setup = await adminCatalogShop(t, 'CSV variants import shop');
    const columns = ['slug', 'name', 'category', 'price', 'variant_sku', 'option1_name', 'option1_value'];
    const more = ['variant_price', 'variant_stock'];
    const file = toCsv(
      [...columns, ...more],
      [
        ['chitlange', 'Chitlange', setup.category.slug, '90.00', 'CH-10', 'Blade length', '10 inch', '', '3'],
        ['chitlange', '', '', '', 'CH-12', 'Blade length', '12 inch', '120.00', '4'],
      ],
    );
    const answer = await importCsv(setup, file);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ created: 1, updated: 0, errors: 0 });
    expect(answer.json().rows[1]).toMatchObject({ row: 3, action: 'create', errors: {} });
    const id = (await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/products/?search=chitlange')).json()
      .results[0].id as number;
    const created = await product(setup, id);
    expect(created).toMatchObject({
      price: '90.00',
      stock: 7,
      options: [{ name: 'Blade length', values: ['10 inch', '12 inch'] }],
    });
    expect(created.variants).toMatchObject([
      { sku: 'CH-10', price: null, stock: 3 },
      { sku: 'CH-12', price: '120.00', stock: 4 },
    ]);
    const ledger = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/products/${id}/stock/`);
    expect(ledger.json().movements.filter((movement: { note: string }) => movement.note === 'CSV import')).toHaveLength(
      2,
    );
    expect(await findStockLedgerMismatches(t.context(setup.shop))).toEqual([]);

    // A new value, a price and a count changed; a row that leaves out a variant holding stock is refused.
    const update = toCsv(
      ['slug', 'variant_sku', 'option1_name', 'option1_value', 'variant_price', 'variant_stock'],
      [
        ['chitlange', 'CH-10', 'Blade length', '10 inch', '', '1'],
        ['chitlange', 'CH-12', 'Blade length', '12 inch', '125.00', ''],
        ['chitlange', 'CH-14', 'Blade length', '14 inch', '140.00', '2'],
      ],
    );
    const updated = await importCsv(setup, update);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ created: 0, updated: 1, errors: 0 });
    expect(updated.json().rows.map((row: { action: string }) => row.action)).toEqual(['update', 'update', 'create']);
    expect((await product(setup, id)).variants).toMatchObject([
      { sku: 'CH-10', stock: 1 },
      { sku: 'CH-12', price: '125.00', stock: 4 },
      { sku: 'CH-14', price: '140.00', stock: 2 },
    ]);

    const dropping = toCsv(
      ['slug', 'variant_sku', 'option1_name', 'option1_value'],
      [['chitlange', 'CH-10', 'Blade length', '10 inch']],
    );
    const refused = await importCsv(setup, dropping);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().rows[0].errors.variant_sku).toEqual([
      'The variant 12 inch (CH-12) still holds 4 units: set its stock to 0 before leaving it out.',
      'The variant 14 inch (CH-14) still holds 2 units: set its stock to 0 before leaving it out.',
    ]);
  });

  it('sets each variant’s own before-discount price (blank: none; the default’s is the product’s), its prices in the history', async () => {
    const setup = await shopWithVariants();
    const slug = setup.product.slug;
    const columns = ['slug', 'variant_sku', 'option1_name', 'option1_value', 'option2_name', 'option2_value'];
    const file = toCsv(
      [...columns, 'variant_price', 'variant_price_before_discount'],
      [
        // The default variant's cell is not read: its before-discount price is the product's column.
        [slug, 'KH-10-M', 'Blade length', '10 inch', 'Finish', 'Mirror', '', '999.00'],
        [slug, `${slug}-10-inch-satin`, 'Blade length', '10 inch', 'Finish', 'Satin', '95.00', '110.00'],
        [slug, `${slug}-12-inch-mirror`, 'Blade length', '12 inch', 'Finish', 'Mirror', '100.00', ''],
        [slug, `${slug}-12-inch-satin`, 'Blade length', '12 inch', 'Finish', 'Satin', '', ''],
      ],
    );
    const dry = await importCsv(setup, file, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().rows.map((row: { changes: string[] }) => row.changes)).toEqual([
      [],
      ['variant_price_before_discount'],
      ['variant_price'],
      [],
    ]);
    const answer = await importCsv(setup, file);
    expect(answer.statusCode, answer.body).toBe(200);
    const written = await product(setup, setup.product.id);
    expect(written.price_before_discount).toBeNull();
    expect(
      written.variants.map((variant: { price_before_discount: string | null }) => variant.price_before_discount),
    ).toEqual([null, '110.00', null, null]);
    expect(rowsOf((await exportCsv(setup)).body).map((row) => row.variant_price_before_discount)).toEqual([
      '',
      '110.00',
      '',
      '',
    ]);
    const mirror = written.variants[2] as { id: number };
    const history = await getPriceHistory(t.context(setup.shop), setup.product.id);
    expect(history.filter((entry) => entry.variantId === mirror.id).map((entry) => entry.priceCents)).toEqual([
      8500, 11000, 10000,
    ]);
  });

  it('exports and imports a variant made to order with its lead time (issue 49)', async () => {
    const setup = await shopWithVariants();
    const rows = rowsOf((await exportCsv(setup)).body);
    expect(rows.map((row) => [row.variant_made_to_order, row.variant_lead_time_days])).toEqual([
      ['false', ''],
      ['false', ''],
      ['true', '21'],
      ['false', ''],
    ]);
    const slug = setup.product.slug;
    const columns = ['slug', 'variant_sku', 'option1_name', 'option1_value', 'option2_name', 'option2_value'];
    const file = (cells: string[][]) =>
      toCsv(
        [...columns, 'variant_made_to_order', 'variant_lead_time_days'],
        cells.map((row) => [slug, ...row]),
      );
    const variantRows = rows.map((row) => [
      row.variant_sku ?? '',
      'Blade length',
      row.option1_value ?? '',
      'Finish',
      row.option2_value ?? '',
    ]);
    const missing = await importCsv(
      setup,
      file(variantRows.map((row, index) => [...row, index === 3 ? 'true' : '', ''])),
    );
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('A piece made to order needs its lead time in days.');
    const done = await importCsv(
      setup,
      file(variantRows.map((row, index) => [...row, index === 3 ? 'true' : '', index === 3 ? '10' : ''])),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().rows[3].changes).toEqual(['variant_made_to_order', 'variant_lead_time_days']);
    const variants = (await product(setup, setup.product.id)).variants as {
      made_to_order: boolean;
      lead_time_days: number | null;
    }[];
    expect(variants.map((variant) => [variant.made_to_order, variant.lead_time_days])).toEqual([
      [false, null],
      [false, null],
      [true, 21],
      [true, 10],
    ]);
  });

  it('reports a SKU of another product, a repeated combination and a row without options', async () => {
    const setup = await shopWithVariants();
    const file = toCsv(
      ['slug', 'name', 'category', 'price', 'variant_sku', 'option1_name', 'option1_value'],
      [
        ['kora', 'Kora', setup.category.slug, '70.00', 'KH-10-M', 'Size', 'Small'],
        ['kora', '', '', '', 'KO-S2', 'Size', 'Small'],
        ['kora', '', '', '', 'KO-L', '', ''],
      ],
    );
    const answer = await importCsv(setup, file, true);
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = answer.json().rows as { errors: Record<string, string[]> }[];
    expect(rows[0]?.errors.variant_sku).toEqual(['A variant of another product has this SKU.']);
    expect(rows[1]?.errors.option1_value).toEqual(['This combination is also on row 2.']);
    expect(rows[2]?.errors.option1_name).toEqual(['A variant row names at least one option.']);
  });

  it('imports what customs papers say of a product and of its variants where they differ, and checks it', async () => {
    const setup = await adminCatalogShop(t, 'CSV customs shop');
    const columns = ['slug', 'name', 'category', 'price', 'variant_sku', 'option1_name', 'option1_value'];
    const customs = ['hs_code', 'country_of_origin', 'customs_description', 'weight_grams', 'age_restricted'];
    const own = ['variant_hs_code', 'variant_country_of_origin', 'variant_customs_description', 'variant_weight_grams'];
    const category = setup.category.slug;
    const file = toCsv(
      [...columns, ...customs, ...own],
      [
        ['sirupate', 'Sirupate', category, '90.00', 'SI-12', 'Blade length', '12 inch']
          .concat(['8211.92', 'np', 'Fixed-blade knife', '560', 'yes'])
          .concat(['', '', '', '']),
        ['sirupate', '', '', '', 'SI-18', 'Blade length', '18 inch']
          .concat(['', '', '', '', ''])
          .concat(['8211.92.90', 'IN', 'Long fixed-blade knife', '900']),
      ],
    );
    const answer = await importCsv(setup, file);
    expect(answer.statusCode, answer.body).toBe(200);
    const id = (await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/products/?search=sirupate')).json()
      .results[0].id as number;
    const imported = await product(setup, id);
    expect(imported).toMatchObject({
      hs_code: '8211.92',
      country_of_origin: 'NP',
      customs_description: 'Fixed-blade knife',
      weight_grams: 560,
      age_restricted: true,
    });
    expect(imported.variants).toMatchObject([
      { sku: 'SI-12', hs_code: null, country_of_origin: null, customs_description: null, weight_grams: null },
      {
        sku: 'SI-18',
        hs_code: '8211.92.90',
        country_of_origin: 'IN',
        customs_description: 'Long fixed-blade knife',
        weight_grams: 900,
      },
    ]);
    // Out and back in: unchanged.
    const exported = (await exportCsv(setup)).body;
    const again = await importCsv(setup, exported, true);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, errors: 0 });

    const wrong = toCsv(
      ['slug', 'hs_code', 'country_of_origin', 'weight_grams', 'age_restricted'],
      [['sirupate', '82', 'Atlantis', 'heavy', 'maybe']],
    );
    const refused = await importCsv(setup, wrong, true);
    expect(refused.json().rows[0].errors).toEqual({
      hs_code: ['An HS code has 6 digits, and up to 4 more of the country: 8211.92 or 8211.92.00.'],
      country_of_origin: [expect.any(String)],
      weight_grams: ['A whole number of grams is required.'],
      age_restricted: ['Write true or false.'],
    });
  });
});
