// What the admin app (apps/admin) asks of the administration API, asked through HTTP: every list it shows, in
// react-admin's default orders (`id`, and `-id` for its reference inputs) and by every column its tables let staff
// sort by, with the filters it offers; every record it opens. An ordering the app never sends answers 400. Every
// answer matches the contract the app reads it with (`@platform/contracts/admin-resources`).
import { ADMIN_RESOURCES, type AdminResourceContract, adminResource } from '@platform/contracts/admin-resources';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminCatalogShop } from '../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  addShippingZone,
  addToCart,
  createCategory,
  createCustomer,
  createProduct,
  placeOrder,
  setPayments,
} from '../../test/builders.ts';

let t: TestApp;
beforeAll(async () => {
  // Carts left behind are listed (and reminded) after an hour.
  t = await buildTestApp({ ABANDONED_CART_REMINDER_MINUTES: '60' });
});
afterAll(() => t.close());

interface Collection {
  /** The path under /api/admin/. */
  path: string;
  /** The columns the app's table sorts by (its default sort among them). */
  sorts: string[];
  /** The filters the app offers, each with a value it may send. */
  filters: Record<string, string>;
  /** Only the owner reaches it. */
  owner?: boolean;
}

// NOTE: kept in step with the screens of apps/admin/src: a column without `sortable={false}` sorts by its source.
const COLLECTIONS: Collection[] = [
  {
    path: 'orders',
    sorts: ['created_at', 'number', 'status', 'total'],
    filters: { search: 'ORD', status: 'awaiting_payment', payment_method: 'bank_transfer', customer: '1' },
  },
  {
    path: 'products',
    sorts: ['created_at', 'name', 'price', 'stock'],
    filters: { search: 'khukuri', category: '1', is_active: 'true', low_stock: 'true' },
  },
  { path: 'categories', sorts: ['position', 'name'], filters: { search: 'knives' } },
  { path: 'posts', sorts: ['created_at', 'title', 'published_at'], filters: { search: 'forge', status: 'draft' } },
  { path: 'reviews', sorts: ['created_at', 'rating'], filters: { product: '1', is_hidden: 'false' } },
  { path: 'synonyms', sorts: [], filters: {} },
  { path: 'concepts', sorts: [], filters: {} },
  { path: 'shipping-zones', sorts: ['name', 'flat_rate'], filters: { search: 'Nepal' } },
  { path: 'shipping-restrictions', sorts: ['created_at', 'country'], filters: { search: 'blades' } },
  { path: 'tax-rates', sorts: ['name', 'rate', 'country'], filters: { search: 'VAT' } },
  { path: 'customers', sorts: ['created_at', 'email', 'username'], filters: { search: 'reader', is_active: 'true' } },
  { path: 'comments', sorts: ['created_at'], filters: { search: 'sharp', is_approved: 'false' } },
  { path: 'faqs', sorts: ['order'], filters: { search: 'ship' } },
  { path: 'documents', sorts: ['updated_at'], filters: { document_type: 'refund_policy' } },
  { path: 'contact-messages', sorts: ['created_at'], filters: { is_archived: 'false' } },
  {
    path: 'returns',
    sorts: ['requested_at', 'status'],
    filters: { search: '1001', status: 'requested', kind: 'withdrawal' },
  },
  { path: 'discounts', sorts: ['created_at', 'code', 'name', 'times_used'], filters: { search: 'FORGE' }, owner: true },
  { path: 'abandoned-carts', sorts: ['changed_at'], filters: { search: 'reader', reminded: 'false' } },
  { path: 'stock-alerts', sorts: ['product_name', 'waiting', 'oldest'], filters: { search: 'khukuri' } },
  { path: 'staff', sorts: ['created_at', 'email', 'last_login_at'], filters: {}, owner: true },
  { path: 'audit-log', sorts: ['created_at'], filters: { entity: 'order', entity_id: '1' }, owner: true },
];

