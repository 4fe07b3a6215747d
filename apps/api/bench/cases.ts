// What `npm run bench` measures, in the order of its report, and the targets some cases are held to (issue 15's, the
// search speed target of the 10k searches, and the speed issue's: the floor, cached pages and uncached reads).
// Add a case: append it to CASES (a `request` may use the shops, products and customers of BenchData).
import type { BenchData } from './data.ts';
import { type BenchRequest, type Figures, TokenSource } from './measure.ts';

/** The server a case runs against: the production configuration, or the same with RESPONSE_CACHE_FRESH_SECONDS=0. */
export type Served = 'cache' | 'no cache';
export type Engine = 'pglite' | 'postgres';

/** What a case's request may use: the data, and the demo shop's addresses found on the running server. */
export interface CaseContext extends BenchData {
  demoProduct: string;
  demoCategory: string;
  demoPost: string;
}

export interface Target {
  /** The target as the report states it. */
  text: string;
  /**
   * Whether the target holds for a measurement: null when it does not apply, else the gaps ([] when met). `ratio` is
   * over the reference's requests/s, `bareRatio` over the bare Fastify's.
   */
  gaps: (engine: Engine, figures: Figures, ratio: number, bareRatio: number) => string[] | null;
  /**
   * A share of the bare Fastify: the bare server is measured again right before each measurement the target applies
   * to, at the same connections, and `bareRatio` is over that one (its rate drifts by half or more within a run on a
   * shared machine).
   */
  besideBare?: true;
}

export interface BenchCase {
  name: string;
  /** bare: the bare Fastify server (bare-server.ts), not the shop. */
  kind: 'bare' | 'reference' | 'page' | 'api';
  served: Served;
  connections: number[];
  targets?: Target[];
  /** Sent once per measurement before it, to fill the cache and warm the code (never for cases that use data up). */
  warmUp?: boolean;
  /** Built once, after the server started; the same request is used at every connection count. */
  request: (context: CaseContext) => BenchRequest;
}

const LOADS = [10, 50];
/** Pages rendered without the cache are also measured alone: their median there is the time of one render. */
const RENDER_LOADS = [1, 10, 50];

const percent = (ratio: number) => `${(ratio * 100).toFixed(ratio < 0.1 ? 1 : 0)} %`;

/** The per-request floor (issue 46): the shop's /api/health/, logging every request, ≥ 45 % of the bare Fastify's rate. */
const FLOOR: Target = {
  text: '/api/health/ ≥ 45 % of the bare Fastify, every request logged',
  besideBare: true,
  gaps: (_engine, _figures, _ratio, bareRatio) =>
    bareRatio < 0.45 ? [`${percent(bareRatio)} of the bare Fastify`] : [],
};

/** Public pages from the cache: ≥ 30 % of the bare Fastify's requests/s (issue 46's bar for the product page). */
const PAGE_FROM_CACHE_BARE: Target = {
  text: 'cached pages ≥ 30 % of the bare Fastify',
  besideBare: true,
  gaps: (_engine, _figures, _ratio, bareRatio) =>
    bareRatio < 0.3 ? [`${percent(bareRatio)} of the bare Fastify`] : [],
};

/** Uncached on PostgreSQL at 10 connections: at least `least` of the bare Fastify's requests/s (issue 46). */
function uncachedShareOfBare(least: number): Target {
  return {
    text: `uncached on PostgreSQL, 10 conn.: ≥ ${percent(least)} of the bare Fastify`,
    besideBare: true,
    gaps: (engine, figures, _ratio, bareRatio) =>
      engine !== 'postgres' || figures.connections !== 10
        ? null
        : bareRatio < least
          ? [`${percent(bareRatio)} of the bare Fastify`]
          : [],
  };
}

/**
 * Uncached at 10 connections: at least `postgres` requests/s on PostgreSQL (and a p99 of at most `p99` ms), and on
 * PGlite at least `pglite`, the rate before row-level security.
 */
