// Inputs the database would refuse (NUL characters, ids beyond 32 bits), request ids and host names: each a clear
import net from 'node:net';
// answer before any work, never a server error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServedTestApp, buildTestApp, type TestApp } from '../../test/app.ts';
import { createCustomer, createProduct } from '../../test/builders.ts';
import { jsonDepth, pathOfNullCharacter } from '../plugins/input-guard.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const TOO_LARGE = 2_147_483_648;

describe('NUL characters', () => {
  it('are found anywhere in a value, without recursion limits', () => {
    expect(pathOfNullCharacter({ a: 'fine', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(pathOfNullCharacter({ 'bad\u0000key': 1 })).toBe('bad\u0000key');
    expect(pathOfNullCharacter({ a: 'fine', b: [1, null, true] })).toBeNull();
    let deep: unknown = 'end\u0000';
    for (let depth = 0; depth < 100_000; depth++) deep = { next: deep };
    expect(pathOfNullCharacter(deep)?.split('.')).toHaveLength(100_000);
  });

  it('answer 400 naming the field, in bodies, query strings and paths, and change nothing', async () => {
    const shop = await t.createTenant();
    const customer = await createCustomer(t, shop);
    const product = await createProduct(t, shop, { stock: 5 });

    const register = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/register/',
      payload: { email: 'nul\u0000@example.com', password: 'Sirupate-blade-77', password_confirm: 'Sirupate-blade-77' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toEqual({ email: ['Null characters are not allowed.'] });

    const order = await t.request(shop, {
      method: 'POST',
      url: '/api/orders/orders/',
      token: customer.accessToken,
      payload: {
        payment_method: 'bank_transfer',
        delivery_address: { street: 'Lazimpat\u0000', city: 'Kathmandu', postalCode: '44600', country: 'Nepal' },
      },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({ 'delivery_address.street': ['Null characters are not allowed.'] });

    const category = await t.request(shop, { method: 'GET', url: '/api/products/products/?category__slug=kh%00' });
    expect(category.statusCode).toBe(400);
    expect(category.json()).toEqual({ category__slug: ['Null characters are not allowed.'] });
    // A shopper's search text is the one exception: there a NUL reads as a space (the search's own tests).
    const search = await t.request(shop, { method: 'GET', url: '/api/products/products/?search=kh%00ukuri' });
    expect(search.statusCode).toBe(200);

    const slug = await t.request(shop, { method: 'GET', url: `/api/products/products/${product.slug}%00/` });
    expect(slug.statusCode).toBe(400);

    const review = await t.request(shop, {
      method: 'POST',
      url: '/api/products/reviews/',
      token: customer.accessToken,
      payload: { product: product.id, rating: 5, comment: 'Sharp\u0000' },
    });
    expect(review.statusCode).toBe(400);
    const reviews = await t.request(shop, { method: 'GET', url: `/api/products/products/${product.slug}/` });
    expect(reviews.json().review_count).toBe(0);
  });
});

describe('ids beyond what the database stores', () => {
  it('answer 400 naming the field, in paths, query strings and bodies', async () => {
    const shop = await t.createTenant();
    const customer = await createCustomer(t, shop);
    const staff = await createCustomer(t, shop, { role: 'staff' });
    const asCustomer = { token: customer.accessToken };
    const calls: [string, string, object | undefined, string | undefined][] = [
      ['POST', '/api/orders/cart/add-item/', { product_id: TOO_LARGE, quantity: 1 }, customer.accessToken],
      ['PATCH', `/api/orders/cart/items/${TOO_LARGE}/`, { quantity: 1 }, customer.accessToken],
      ['GET', `/api/orders/orders/${TOO_LARGE}/`, undefined, customer.accessToken],
      ['GET', `/api/orders/orders/?page=${TOO_LARGE}`, undefined, customer.accessToken],
      ['POST', '/api/payments/card/initiate/', { order_id: TOO_LARGE, currency: 'USD' }, customer.accessToken],
      ['POST', '/api/products/reviews/', { product: TOO_LARGE, rating: 5, comment: 'x' }, customer.accessToken],
      ['POST', '/api/blog/comments/', { post: TOO_LARGE, content: 'x' }, customer.accessToken],
      ['GET', `/api/blog/comments/?post=${TOO_LARGE}`, undefined, undefined],
      ['GET', `/api/products/products/?page=${TOO_LARGE}`, undefined, undefined],
      ['GET', `/api/admin/orders/${TOO_LARGE}/`, undefined, staff.accessToken],
      ['GET', `/api/admin/products/?category=${TOO_LARGE}`, undefined, staff.accessToken],
    ];
    for (const [method, url, payload, token] of calls) {
      const answer = await t.request(shop, {
        method: method as 'GET',
        url,
        ...(token ? { token } : {}),
        ...(payload ? { payload } : {}),
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(400);
      expect(JSON.stringify(answer.json()), `${method} ${url}`).toMatch(/less than or equal to|Invalid/);
    }
    expect(asCustomer.token).toBeTruthy();
  });
});

describe('request ids', () => {
  it('keeps a short safe X-Request-Id and replaces any other', async () => {
    const shop = await t.createTenant();
    const ask = (id: string) =>
      t.request(shop, { method: 'GET', url: '/api/products/categories/', headers: { 'x-request-id': id } });
    expect((await ask('edge-1234.abc')).headers['x-request-id']).toBe('edge-1234.abc');
    for (const bad of ['x'.repeat(65), 'a b', '<script>', '']) {
      expect((await ask(bad)).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('host names', () => {
  it('a malformed Host answers 400 before any work', async () => {
    const shop = await t.createTenant();
    for (const host of [
      'exa mple.com',
      'shop.example:99999',
      '[::1',
      'a/b',
      'shop..example',
      `${'x'.repeat(300)}.com`,
    ]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/products/categories/',
        headers: { host, 'x-tenant-token': shop.token },
      });
      expect(answer.statusCode, host).toBe(400);
      expect(answer.json(), host).toEqual({ detail: 'Bad Request: malformed Host header.', code: 'bad_host' });
    }
    const fine = await t.app.inject({
      method: 'GET',
      url: '/api/products/categories/',
      headers: { host: 'shop.example:8443', 'x-tenant-token': shop.token },
    });
    expect(fine.statusCode).toBe(200);
  });
});

describe('request limits', () => {
  it('refuses a JSON body nested deeper than 32 levels before any validator walks it', async () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[{{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[[["')).toBe(0);
    const shop = await t.createTenant();
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const answer = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/register/',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${deep},"password":"x","password_confirm":"x"}`,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: 'The JSON body nests deeper than 32 levels.', code: 'json_too_deep' });
    // Prototype poisoning is still refused, and a plain body still works.
    const poisoned = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"login_id":"a","password":"b","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    const plain = await t.request(shop, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { login_id: 'nobody@example.com', password: 'Wrong-guess-9917' },
    });
    expect(plain.statusCode).toBe(401);
  });

  it('cuts off a client that sends its request too slowly', async () => {
    const served = await buildServedTestApp({ REQUEST_TIMEOUT_MS: '1000' });
    const shop = await served.createTenant();
    try {
      const port = Number(new URL(served.origin).port);
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      // Headers promise a body that never fully comes.
      socket.write(
        `POST /api/accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Tenant-Token: ${shop.token}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"login',
      );
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await served.close();
    }
  });
});
