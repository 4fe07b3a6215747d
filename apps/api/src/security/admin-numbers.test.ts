// A bounded fuzz of the administration: every admin route that takes a JSON body, given each of its number fields
// (and lists of numbers) at and past what a database column holds, on the demo shop's own rows. Past a limit is a
// 4xx naming the problem, never a server error: a number the database refuses must be refused before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoTestApp, type TestApp } from '../../test/app.ts';
import { createCustomer } from '../../test/builders.ts';
import type { Tenant } from '../modules/tenants/index.ts';

let t: TestApp;
let shop: Tenant;
let token: string;
beforeAll(async () => {
  ({ t, shop } = await buildDemoTestApp());
  token = (await createCustomer(t, shop, { role: 'owner' })).accessToken;
  // A row of what the demo has none of, so that its item route is tried too.
  const discount = await t.request(shop, {
    method: 'POST',
    url: '/api/admin/discounts/',
    token,
    payload: { code: 'FUZZ', kind: 'buy_x_get_y', buy_quantity: 2, get_quantity: 1 },
  });
  expect(discount.statusCode).toBe(201);
}, 180_000);
afterAll(() => t?.close());

/** Numbers at a column's edge and past it: 32-bit, 64-bit, beyond exact integers, fractions, negatives. */
const NUMBERS = [0, -1, 1000, 1001, 2_147_483_647, 2_147_483_648, 3_000_000_000, 2 ** 53, 1e308, -2_147_483_649, 1.5];

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

/** Whether a body property takes a number, or a list of numbers. */
function numberKind(schema: Schema): 'number' | 'list' | null {
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const types = variants.flatMap((variant) => [variant.type ?? []].flat());
  if (types.includes('integer') || types.includes('number')) return 'number';
  if (variants.some((variant) => variant.items && numberKind(variant.items) === 'number')) return 'list';
  return null;
}

describe('admin routes given numbers at and past their limits', () => {
  it('answer every one without a server error', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
    };
    const idOf = new Map<string, number | null>();
    const firstId = async (list: string) => {
      if (!idOf.has(list)) {
        const answer = await t.request(shop, { method: 'GET', url: list, token });
        const body = answer.statusCode === 200 ? answer.json() : null;
        const items = Array.isArray(body) ? body : (body?.results ?? []);
        idOf.set(list, typeof items[0]?.id === 'number' ? items[0].id : null);
      }
      return idOf.get(list) ?? null;
    };
    const failures: string[] = [];
    let sent = 0;
    for (const [path, methods] of Object.entries(docs.paths)) {
      if (!path.startsWith('/api/admin/')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        if (!['post', 'patch', 'put'].includes(method)) continue;
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const fields = Object.entries(schema?.properties ?? {}).flatMap(([name, field]) => {
          const kind = numberKind(field);
          return kind ? [[name, kind] as const] : [];
        });
        if (fields.length === 0) continue;
        // An item route works on the first row its list shows (the demo shop has some of each).
        let url = path;
        const params = path.match(/\{\w+\}/g) ?? [];
        if (params.length > 1) continue;
        if (params.length === 1) {
          const id = await firstId(path.slice(0, path.indexOf('{')));
          if (id === null) continue;
          url = path.replace(/\{\w+\}/, String(id));
        }
        for (const [name, kind] of fields) {
          for (const value of NUMBERS) {
            const answer = await t.request(shop, {
              method: method.toUpperCase() as 'POST',
              url,
              token,
              payload: { [name]: kind === 'list' ? [value] : value },
            });
            sent += 1;
            if (answer.statusCode >= 500)
              failures.push(`${method.toUpperCase()} ${url} ${name}=${value}: ${answer.body}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 300_000);
});