function uncached(postgres: number, pglite: number | null, p99?: number): Target {
  const pgliteText = pglite === null ? '' : `, PGlite ≥ ${pglite}`;
  return {
    text: `uncached, 10 conn.: PostgreSQL ≥ ${postgres} req/s${p99 ? ` with p99 ≤ ${p99} ms` : ''}${pgliteText}`,
    gaps: (engine, figures) => {
      if (figures.connections !== 10 || (engine === 'pglite' && pglite === null)) return null;
      const least = engine === 'postgres' ? postgres : (pglite as number);
      return [
        ...(figures.requestsPerSecond < least ? [`${figures.requestsPerSecond.toFixed(0)} req/s`] : []),
        ...(engine === 'postgres' && p99 && figures.p99 > p99 ? [`p99 ${figures.p99} ms`] : []),
      ];
    },
  };
}

/** Public pages from the cache: ≥ 25 % of the reference's requests/s, p99 ≤ 20 ms. */
const PAGE_FROM_CACHE: Target = {
  text: '≥ 25 % of the reference, p99 ≤ 20 ms',
  gaps: (_engine, figures, ratio) => [
    ...(ratio < 0.25 ? [`${percent(ratio)} of the reference`] : []),
    ...(figures.p99 > 20 ? [`p99 ${figures.p99} ms`] : []),
  ],
};

/** A product page rendered without the cache in ≤ 15 ms median: one render, read with one connection. */
const RENDER: Target = {
  text: 'median ≤ 15 ms (one connection)',
  gaps: (_engine, figures) => (figures.connections !== 1 ? null : figures.p50 > 15 ? [`p50 ${figures.p50} ms`] : []),
};

/** Product list and detail API: ≥ 50 % of the reference with p99 ≤ 20 ms, on PostgreSQL. */
const API_READ: Target = {
  text: '≥ 50 % of the reference, p99 ≤ 20 ms (PostgreSQL)',
  gaps: (engine, figures, ratio) =>
    engine !== 'postgres'
      ? null
      : [
          ...(ratio < 0.5 ? [`${percent(ratio)} of the reference`] : []),
          ...(figures.p99 > 20 ? [`p99 ${figures.p99} ms`] : []),
        ],
};

/** Every kind of search on the 10 000 products, answered by its handler: p99 ≤ 30 ms at 10 connections, on PostgreSQL. */
const SEARCH: Target = {
  text: 'search: p99 ≤ 30 ms at 10 connections (PostgreSQL, 10k, no cache)',
  gaps: (engine, figures) =>
    engine !== 'postgres' || figures.connections !== 10 ? null : figures.p99 > 30 ? [`p99 ${figures.p99} ms`] : [],
};

const ORDER_RUNS = Number(process.env.BENCH_ORDERS ?? 500);
/** Customers with a cart: every order measurement (one per connection count) uses up ORDER_RUNS of them. */
export const ORDER_CUSTOMERS = ORDER_RUNS * LOADS.length + 1;
export const CART_CUSTOMERS = 1000;

function page(name: string, path: (context: CaseContext) => string, renderTargets: Target[] = []): BenchCase[] {
  return [
    {
      name,
      kind: 'page',
      served: 'cache',
      connections: LOADS,
      targets: [PAGE_FROM_CACHE, PAGE_FROM_CACHE_BARE],
      warmUp: true,
      request: (c) => ({ path: path(c) }),
    },
    {
      name,
      kind: 'page',
      served: 'no cache',
      connections: RENDER_LOADS,
      targets: renderTargets,
      warmUp: true,
      request: (c) => ({ path: path(c) }),
    },
  ];
}

function read(
  name: string,
  served: Served[],
  request: (context: CaseContext) => BenchRequest,
  targets: Target[] = [],
  uncachedTargets: Target[] = [],
): BenchCase[] {
  return served.map((how) => ({
    name,
    kind: 'api',
    served: how,
    connections: LOADS,
    targets: how === 'no cache' ? [...targets, ...uncachedTargets] : targets,
    warmUp: true,
    request,
  }));
}

