// Property-based abuse: malformed, oversized, wrongly typed and unexpected inputs to every public and customer
// endpoint answer 4xx JSON, never a server error, and a refused request changes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createCategory, createCustomer, createProduct } from '../../test/builders.ts';
import type { Tenant } from '../modules/tenants/index.ts';

let t: TestApp;
let shop: Tenant;
let token: string;
let routes: { method: string; url: string }[];

/** Tables a customer's or a guest's request can change: counted before and after each refused request. */
const TABLES = [
  'users',
  'carts',
  'cart_items',
  'orders',
  'order_lines',
  'order_history',
  'stock_movements',
  'payment_events',
  'product_reviews',
  'blog_comments',
  'contact_messages',
  'payments',
  'refresh_tokens',
  'password_reset_tokens',
  'mail_queue',
  'saved_addresses',
];

async function snapshot(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await t.testDb.database.raw.query<{ n: number | string }>(
      `select count(*) as n from ${table} where tenant_id = $1`,
      [shop.id],
    );
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_ENABLED: 'false' });
  shop = await t.createTenant('Abuse shop');
  const category = await createCategory(t, shop);
  await createProduct(t, shop, { categoryId: category.id, stock: 5 });
  token = (await createCustomer(t, shop)).accessToken;
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(document.paths)
    .filter(([url]) => !/^\/api\/(admin|docs|sandbox-2c2p|payments\/2c2p)\b/.test(url) && !url.includes('*'))
    .flatMap(([url, methods]) =>
      Object.keys(methods)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), url })),
    );
});
afterAll(() => t.close());

/** Any JSON-ish value, with the shapes that break naive code: huge numbers, deep arrays, odd strings. */
const nasty = fc.oneof(
  fc.anything({ maxDepth: 4 }),
  fc.constantFrom(2 ** 31, -1, 1e308, Number.MAX_SAFE_INTEGER, 0, '', ' ', '0', 'null', 'true', '[]', '{}'),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
  fc.constantFrom('../../etc/passwd', '<script>alert(1)</script>', "' or 1=1 --", '%00', '\uD800', '\u202E'),
);

const FIELDS = [
  'email',
  'password',
  'password_confirm',
  'current_password',
  'display_name',
  'login_id',
  'refresh',
  'token',
  'product_id',
  'product',
  'quantity',
  'customization',
  'rating',
  'comment',
  'post',
  'parent',
  'content',
  'payment_method',
  'delivery_address',
  'order_id',
  'currency',
  'name',
  'subject',
  'message',
  'tenant_id',
  'id',
  'is_admin',
  '__proto__',
];

const body = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 6 }), nasty, fc.constant(undefined));

const pathValue = fc.oneof(
  fc.integer({ min: -5, max: 5 }).map(String),
  fc.constantFrom(
    '2147483648',
    '99999999999999999999',
    '1e3',
    '-0',
    '0x10',
    'abc',
    '%2e%2e',
    '%00',
    '%F0%9F%97%A1',
    'a'.repeat(300),
  ),
  fc.stringMatching(/^[a-z0-9-]{1,20}$/),
);

const query = fc.dictionary(
  fc.constantFrom('page', 'page_size', 'search', 'category__slug', 'ordering', 'post', 'is_approved', 'is_active', 'x'),
  fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('-1', '0', '2147483648', 'true', '[]', '%00')),
  { maxKeys: 4 },
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
);

describe('every public and customer endpoint', () => {
  it('answers malformed input with a 4xx JSON answer and changes nothing', { timeout: 240_000 }, async () => {
    expect(routes.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          route: fc.constantFrom(...routes),
          params: fc.array(pathValue, { minLength: 3, maxLength: 3 }),
          query,
          body,
          contentType,
          auth: fc.oneof(
            { weight: 4, arbitrary: fc.constant('customer') },
            { weight: 2, arbitrary: fc.constant('none') },
            { weight: 1, arbitrary: fc.constantFrom('garbage', 'bearer-only') },
          ),
          rawBody: fc.boolean(),
        }),
        async (input) => {
          let index = 0;
          const path = input.route.url.replace(/\{[^}]+\}|:[a-zA-Z]+/g, () => input.params[index++] ?? '1');
          const search = new URLSearchParams(input.query).toString();
          const url = `${path}${search ? `?${search}` : ''}`;
          const authorization =
            input.auth === 'customer'
              ? `Bearer ${token}`
              : input.auth === 'garbage'
                ? 'Bearer not.a.token'
                : input.auth === 'bearer-only'
                  ? 'Bearer'
                  : undefined;
          const hasBody = input.route.method !== 'GET' && input.route.method !== 'DELETE' && input.body !== undefined;
          const payload = hasBody
            ? input.rawBody
              ? String(JSON.stringify(input.body)).slice(0, 50_000)
              : JSON.stringify(input.body)
            : undefined;
          const before = await snapshot();
          const answer = await t.app.inject({
            method: input.route.method as 'GET',
            url,
            headers: {
              'x-tenant-token': shop.token,
              ...(authorization ? { authorization } : {}),
              ...(payload !== undefined ? { 'content-type': input.contentType } : {}),
            },
            ...(payload !== undefined ? { payload } : {}),
          });
          expect(answer.statusCode, `${input.route.method} ${url}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
          if (answer.statusCode >= 400) {
            expect(answer.headers['content-type'], `${input.route.method} ${url}`).toMatch(/^application\/json/);
            expect(() => answer.json()).not.toThrow();
            await t.settled();
            expect(await snapshot(), `${input.route.method} ${url}`).toEqual(before);
          }
        },
      ),
      { numRuns: Number(process.env.ABUSE_RUNS ?? 400), seed: Number(process.env.ABUSE_SEED ?? Date.now() % 2 ** 31) },
    );
  });
});
