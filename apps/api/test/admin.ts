// Shops for the administration's tests: an owner, a member of staff and a customer; multipart bodies with pictures.
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