const BOTH: Served[] = ['cache', 'no cache'];
const demo = (path: string) => (c: CaseContext) => ({ path, tenantToken: c.demo.token });
const large = (path: string) => (c: CaseContext) => ({ path, tenantToken: c.large.token });

/** A search of the large shop, answered by its handler (no cache); `shown`: the text as the report names it. */
const search = (kind: string, text: string, shown = text) =>
  read(
    `10k: search, ${kind}: "${shown}" (page of 24)`,
    ['no cache'],
    large(`/api/products/products/?search=${encodeURIComponent(text)}&page=1&page_size=24`),
    [SEARCH],
  );

/**
 * `count` distinct three-letter words that no word of the benchmark's shops begins with ("qax", "qbx", …, "zax", …):
 * the most words a search of 200 characters can have that the catalog does not hold.
 */
function unknownWords(count: number): string[] {
  const words = [...'qz'].flatMap((first) => [...'abcdefghijklmnopqrstuvwxyz'].map((middle) => `${first}${middle}x`));
  return words.slice(0, count);
}

const FIFTY_UNKNOWN = unknownWords(50).join(' ');
// As many as 200 characters hold after two of the catalog's words.
const TWO_KNOWN_THEN_UNKNOWN = ['bhojpure', 'horn', ...unknownWords(46)].join(' ');

