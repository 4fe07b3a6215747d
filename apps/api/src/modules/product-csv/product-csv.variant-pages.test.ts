// A variant's own page in the product CSV (issue 45): its lead text, specification values and pictures' alt texts
// exported in the variant columns and imported back unchanged; changed through the file; refused outside the rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminCatalogShop,
  adminCall,
  adminCatalogShop,
  awaitImport,
  multipart,
  png,
} from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { parseCsv, toCsv } from '../../lib/csv.ts';

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

const productOf = async (setup: AdminCatalogShop) =>
  (await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/products/${setup.product.id}/`)).json() as {
    images: { id: number }[];
    variants: {
      id: number;
      description: string | null;
      attributes: { key: string; value: string }[];
      image_alt_texts: { image_id: number; alt_text: string }[];
    }[];
  };

async function upload(setup: AdminCatalogShop, color: string, altText: string) {
  const body = multipart([
    { name: 'alt_text', value: altText },
    { name: 'image', filename: 'photo.png', type: 'image/png', data: await png(color) },
  ]);
  const answer = await t.request(setup.shop, {
    method: 'POST',
    url: `/api/admin/products/${setup.product.id}/images/`,
    token: setup.staff.accessToken,
    payload: body.payload,
    headers: body.headers,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().images as { id: number }[];
}

/** The shop's product in two blade lengths and two pictures; the 15 inch with its own page. */
async function shopWithVariantPages() {
  const setup = await adminCatalogShop(t, 'CSV variant pages shop');
  const url = `/products/${setup.product.id}/`;
  await upload(setup, '#a00', 'Khukuri, 10-inch blade, whole piece');
  const [whole, closeUp] = (await upload(setup, '#0a0', 'Khukuri, close-up')).map((image) => image.id) as [
    number,
    number,
  ];
  const generated = await adminCall(t, setup.shop, setup.staff.accessToken, 'PUT', `${url}options/`, {
    options: [{ name: 'Blade length', values: ['10 inch', '15 inch'] }],
    personalisation: [],
  });
  expect(generated.statusCode, generated.body).toBe(200);
  const [, fifteen] = generated.json().variants as { id: number }[];
  const patched = await adminCall(t, setup.shop, setup.staff.accessToken, 'PATCH', `${url}variants/`, {
    variants: [
      {
        id: fifteen?.id,
        description: 'A 15 inch blade; ends "here"; with = and \\ too.',
        attributes: [
          { key: 'Blade length', value: '15 inches (38 cm)' },
          { key: 'Weight', value: '850 g; with sheath' },
        ],
        image_alt_texts: [
          { image_id: closeUp, alt_text: 'Khukuri 15 inch, close-up' },
          { image_id: whole, alt_text: 'Khukuri, 15-inch blade, whole piece' },
        ],
      },
    ],
  });
  expect(patched.statusCode, patched.body).toBe(200);
  return { ...setup, whole, closeUp };
}

describe('a variant’s own page in the product CSV', () => {
  it('is exported in the variant columns, pictures by their place, and imports back unchanged', async () => {
    const setup = await shopWithVariantPages();
    const exported = await exportCsv(setup);
    expect(exported.statusCode).toBe(200);
    const rows = rowsOf(exported.body);
    expect(rows.map((row) => [row.variant_description, row.variant_attributes, row.variant_image_alts])).toEqual([
      ['', '', ''],
      [
        'A 15 inch blade; ends "here"; with = and \\ too.',
        'Blade length=15 inches (38 cm);Weight=850 g\\; with sheath',
        '1=Khukuri, 15-inch blade, whole piece;2=Khukuri 15 inch, close-up',
      ],
    ]);

    const dry = await importCsv(setup, exported.body, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1, errors: 0 });
    for (const row of dry.json().rows) expect(row).toMatchObject({ action: 'unchanged', errors: {}, notes: {} });
    const before = await productOf(setup);
    const real = await importCsv(setup, exported.body);
    expect(real.statusCode, real.body).toBe(200);
    expect((await exportCsv(setup)).body).toBe(exported.body);
    expect((await productOf(setup)).variants).toEqual(before.variants);
  });

  it('changes a variant’s page through the file, and clears it with blank cells', async () => {
    const setup = await shopWithVariantPages();
    const rows = rowsOf((await exportCsv(setup)).body);
    const columns = ['slug', 'variant_sku', 'option1_name', 'option1_value'];
    const page = ['variant_description', 'variant_attributes', 'variant_image_alts'];
    const line = (row: Record<string, string> | undefined, ...cells: string[]) => [
      ...columns.map((column) => row?.[column] ?? ''),
      ...cells,
    ];
    const file = toCsv(
      [...columns, ...page],
      [
        line(rows[0], 'The 10 inch, its own words.', 'Blade length=10 inches (25 cm)', '2=Khukuri 10 inch, close-up'),
        line(rows[1], '', '', ''),
      ],
    );
    const dry = await importCsv(setup, file, true);
    expect(dry.json().rows.map((row: { changes: string[] }) => row.changes)).toEqual([page, page]);
    const answer = await importCsv(setup, file);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ updated: 1, errors: 0 });
    const [ten, fifteen] = (await productOf(setup)).variants;
    expect(ten).toMatchObject({
      description: 'The 10 inch, its own words.',
      attributes: [{ key: 'Blade length', value: '10 inches (25 cm)' }],
      image_alt_texts: [{ image_id: setup.closeUp, alt_text: 'Khukuri 10 inch, close-up' }],
    });
    expect(fifteen).toMatchObject({ description: null, attributes: [], image_alt_texts: [] });
  });

  it('refuses a picture the product does not have, a name twice and a text without its name', async () => {
    const setup = await shopWithVariantPages();
    const rows = rowsOf((await exportCsv(setup)).body);
    const columns = [
      'slug',
      'variant_sku',
      'option1_name',
      'option1_value',
      'variant_attributes',
      'variant_image_alts',
    ];
    const cells = (row: Record<string, string> | undefined) => columns.slice(0, 4).map((column) => row?.[column] ?? '');
    const file = toCsv(columns, [
      [...cells(rows[0]), 'Blade length=10 inches;Blade length=11 inches', '3=A third picture'],
      [...cells(rows[1]), 'Blade length', 'main=The main picture'],
    ]);
    const answer = await importCsv(setup, file, true);
    expect(answer.statusCode, answer.body).toBe(200);
    const [first, second] = answer.json().rows as { errors: Record<string, string[]> }[];
    // (A row with errors adds no variant: the other's "still holds" follows from it.)
    expect(first?.errors).toMatchObject({
      variant_attributes: ['Each specification appears once.'],
      variant_image_alts: ['"3" is no picture of the product: write its place in images, 1 to 2.'],
    });
    expect(second?.errors).toMatchObject({
      variant_attributes: ['Write each attribute as name=value, separated by ";" ("Blade length" has no "=").'],
      variant_image_alts: ['"main" is no picture of the product: write its place in images, 1 to 2.'],
    });
    // A file with an error changes nothing.
    expect((await importCsv(setup, file)).json()).toMatchObject({ errors: 2 });
    expect((await productOf(setup)).variants[0]).toMatchObject({ description: null, attributes: [] });
  });
});
