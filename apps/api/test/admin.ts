// Shops for the administration's tests: an owner, a member of staff and a customer; multipart bodies with pictures.
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Tenant } from '../src/modules/tenants/index.ts';
import type { TestApp } from './app.ts';
import { createCategory, createCustomer, createProduct } from './builders.ts';

/** A new shop with its owner, a member of staff and a customer, each signed in (usernames name the shop). */
export async function shopWithStaff(t: TestApp, name: string) {
  const shop: Tenant = await t.createTenant(name);
  const owner = await createCustomer(t, shop, { role: 'owner', username: `owner-${shop.id}` });
  const staff = await createCustomer(t, shop, { role: 'staff', username: `staff-${shop.id}` });
  const customer = await createCustomer(t, shop, { username: `reader-${shop.id}` });
  return { shop, owner, staff, customer };
}

export type ShopWithStaff = Awaited<ReturnType<typeof shopWithStaff>>;

/** A shop with staff (`shopWithStaff`), a category and one product (stock 5, 85.00): the catalog's administration. */
export async function adminCatalogShop(t: TestApp, name = 'Catalog admin shop') {
  const { shop, owner, staff, customer } = await shopWithStaff(t, name);
  const category = await createCategory(t, shop);
  const product = await createProduct(t, shop, { categoryId: category.id, stock: 5, priceCents: 8500 });
  return { shop, owner, staff, customer, category, product };
}

export type AdminCatalogShop = Awaited<ReturnType<typeof adminCatalogShop>>;

/** The audit log's entries about one entity, newest first, as the shop's owner reads them. */
export async function auditLog(t: TestApp, setup: ShopWithStaff, entity: string, entityId: number) {
  const answer = await adminCall(
    t,
    setup.shop,
    setup.owner.accessToken,
    'GET',
    `/audit-log/?entity=${entity}&entity_id=${entityId}`,
  );
  expect(answer.statusCode).toBe(200);
  return answer.json().results as { action: string; actor_user_id: number; summary: Record<string, unknown> }[];
}

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A `multipart/form-data` body of text fields and files, with its content type. */
export function multipart(parts: Part[]) {
  const boundary = `----test${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`;
    chunks.push(Buffer.from(head), 'value' in part ? Buffer.from(part.value) : part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A PNG of one colour. */
export async function png(color: string, width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A call of the administration API (`/api/admin<url>`) in `shop`, as the holder of `token` (none: a guest). */
export function adminCall(
  t: TestApp,
  shop: Tenant,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.request(shop, { method, url: `/api/admin${url}`, token, ...(payload ? { payload } : {}) });
}

/** A function's parameters without the first (a helper bound to the test app). */
export type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

/** The answer of a finished import: its status (200 once done) and the checked file's report, with the job. */
export interface FinishedImport {
  statusCode: number;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: read as light-my-request's `json()` is, by tests that know the shape.
  json(): any;
  job: Record<string, unknown> | null;
}

/**
 * A product CSV import's answer, awaited to its end: a real run answers 202 with a job, polled here until it is no
 * longer running (200 with its report when done, 500 when it failed); any other answer as it came.
 */
export async function awaitImport(
  t: TestApp,
  tenant: Tenant,
  token: string | undefined,
  answer: LightMyRequestResponse,
): Promise<FinishedImport> {
  if (answer.statusCode !== 202) {
    return { statusCode: answer.statusCode, body: answer.body, json: () => answer.json(), job: null };
  }
  const { id } = answer.json();
  for (;;) {
    const read = await t.request(tenant, { method: 'GET', url: `/api/admin/products/import/jobs/${id}/`, token });
    expect(read.statusCode).toBe(200);
    const job = read.json();
    if (job.status !== 'running') {
      return { statusCode: job.status === 'done' ? 200 : 500, body: read.body, json: () => job.report, job };
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
