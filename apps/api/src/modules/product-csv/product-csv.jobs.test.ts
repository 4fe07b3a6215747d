// The product CSV's real run as a job: it answers at once, writes a few products a transaction, lets other requests
// through between them (PGlite has one connection), and says exactly which rows it applied when it stops part-way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCatalogShop, adminCall, adminCatalogShop, awaitImport, multipart } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createCategory } from '../../../test/builders.ts';
import { toCsv } from '../../lib/csv.ts';
import { IMPORT_BATCH_ROWS } from './product-csv.import.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function postImport(setup: AdminCatalogShop, text: string) {
  const body = multipart([{ name: 'file', filename: 'products.csv', type: 'text/csv', data: Buffer.from(text) }]);
  return t.request(setup.shop, {
    method: 'POST',
    url: '/api/admin/products/import/',
    token: setup.staff.accessToken,
    payload: body.payload,
    headers: body.headers,
  });
}

async function jobOf(setup: AdminCatalogShop, id: number) {
  const read = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/products/import/jobs/${id}/`);
  expect(read.statusCode).toBe(200);
  return read.json();
}

/** A file of `count` new products in `categorySlug` (the last `lateCount` in `lateSlug`, when given). */
function newProducts(count: number, categorySlug: string, late?: { slug: string; count: number }) {
  return toCsv(
    ['slug', 'name', 'category', 'price', 'stock'],
    Array.from({ length: count }, (_, index) => [
      `imported-${index}`,
      `Imported khukuri ${index}`,
      late && index >= count - late.count ? late.slug : categorySlug,
      '12.50',
      '2',
    ]),
  );
}

// An import of eight batches is real work for the embedded database: on a loaded machine it takes longer than the
// suite's 30 s per test, which says nothing of what the test checks.
const IMPORT_TEST_TIMEOUT_MS = 120_000;

describe('a product CSV import as a job', () => {
  it(
    'answers 202 at once, and the product list answers between its batches while it still runs',
    async () => {
      const setup = await adminCatalogShop(t);
      const rows = IMPORT_BATCH_ROWS * 8;
      const answer = await postImport(setup, newProducts(rows, setup.category.slug));
      expect(answer.statusCode).toBe(202);
      const started = answer.json();
      expect(started).toMatchObject({ status: 'running', rows, failure: null, report: null });
      expect(started.rows_done).toBeLessThan(rows);

      // NOTE: no timing: a list answered while the job still says "running" was served between its batches.
      let answeredWhileRunning = 0;
      let job = started;
      while (job.status === 'running') {
        const list = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/products/?page_size=5');
        expect(list.statusCode).toBe(200);
        job = await jobOf(setup, started.id);
        if (job.status === 'running') answeredWhileRunning += 1;
      }
      expect(answeredWhileRunning).toBeGreaterThan(0);
      expect(job).toMatchObject({ status: 'done', rows, rows_done: rows, failure: null });
      expect(job.applied_rows).toEqual(Array.from({ length: rows }, (_, index) => index + 2));
      expect(job.report).toMatchObject({ dry_run: false, created: rows, updated: 0, errors: 0 });
      const list = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/products/?search=Imported');
      expect(list.json().count).toBe(rows);
    },
    IMPORT_TEST_TIMEOUT_MS,
  );

  it(
    'stops when the shop changed under a later batch, and says exactly which rows it applied',
    async () => {
      const setup = await adminCatalogShop(t);
      const late = await createCategory(t, setup.shop);
      const rows = IMPORT_BATCH_ROWS * 6;
      const lateCount = IMPORT_BATCH_ROWS;
      const answer = await postImport(
        setup,
        newProducts(rows, setup.category.slug, { slug: late.slug, count: lateCount }),
      );
      expect(answer.statusCode).toBe(202);
      // The last batch's category goes away while the first ones are written.
      const removed = await adminCall(t, setup.shop, setup.staff.accessToken, 'DELETE', `/categories/${late.id}/`);
      expect(removed.statusCode).toBe(204);
      const finished = await awaitImport(t, setup.shop, setup.staff.accessToken, answer);
      const job = finished.job as { status: string; failure: string; applied_rows: number[]; rows_done: number };
      expect(job.status).toBe('failed');
      const firstLate = rows - lateCount + 2;
      expect(job.failure).toBe(
        `Row ${firstLate} (imported-${rows - lateCount}) changed in the shop during the import: category: No category ` +
          `has the slug "${late.slug}". The rows listed were applied, the others not.`,
      );
      expect(job.applied_rows).toEqual(Array.from({ length: rows - lateCount }, (_, index) => index + 2));
      expect(job.rows_done).toBe(rows - lateCount);
      const list = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/products/?search=Imported');
      expect(list.json().count).toBe(rows - lateCount);
    },
    IMPORT_TEST_TIMEOUT_MS,
  );

  it("is read by the shop's staff only: another shop's job answers 404", async () => {
    const setup = await adminCatalogShop(t);
    const elsewhere = await adminCatalogShop(t, 'Other shop');
    const answer = await postImport(setup, newProducts(2, setup.category.slug));
    const { id } = answer.json();
    await awaitImport(t, setup.shop, setup.staff.accessToken, answer);
    const foreign = await adminCall(
      t,
      elsewhere.shop,
      elsewhere.staff.accessToken,
      'GET',
      `/products/import/jobs/${id}/`,
    );
    expect(foreign.statusCode).toBe(404);
    const customer = await adminCall(t, setup.shop, setup.customer.accessToken, 'GET', `/products/import/jobs/${id}/`);
    expect(customer.statusCode).toBe(403);
  });
});
