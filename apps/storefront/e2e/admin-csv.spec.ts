// The product CSV in the admin app: the list's export downloads the catalog; a small edited file is checked with a dry
// run, its report shown, then imported, first creating a product and then changing it. The product it creates is
// unpublished, so that the storefront's lists other journeys count never show it.
import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ownerToken, signInAsOwner } from './admin-support.ts';
import { TENANT, watchProblems } from './support.ts';

test.describe.configure({ timeout: 90_000 });

/** The product of `slug` as staff read it through the API, or null. */
async function staffProduct(request: APIRequestContext, token: string, slug: string) {
  const headers = { ...TENANT, Authorization: `Bearer ${token}` };
  const list = await request.get('/api/admin/products/', { headers, params: { search: slug } });
  expect(list.status()).toBe(200);
  const found = (await list.json()).results.find((row: { slug: string }) => row.slug === slug);
  if (!found) return null;
  return (await request.get(`/api/admin/products/${found.id}/`, { headers })).json();
}

/** Chooses `text` as the import's file, and waits for the dry run's report. */
async function checkFile(page: Page, text: string) {
  const dryRun = page.waitForResponse(
    (response) =>
      response.url().includes('/api/admin/products/import/?dry_run=true') && response.request().method() === 'POST',
  );
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  expect((await dryRun).status()).toBe(200);
}

/** Presses Import and waits for the real run's answer (a job, 202), then for the dialog to close once it is done. */
async function importChecked(page: Page) {
  const run = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/products/import/') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  expect((await run).status()).toBe(202);
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('staff export the products as CSV, then import an edited file: dry run shown, then applied', async ({
  page,
  request,
}) => {
  const problems = watchProblems(page);
  await signInAsOwner(page);
  await page.getByRole('menuitem').filter({ hasText: 'Products' }).click();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('products.csv');
  const exported = fs.readFileSync(await file.path(), 'utf8');
  const [header] = exported.split('\r\n');
  expect(header).toBe(
    'slug,name,category,price,price_before_discount,featured,published,stock,low_stock_threshold,made_to_order,lead_time_days,description,long_html_description,attributes,images,variant_sku,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,variant_price,variant_price_before_discount,variant_stock,variant_made_to_order,variant_lead_time_days,variant_description,variant_attributes,variant_image_alts,hs_code,country_of_origin,customs_description,weight_grams,age_restricted,variant_hs_code,variant_country_of_origin,variant_customs_description,variant_weight_grams',
  );
  // A demo product sold in options: one row per variant, its SKU and blade length.
  expect(exported).toMatch(/\r\nangkhola-khukuri,(.*),ANG-\d+-VIL,Blade length,\d+ inch,/);
  expect(exported).toContain('/media/');
  const categories = await request.get('/api/products/categories/', { headers: TENANT });
  const category = (await categories.json())[0].slug as string;
  expect(exported).toContain(`,${category},`);

  const slug = `csv-journey-${Date.now()}`;
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog');
  await checkFile(
    page,
    `slug,name,category,price,published,stock,attributes\r\n${slug},Journey khukuri,${category},12.5,false,4,Blade=9 in\r\n`,
  );
  const report = dialog.getByRole('table', { name: 'Import report' });
  await expect(report.getByRole('row').filter({ hasText: slug })).toContainText('create');
  await expect(dialog.getByTestId('import-summary')).toContainText('This file would create 1, update 0');
  // The dry run wrote nothing.
  const token = await ownerToken(request);
  expect(await staffProduct(request, token, slug)).toBeNull();

  await importChecked(page);
  await expect(page.getByText('Imported: 1 created, 0 updated, 0 unchanged.')).toBeVisible();
  expect(await staffProduct(request, token, slug)).toMatchObject({
    name: 'Journey khukuri',
    price: '12.50',
    stock: 4,
    is_active: false,
    attributes: [{ key: 'Blade', value: '9 in' }],
  });

  // The same product edited: one change, shown before it is made.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await checkFile(page, `slug,price,stock\r\n${slug},13.00,6\r\n`);
  await expect(report.getByRole('row').filter({ hasText: slug })).toContainText('update');
  await expect(report.getByRole('row').filter({ hasText: slug })).toContainText('price, stock');
  await importChecked(page);
  await expect(page.getByText('Imported: 0 created, 1 updated, 0 unchanged.')).toBeVisible();
  expect(await staffProduct(request, token, slug)).toMatchObject({ price: '13.00', stock: 6, is_active: false });

  expect(problems).toEqual([]);
});
