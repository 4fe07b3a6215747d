// Public API reads from the response cache: served from it until a write changes what they show, then never stale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, shopWithStaff } from '../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  addToCart,
  createCategory,
  createCustomer,
  createProduct,
  placeOrder,
  setPayments,
} from '../../test/builders.ts';
import { testRedisUrl } from '../../test/redis.ts';
import { cacheTagCollector, fetchWithCacheTagsKey, type Rendered } from '../lib/response-cache.ts';
import { createPost } from '../modules/blog/blog.service.ts';
import type { Tenant } from '../modules/tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function shopWithProduct(name: string) {
  const staffed = await shopWithStaff(t, name);
  const category = await createCategory(t, staffed.shop);
  const product = await createProduct(t, staffed.shop, { categoryId: category.id, priceCents: 8500, stock: 4 });
  return { ...staffed, category, product };
}

describe('public API answers from the response cache', () => {
  it('are served from the cache until the staff change the product, then show the change at once', async () => {
    const { shop, staff, product } = await shopWithProduct('Cached shop');
    const url = `/api/products/products/${product.slug}/`;
    const first = await t.request(shop, { method: 'GET', url });
    expect(first.headers['x-cache']).toBe('miss');
    const second = await t.request(shop, { method: 'GET', url });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.json()).toEqual(first.json());
    const list = await t.request(shop, { method: 'GET', url: '/api/products/products/' });
    expect(list.json()[0].price).toBe('85.00');

    const patched = await adminCall(t, shop, staff.accessToken, 'PATCH', `/products/${product.id}/`, {
      price: '90.50',
    });
    expect(patched.statusCode).toBe(200);
    const after = await t.request(shop, { method: 'GET', url });
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().price).toBe('90.50');
    expect((await t.request(shop, { method: 'GET', url: '/api/products/products/' })).json()[0].price).toBe('90.50');
  });

  it('show a new review, and the stock an order took, on the next read', async () => {
    const { shop, product } = await shopWithProduct('Review shop');
    const url = `/api/products/products/${product.slug}/`;
    await t.request(shop, { method: 'GET', url });
    expect((await t.request(shop, { method: 'GET', url })).headers['x-cache']).toBe('hit');

    const customer = await createCustomer(t, shop);
    const review = await t.request(shop, {
      method: 'POST',
      url: '/api/products/reviews/',
      token: customer.accessToken,
      payload: { product: product.id, rating: 5, comment: 'A fine blade.' },
    });
    expect(review.statusCode).toBe(201);
    expect((await t.request(shop, { method: 'GET', url })).json().reviews).toHaveLength(1);

    await setPayments(t, shop);
    await addToCart(t, shop, customer.accessToken, product.id, 3);
    const order = await placeOrder(t, shop, customer.accessToken);
    expect(order.statusCode).toBe(201);
    expect((await t.request(shop, { method: 'GET', url })).json().stock).toBe(1);
  });

  it('are kept per shop: one shop’s change leaves another’s cached answers alone', async () => {
    const first = await shopWithProduct('First cached shop');
    const second = await shopWithProduct('Second cached shop');
    const read = (shop: typeof first) =>
      t.request(shop.shop, { method: 'GET', url: `/api/products/products/${shop.product.slug}/` });
    await read(first);
    await read(second);
    await adminCall(t, first.shop, first.staff.accessToken, 'PATCH', `/products/${first.product.id}/`, {
      name: 'Renamed blade',
    });
    expect((await read(first)).json().name).toBe('Renamed blade');
    expect((await read(second)).headers['x-cache']).toBe('hit');
  });

  it('answer a signed-in request fresh, and never keep a private or failed answer', async () => {
    const { shop, customer, product } = await shopWithProduct('Private shop');
    const url = `/api/products/products/${product.slug}/`;
    await t.request(shop, { method: 'GET', url });
    const signedIn = await t.request(shop, { method: 'GET', url, token: customer.accessToken });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['x-cache']).toBeUndefined();
    const missing = () => t.request(shop, { method: 'GET', url: '/api/products/products/no-such-blade/' });
    expect((await missing()).statusCode).toBe(404);
    const again = await missing();
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-cache']).toBe('miss');
    const cart = await t.request(shop, { method: 'GET', url: '/api/orders/cart/', token: customer.accessToken });
    expect(cart.headers['x-cache']).toBeUndefined();
  });

  it('answer 50 concurrent reads of a cold address with one run of its handler', async () => {
    const { shop, product } = await shopWithProduct('Crowded shop');
    const url = `/api/products/products/${product.slug}/`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.request(shop, { method: 'GET', url })));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'miss')).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });
});