/** A shop with one record (two where cheap) of every collection the admin app lists. */
async function furnishedShop() {
  const setup = await adminCatalogShop(t, 'Admin surface shop');
  const { shop, staff, customer } = setup;
  const as = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    adminCall(t, shop, staff.accessToken, method, url, payload).then((answer) => {
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(300);
      return answer.json() as { id: number };
    });
  await createCategory(t, shop, { name: 'Sheaths', slug: 'sheaths' });
  await setPayments(t, shop);
  await addShippingZone(t, shop);
  await addToCart(t, shop, customer.accessToken, setup.product.id);
  const order = (await placeOrder(t, shop, customer.accessToken)).json() as { id: number };
  const opened = await as('POST', '/returns/', { order_id: order.id, kind: 'withdrawal' });
  const post = await as('POST', '/posts/', { title: 'At the forge', slug: 'at-the-forge', status: 'published' });
  await as('POST', '/posts/', { title: 'Sharpening', slug: 'sharpening' });
  const comment = await t.request(shop, {
    method: 'POST',
    url: '/api/blog/comments/',
    token: customer.accessToken,
    payload: { post: post.id, content: 'A sharp read.' },
  });
  expect(comment.statusCode, comment.body).toBe(201);
  const faq = await as('POST', '/faqs/', { question: 'Do you ship abroad?', answer: '<p>Yes.</p>' });
  await as('POST', '/faqs/', { question: 'How long?', order: 2 });
  const document = await as('POST', '/documents/', { document_type: 'refund_policy', title: 'Refunds' });
  const synonyms = await as('POST', '/synonyms/', { terms: ['khukuri', 'kukri'] });
  await as('POST', '/synonyms/', { terms: ['sheath', 'scabbard'] });
  const concepts = await as('POST', '/concepts/', { terms: ['trekking', 'trail'] });
  await as('POST', '/concepts/', { terms: ['display', 'wall'] });
  const message = await t.request(shop, {
    method: 'POST',
    url: '/api/contact/messages/',
    payload: { name: 'Asha', email: 'asha@example.com', subject: 'Hello', message: 'A question about sheaths.' },
  });
  expect(message.statusCode, message.body).toBe(201);
  const review = await t.request(shop, {
    method: 'POST',
    url: '/api/products/reviews/',
    token: customer.accessToken,
    payload: { product: setup.product.id, rating: 5, comment: 'Holds an edge.' },
  });
  expect(review.statusCode, review.body).toBe(201);
  // A cart left behind two hours ago, and a customer waiting for a sold-out knife.
  const leaving = await createCustomer(t, shop);
  await addToCart(t, shop, leaving.accessToken, setup.product.id);
  await t.scope(shop).rows(sql`update carts set updated_at = now() - interval '2 hours'`);
  const soldOut = await createProduct(t, shop, { stock: 0, priceCents: 4000 });
  const alert = await t.request(shop, {
    method: 'POST',
    url: `/api/products/products/${soldOut.slug}/stock-alerts/`,
    token: leaving.accessToken,
    payload: {},
  });
  expect(alert.statusCode, alert.body).toBe(201);
  const zones = (await adminCall(t, shop, staff.accessToken, 'GET', '/shipping-zones/')).json();
  const restriction = await as('POST', '/shipping-restrictions/', {
    country: 'SG',
    product_ids: [setup.product.id],
    message: 'We do not send blades to Singapore.',
  });
  // Tax rates are settings: the owner's to change (ROLE_PERMISSIONS).
  const asOwner = (url: string, payload: object) =>
    adminCall(t, shop, setup.owner.accessToken, 'POST', url, payload).then((answer) => {
      expect(answer.statusCode, `POST ${url}: ${answer.body}`).toBeLessThan(300);
      return answer.json() as { id: number };
    });
  const rate = await asOwner('/tax-rates/', { name: 'VAT', rate: '19', country: 'DE' });
  const discount = await asOwner('/discounts/', { code: 'FORGE10', kind: 'percentage', value: '10.00' });
  await asOwner('/tax-rates/', {
    name: 'Sales tax',
    rate: '8.88',
    country: 'US',
    region: 'New York',
    display: 'added',
  });
  return {
    ...setup,
    records: {
      orders: order.id,
      products: setup.product.id,
      categories: setup.category.id,
      posts: post.id,
      synonyms: synonyms.id,
      concepts: concepts.id,
      'shipping-zones': zones.results[0].id as number,
      'shipping-restrictions': restriction.id,
      'tax-rates': rate.id,
      customers: customer.user.id,
      faqs: faq.id,
      documents: document.id,
      staff: staff.user.id,
      returns: opened.id,
      discounts: discount.id,
      'contact-messages': (await adminCall(t, shop, staff.accessToken, 'GET', '/contact-messages/')).json().results[0]
        .id as number,
    } as Record<string, number>,
  };
}

type Shop = Awaited<ReturnType<typeof furnishedShop>>;

/** An answer read with the schema the admin app reads it with: every mismatch named. */
function expectContract(schema: AdminResourceContract['page' | 'record'], answer: unknown, what: string) {
  expect(schema, `the contract of ${what}`).toBeDefined();
  const parsed = schema?.safeParse(answer);
  expect(parsed?.success ? [] : parsed?.error.issues, what).toEqual([]);
}