export const CASES: BenchCase[] = [
  ...(['cache', 'no cache'] as const).flatMap((served): BenchCase[] => [
    {
      name: 'bare Fastify: GET /api/health/',
      kind: 'bare',
      served,
      connections: served === 'cache' ? LOADS : RENDER_LOADS,
      warmUp: true,
      request: () => ({ path: '/api/health/' }),
    },
    {
      name: 'reference: GET /api/health/',
      kind: 'reference',
      served,
      // Every number of connections a case of this server is measured at.
      connections: served === 'cache' ? LOADS : RENDER_LOADS,
      targets: [FLOOR],
      warmUp: true,
      request: () => ({ path: '/api/health/' }),
    },
  ]),
  ...page('home', () => '/', [uncached(150, 31)]),
  ...page('/products', () => '/products', [uncached(150, 42)]),
  ...page('a category', (c) => `/products?category=${encodeURIComponent(c.demoCategory)}`),
  ...page('a product page', (c) => `/products/${c.demoProduct}`, [
    RENDER,
    uncached(200, 79),
    uncachedShareOfBare(0.005),
  ]),
  ...page('a search page', () => '/products?search=kukri', [uncached(100, null, 150)]),
  ...page('/blog', () => '/blog'),
  ...page('a post', (c) => `/blog/${c.demoPost}`),
  ...read(
    'demo: product list (page of 24)',
    BOTH,
    demo('/api/products/products/?is_active=true&page=1&page_size=24'),
    [API_READ],
    [uncached(1000, 311), uncachedShareOfBare(0.025)],
  ),
  ...read(
    'demo: product detail',
    BOTH,
    (c) => demo(`/api/products/products/${c.demoProduct}/`)(c),
    [API_READ],
    [uncached(1500, 392)],
  ),
  ...read(
    'demo: search "kukri horn handle" (page of 24)',
    BOTH,
    demo('/api/products/products/?is_active=true&search=kukri%20horn%20handle&page=1&page_size=24'),
    [],
    [uncached(600, null)],
  ),
  ...read('demo: categories', BOTH, demo('/api/products/categories/')),
  ...read(
    '10k: product list (page of 24)',
    ['no cache'],
    large('/api/products/products/?is_active=true&page=1&page_size=24'),
    [API_READ],
  ),
  ...read(
    // As the storefront's list asks for it: the counts per category and price band beside its filters.
    '10k: product list with facets (page of 24)',
    ['no cache'],
    large('/api/products/products/?is_active=true&facets=true&page=1&page_size=24'),
  ),
  ...read(
    '10k: search "bhojpure horn" with facets (page of 24)',
    ['no cache'],
    large('/api/products/products/?is_active=true&search=bhojpure%20horn&facets=true&page=1&page_size=24'),
  ),
  ...read('10k: search completions "bhoj"', ['no cache'], large('/api/products/search-completions/?search=bhoj')),
  // The type-ahead of a text of 50 words the catalog does not hold, beside the one above: its cost is bounded.
  ...read(
    '10k: search completions, 50 unknown words "qax qbx … zxx"',
    ['no cache'],
    large(`/api/products/search-completions/?search=${encodeURIComponent(FIFTY_UNKNOWN)}`),
  ),
  ...read(
    '10k: product list, page 200',
    ['no cache'],
    large('/api/products/products/?is_active=true&page=200&page_size=24'),
  ),
  ...read(
    '10k: category, by price (page of 24)',
    ['no cache'],
    large('/api/products/products/?is_active=true&category__slug=pattern-3&ordering=price&page=1&page_size=24'),
  ),
  ...read('10k: product detail', ['no cache'], large('/api/products/products/generated-khukuri-5000/'), [API_READ]),
  // Every kind of search, on the shop of 10 000 products, a page of 24 as the storefront asks.
  ...search('one word', 'sirupate'),
  ...search('two words', 'bhojpure horn'),
  ...search('phrase', 'horn handle'),
  ...search('plural', 'kukris'),
  ...search('misspelled', 'sirupati'),
  ...search('misspelled', 'gurhka'),
  ...search('misspelled and correct', 'bhojpuri horn'),
  ...search('misspelled and correct', 'kukri wth sheath'),
  ...search('nothing found', 'xyzzyq'),
  // Texts meant to cost: 50 words the catalog does not hold, and 48 of which the first two are its words.
  ...search('50 unknown words', FIFTY_UNKNOWN, 'qax qbx … zxx'),
  ...search('48 words, the first two known', TWO_KNOWN_THEN_UNKNOWN, 'bhojpure horn qax … ztx'),
  {
    // The price of a signed-in request: the token's signature and the account read (is it active, its role).
    name: 'accounts: who am I, signed in',
    kind: 'api',
    served: 'cache',
    connections: LOADS,
    warmUp: true,
    request: (c) => ({
      path: '/api/accounts/me/',
      tenantToken: c.orders.token,
      bearerTokens: new TokenSource(c.cartCustomers),
    }),
  },
  {
    name: `cart: add to cart (${CART_CUSTOMERS.toLocaleString('en')} customers)`,
    kind: 'api',
    served: 'cache',
    connections: LOADS,
    warmUp: true,
    request: (c) => ({
      method: 'POST',
      path: '/api/orders/cart/add-item/',
      tenantToken: c.orders.token,
      bearerTokens: new TokenSource(c.cartCustomers),
      body: { product_id: c.benchProductId, quantity: 1, customization: {} },
    }),
  },
  {
    name: `orders: create an order (${ORDER_RUNS.toLocaleString('en')} customers per run, 1 line each)`,
    kind: 'api',
    served: 'cache',
    connections: LOADS,
    request: (c) => ({
      method: 'POST',
      path: '/api/orders/orders/',
      tenantToken: c.orders.token,
      bearerTokens: new TokenSource(c.orderCustomers),
      amount: ORDER_RUNS,
      body: {
        payment_method: 'bank_transfer',
        delivery_address: {
          street: '12 Durbar Marg',
          city: 'Kathmandu',
          postalCode: '44600',
          country: 'Nepal',
          fullname: 'Bench Customer',
          contact_number: '+977 1 4221234',
        },
        // As a buyer of a blade confirms at checkout (the bench's khukuri is not age-restricted: it changes nothing).
        age_confirmed: true,
      },
    }),
  },
];