/** A `fetch` answered by the app in memory, as the storefront's own process reaches the API. */
const injectFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const response = await t.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, String(value));
  }
  return new Response(response.body, { status: response.statusCode, headers });
};

/** A page as the storefront renders one: made of public API reads, kept with the tags of all of them. */
function page(shop: Tenant, path: string, reads: string[]) {
  return t.app.deps.cache.serve(shop.token, `page:${path}`, async (): Promise<Rendered> => {
    // As the storefront server asks: with the key of the deployment's secret.
    const api = cacheTagCollector(fetchWithCacheTagsKey(injectFetch, t.app.cacheTagsKey));
    const bodies: string[] = [];
    for (const read of reads) {
      bodies.push(
        await (await api.fetch(`http://api.internal${read}`, { headers: { 'x-tenant-token': shop.token } })).text(),
      );
    }
    const tags = api.tags();
    return {
      status: 200,
      headers: {},
      body: Buffer.from(bodies.join('\n')),
      cacheable: tags !== null,
      tags: tags ?? [],
    };
  });
}

async function rename(shop: Tenant, token: string, name: string, remoteAddress?: string) {
  return t.request(shop, {
    method: 'PATCH',
    url: '/api/accounts/me/',
    token,
    payload: { display_name: name },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

describe('what a cached answer shows, by its tags', () => {
  it('keeps the product list cached through 20 display name changes, while the pages showing the name change', async () => {
    const { shop, product } = await shopWithProduct('Renaming shop');
    // Two customers: one's review on the product's page, the other's comment under a post.
    const [reviewer, commenter] = [await createCustomer(t, shop), await createCustomer(t, shop)];
    const post = await createPost(t.context(shop), {
      slug: 'forging-day',
      title: 'Forging day',
      content: '<p>Hammer and fire.</p>',
      status: 'published',
      publishedAt: new Date(Date.now() - 60_000),
    });
    await t.app.deps.cache.invalidate(shop.token);
    const reviewed = await t.request(shop, {
      method: 'POST',
      url: '/api/products/reviews/',
      token: reviewer.accessToken,
      payload: { product: product.id, rating: 5, comment: 'Holds its edge.' },
    });
    expect(reviewed.statusCode).toBe(201);
    const commented = await t.request(shop, {
      method: 'POST',
      url: '/api/blog/comments/',
      token: commenter.accessToken,
      payload: { post: post.id, content: 'What steel is it?' },
    });
    expect(commented.statusCode).toBe(201);

    const listRead = '/api/products/products/?page=1&facets=true';
    const pages = {
      products: () => page(shop, '/products', [listRead, '/api/products/categories/', '/api/pages/settings/public/']),
      product: () => page(shop, `/products/${product.slug}`, [`/api/products/products/${product.slug}/`]),
      post: () =>
        page(shop, '/blog/forging-day', ['/api/blog/posts/forging-day/', `/api/blog/comments/?post=${post.id}`]),
    };
    for (const load of Object.values(pages)) expect((await load()).state).toBe('miss');
    expect((await t.request(shop, { method: 'GET', url: listRead })).headers['x-cache']).toBe('hit');

    for (let change = 1; change <= 20; change += 1) {
      // Each account changes its name ten times: the most an hour allows.
      const [who, name] = change % 2 ? [reviewer, `Reviewer ${change}`] : [commenter, `Commenter ${change}`];
      expect((await rename(shop, who.accessToken, name)).statusCode).toBe(200);

      const renders = t.app.deps.cache.renderCount;
      const list = await pages.products();
      expect(list.state).toBe('hit');
      expect((await t.request(shop, { method: 'GET', url: listRead })).headers['x-cache']).toBe('hit');
      expect(t.app.deps.cache.renderCount).toBe(renders);

      const shown = (await (who === reviewer ? pages.product() : pages.post())).answer.body.toString();
      expect(shown).toContain(`"username":"${name}"`);
    }
    // The product's own answer: its review under the last name, from the cache until the next change.
    const url = `/api/products/products/${product.slug}/`;
    const detail = await t.request(shop, { method: 'GET', url, headers: { 'x-cache-tags-key': t.app.cacheTagsKey } });
    expect(detail.headers['x-cache']).toBe('hit');
    expect(detail.json().reviews[0].user.username).toBe('Reviewer 19');
    expect(detail.headers['x-cache-tags']?.toString().split(' ').sort()).toEqual(
      [`account:${reviewer.user.id}`, `product:${product.id}`].sort(),
    );
    // The tags name the reviewer's account, which the answer itself never shows: not to a browser, nor to a guess.
    const sameLengthInLetters = `é${t.app.cacheTagsKey.slice(1)}`;
    for (const headers of [
      {},
      { 'x-cache-tags-key': 'guess' },
      { 'x-cache-tags-key': `${t.app.cacheTagsKey}x` },
      { 'x-cache-tags-key': sameLengthInLetters },
    ]) {
      const answer = await t.request(shop, { method: 'GET', url, headers });
      expect(answer.headers['x-cache']).toBe('hit');
      expect(answer.headers['x-cache-tags']).toBeUndefined();
    }
    // Likewise when the answer is rendered, not read from the cache.
    const firstRead = await t.request(shop, { method: 'GET', url: '/api/products/products/?page=1' });
    expect(firstRead.headers['x-cache']).toBe('miss');
    expect(firstRead.headers['x-cache-tags']).toBeUndefined();
    const rendered = await t.request(shop, {
      method: 'GET',
      url: `/api/products/products/?search=${encodeURIComponent(product.name)}`,
      headers: { 'x-cache-tags-key': t.app.cacheTagsKey },
    });
    expect(rendered.headers['x-cache']).toBe('miss');
    expect(rendered.headers['x-cache-tags']).toContain(`product:${product.id}`);
  });

  it('renders again, after a stock change, the answers of those products and the lists that depend on stock', async () => {
    const { shop, category, product: sold } = await shopWithProduct('Stock shop');
    const other = await createProduct(t, shop, { categoryId: category.id, priceCents: 9900, stock: 1 });
    const elsewhere = await createCategory(t, shop);
    const apart = await createProduct(t, shop, { categoryId: elsewhere.id, priceCents: 4200, stock: 3 });
    const reads = {
      sold: `/api/products/products/${sold.slug}/`,
      other: `/api/products/products/${other.slug}/`,
      category: `/api/products/products/?category__slug=${category.slug}`,
      apartList: `/api/products/products/?category__slug=${elsewhere.slug}`,
      inStock: `/api/products/products/?in_stock=true&category__slug=${elsewhere.slug}`,
    };
    const read = (url: string) => t.request(shop, { method: 'GET', url });
    for (const url of Object.values(reads)) await read(url);
    for (const url of Object.values(reads)) expect((await read(url)).headers['x-cache'], url).toBe('hit');

    const customer = await createCustomer(t, shop);
    await setPayments(t, shop);
    await addToCart(t, shop, customer.accessToken, sold.id, 2);
    expect((await placeOrder(t, shop, customer.accessToken)).statusCode).toBe(201);

    const soldAnswer = await read(reads.sold);
    expect([soldAnswer.headers['x-cache'], soldAnswer.json().stock]).toEqual(['miss', 2]);
    const categoryAnswer = await read(reads.category);
    expect(categoryAnswer.headers['x-cache']).toBe('miss');
    expect(categoryAnswer.json().find((one: { id: number }) => one.id === sold.id).stock).toBe(2);
    // A list filtered by stock may gain or lose any product: it is rendered again, though it does not show this one.
    expect((await read(reads.inStock)).headers['x-cache']).toBe('miss');
    expect((await read(reads.other)).headers['x-cache']).toBe('hit');
    expect((await read(reads.apartList)).headers['x-cache']).toBe('hit');
    expect(apart.id).not.toBe(sold.id);
  });

  it('keys an answer by the query parameters its route reads: others neither split the cache nor reach the answer', async () => {
    const { shop, category } = await shopWithProduct('Query shop');
    await createProduct(t, shop, { categoryId: category.id, priceCents: 12000, stock: 2 });
    const read = (url: string) => t.request(shop, { method: 'GET', url });
    const first = await read('/api/products/products/?page=1&page_size=1&evil=%3Cb%3E');
    expect(first.headers['x-cache']).toBe('miss');
    // The links of the page carry only what the route reads.
    expect(first.json().next).toMatch(/\?page=2&page_size=1$/);
    for (const url of [
      '/api/products/products/?page_size=1&page=1',
      '/api/products/products/?page=1&page_size=1&evil=other',
      '/api/products/products/?utm_source=mail&page=1&page_size=1&fbclid=abc',
    ]) {
      const again = await read(url);
      expect(again.headers['x-cache'], url).toBe('hit');
      expect(again.body).toBe(first.body);
    }
    const product = first.json().results[0];
    await read(`/api/products/products/${product.slug}/`);
    expect((await read(`/api/products/products/${product.slug}/?x=${Date.now()}`)).headers['x-cache']).toBe('hit');
    // A value the route reads still makes its own entry.
    expect((await read('/api/products/products/?page=2&page_size=1')).headers['x-cache']).toBe('miss');
  });

  it('limits how often one account changes its display name', async () => {
    const shop = await t.createTenant('Limited shop');
    const customer = await createCustomer(t, shop);
    for (let change = 1; change <= 10; change += 1) {
      expect((await rename(shop, customer.accessToken, `Name ${change}`, '198.51.100.7')).statusCode).toBe(200);
    }
    // From another address too: the limit is the account's.
    const refused = await rename(shop, customer.accessToken, 'Name 11', '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('throttled');
    expect(
      (await t.request(shop, { method: 'GET', url: '/api/accounts/me/', token: customer.accessToken })).json()
        .display_name,
    ).toBe('Name 10');
  });
});

describe('tags shared through Redis', () => {
  // A Redis database of this worker's own (test/redis.ts).
  const REDIS_URL = testRedisUrl();
  let r: TestApp;
  beforeAll(async () => {
    r = await buildTestApp({ REDIS_URL });
  });
  afterAll(() => r.close());

  it('a name changed through one instance refreshes on another the product answer showing it; the list stays cached', async () => {
    const other = await r.secondInstance();
    const shop = await r.createTenant('Two instances shop');
    const product = await createProduct(r, shop, { categoryId: (await createCategory(r, shop)).id, stock: 3 });
    const customer = await createCustomer(r, shop);
    const reviewed = await r.request(shop, {
      method: 'POST',
      url: '/api/products/reviews/',
      token: customer.accessToken,
      payload: { product: product.id, rating: 4, comment: 'Well balanced.' },
    });
    expect(reviewed.statusCode).toBe(201);
    const read = (url: string) => other.inject({ method: 'GET', url, headers: { 'x-tenant-token': shop.token } });
    const [detail, list] = [`/api/products/products/${product.slug}/`, '/api/products/products/?page=1'];
    for (const url of [detail, list]) await read(url);
    for (const url of [detail, list]) expect((await read(url)).headers['x-cache'], url).toBe('hit');

    const renamed = await r.request(shop, {
      method: 'PATCH',
      url: '/api/accounts/me/',
      token: customer.accessToken,
      payload: { display_name: 'Sita of Pokhara' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await read(list)).headers['x-cache']).toBe('hit');
    const after = await read(detail);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().reviews[0].user.username).toBe('Sita of Pokhara');
  });
});