function listAs(setup: Shop, collection: Collection, query: Record<string, string>) {
  const token = collection.owner ? setup.owner.accessToken : setup.staff.accessToken;
  const search = new URLSearchParams({ page: '1', page_size: '100', ...query });
  return adminCall(t, setup.shop, token, 'GET', `/${collection.path}/?${search}`);
}

describe('the administration API answers what the admin app asks', () => {
  let setup: Shop;
  beforeAll(async () => {
    setup = await furnishedShop();
  });

  it.each(COLLECTIONS)('lists $path by id both ways, newest id first for -id', async (collection) => {
    const ascending = await listAs(setup, collection, { ordering: 'id' });
    expect(ascending.statusCode, ascending.body).toBe(200);
    expect(ascending.json().results.length).toBeGreaterThan(0);
    expectContract(adminResource(collection.path)?.page, ascending.json(), collection.path);
    const descending = await listAs(setup, collection, { ordering: '-id' });
    expect(descending.statusCode, descending.body).toBe(200);
    const ids = (answer: typeof ascending) => (answer.json().results as { id: number }[]).map((row) => row.id);
    expect(ids(ascending)).toEqual([...ids(ascending)].sort((a, b) => a - b));
    expect(ids(descending)).toEqual([...ids(descending)].sort((a, b) => b - a));
    expect(ids(descending)).toEqual([...ids(ascending)].reverse());
  });

  it.each(
    COLLECTIONS.flatMap((collection) =>
      collection.sorts.flatMap((field) => [
        { collection, ordering: field },
        { collection, ordering: `-${field}` },
      ]),
    ),
  )('lists $collection.path ordered by $ordering', async ({ collection, ordering }) => {
    const answer = await listAs(setup, collection, { ordering });
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it.each(COLLECTIONS.filter((collection) => Object.keys(collection.filters).length > 0))(
    'lists $path with every filter the app offers',
    async (collection) => {
      for (const [name, value] of Object.entries(collection.filters)) {
        const answer = await listAs(setup, collection, { [name]: value, ordering: collection.sorts[0] ?? 'id' });
        expect(answer.statusCode, `${name}=${value}: ${answer.body}`).toBe(200);
      }
    },
  );

  it.each(COLLECTIONS)('refuses an ordering of $path the app never sends with 400', async (collection) => {
    for (const ordering of ['tenant_id', '-password_hash', 'id;drop']) {
      const answer = await listAs(setup, collection, { ordering });
      expect(answer.statusCode, ordering).toBe(400);
      expect(answer.json()).toEqual({ ordering: [expect.any(String)] });
    }
  });

  it('opens every record the app opens (edit, show and reference fields)', async () => {
    for (const [path, id] of Object.entries(setup.records)) {
      const token = path === 'staff' ? setup.owner.accessToken : setup.staff.accessToken;
      const answer = await adminCall(t, setup.shop, token, 'GET', `/${path}/${id}/`);
      expect(answer.statusCode, `${path}/${id}: ${answer.body}`).toBe(200);
      expect(answer.json().id).toBe(id);
      expectContract(adminResource(path)?.record, answer.json(), `${path}/${id}`);
    }
  });

  it('lists and opens every resource of the admin app, each answer as its contract says', () => {
    const listed = COLLECTIONS.map((collection) => collection.path);
    const opened = Object.keys(setup.records);
    for (const [name, contract] of Object.entries(ADMIN_RESOURCES as Record<string, AdminResourceContract>)) {
      if (contract.page) expect(listed, name).toContain(name);
      if (contract.record && !contract.singleton) expect(opened, name).toContain(name);
    }
  });

  it('reads every settings resource at its one address as its contract says', async () => {
    const singletons = Object.entries(ADMIN_RESOURCES as Record<string, AdminResourceContract>).filter(
      ([, contract]) => contract.singleton,
    );
    expect(singletons.length).toBeGreaterThan(5);
    for (const [name, contract] of singletons) {
      const answer = await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', `/${name}/`);
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(200);
      expectContract(contract.record, answer.json(), name);
    }
  });

  it('opens a category for staff with its number of products, and not another shop’s', async () => {
    const answer = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/categories/${setup.category.id}/`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: setup.category.id, name: setup.category.name, product_count: 1 });

    const other = await adminCatalogShop(t, 'Another surface shop');
    const theirs = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/categories/${other.category.id}/`);
    expect(theirs.statusCode).toBe(404);
    const asCustomer = await adminCall(
      t,
      setup.shop,
      setup.customer.accessToken,
      'GET',
      `/categories/${setup.category.id}/`,
    );
    expect(asCustomer.statusCode).toBe(403);
  });
});
