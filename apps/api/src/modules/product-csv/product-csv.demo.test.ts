// The test of done: the demo catalog exported and imported back with a dry run reports no new product and no
// error (every row unchanged), and the real run of the same file changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaitImport, multipart } from '../../../test/admin.ts';
import { buildDemoTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer } from '../../../test/builders.ts';
import { parseCsv } from '../../lib/csv.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
let shop: Tenant;
let token: string;
beforeAll(async () => {
  ({ t, shop } = await buildDemoTestApp());
  token = (await createCustomer(t, shop, { role: 'staff' })).accessToken;
}, 180_000);
afterAll(() => t?.close());

async function importBack(text: string, dryRun: boolean) {
  const body = multipart([{ name: 'file', filename: 'products.csv', type: 'text/csv', data: Buffer.from(text) }]);
  const answer = await t.request(shop, {
    method: 'POST',
    url: `/api/admin/products/import/${dryRun ? '?dry_run=true' : ''}`,
    token,
    payload: body.payload,
    headers: body.headers,
  });
  return awaitImport(t, shop, token, answer);
}

describe('the demo catalog through the product CSV', () => {
  it('exported and imported back, reports only unchanged rows and no error; the real run changes nothing', async () => {
    const exported = await t.request(shop, { method: 'GET', url: '/api/admin/products/export/', token });
    expect(exported.statusCode).toBe(200);
    const [header = [], ...rows] = parseCsv(exported.body);
    // A product sold in options has one row per variant, its product's columns on the first.
    const productRows = rows.filter((row, index) => rows.findIndex((other) => other[0] === row[0]) === index);
    expect(productRows.length).toBeGreaterThanOrEqual(18);
    // Every product's pictures are in the file, as absolute URLs.
    const images = header.indexOf('images');
    expect(productRows.every((row) => /^https?:\/\/\S+\/media\/t\d+\/catalog\//.test(row[images] ?? ''))).toBe(true);

    const dry = await importBack(exported.body, true);
    expect(dry.statusCode).toBe(200);
    const report = dry.json();
    expect(report).toMatchObject({ dry_run: true, created: 0, updated: 0, errors: 0, unchanged: productRows.length });
    expect(report.rows.every((row: { action: string }) => row.action === 'unchanged')).toBe(true);
    expect(report.rows.every((row: { notes: object }) => Object.keys(row.notes).length === 0)).toBe(true);

    const real = await importBack(exported.body, false);
    expect(real.statusCode).toBe(200);
    expect(real.json()).toMatchObject({ dry_run: false, created: 0, updated: 0, errors: 0 });
    const again = await t.request(shop, { method: 'GET', url: '/api/admin/products/export/', token });
    expect(again.body).toBe(exported.body);
  });
});
