/**
 * API benchmark: starts the app on loopback on a fresh PGlite (and on PostgreSQL when BENCH_DATABASE_URL is set),
 * seeds the demo shop plus 10 000 generated products in a second shop, and measures each case next to a reference
 * route that answers the same bytes from memory in the same process. Writes docs/benchmarks.md.
 *
 * Add a case: append to CASES (a `setup` may create users, carts… and return the headers and body to send).
 * Cart and order cases spread their requests over many customers (one bearer token each), as a shop's traffic is.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { openSession } from '../src/modules/accounts/index.ts';
import { LocalMediaStorage } from '../src/modules/media/media.storage.ts';
import { createTenant, type Tenant } from '../src/modules/tenants/tenants.service.ts';
import { systemContext } from '../src/plugins/request-context.ts';
import { DEMO_TENANT_TOKEN, seedDemo } from '../src/seed/index.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const GENERATED_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const LARGE_TENANT_TOKEN = 'bench-large-catalog';
const ORDERS_TENANT_TOKEN = 'bench-orders';

/** What a case can use: the running app, its base URL and the three shops. */
export interface BenchEnv {
  app: FastifyInstance;
  baseUrl: string;
  database: Database;
  demo: Tenant;
  large: Tenant;
  /** A shop taking bank transfers, with one product of unbounded stock (`bench-khukuri`) for cart and order cases. */
  orders: Tenant;
}

export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  tenant: Tenant;
  headers?: Record<string, string>;
  body?: unknown;
  /** Measured requests take these bearer tokens in turn (the first, single request uses `headers`). */
  bearerTokens?: string[];
  /** A fixed number of measured requests instead of the fixed duration (a case that uses up its data). */
  amount?: number;
}

export interface BenchCase {
  name: string;
  /** Runs once before measuring (create a user, a cart…); returns the request to repeat. */
  setup: (env: BenchEnv) => Promise<BenchRequest> | BenchRequest;
}

const get = (name: string, shop: 'demo' | 'large', pathname: string): BenchCase => ({
  name,
  setup: (env) => ({ path: pathname, tenant: env[shop] }),
});

export const CASES: BenchCase[] = [
  get('demo: product list (page of 24)', 'demo', '/api/products/products/?is_active=true&page=1&page_size=24'),
  get('demo: product list, whole catalog (array)', 'demo', '/api/products/products/?is_active=true'),
  get('demo: product detail', 'demo', '/api/products/products/angkhola-khukuri-10-inch/'),
  get(
    'demo: search "kukri horn handle"',
    'demo',
    '/api/products/products/?is_active=true&search=kukri%20horn%20handle',
  ),
  get('10k: product list (page of 24)', 'large', '/api/products/products/?is_active=true&page=1&page_size=24'),
  get('10k: product list, page 200', 'large', '/api/products/products/?is_active=true&page=200&page_size=24'),
  get(
    '10k: category, by price (page of 24)',
    'large',
    '/api/products/products/?is_active=true&category__slug=pattern-3&ordering=price&page=1&page_size=24',
  ),
  get('10k: product detail', 'large', '/api/products/products/generated-khukuri-5000/'),
  get(
    '10k: search "bhojpure horn" (page of 24)',
    'large',
    '/api/products/products/?search=bhojpure%20horn&page=1&page_size=24',
  ),
  get(
    '10k: search misspelled "sirupati" (page of 24)',
    'large',
    '/api/products/products/?search=sirupati&page=1&page_size=24',
  ),
  {
    // The price of a signed-in request: the token's signature and the account read (is it active, its role).
    name: 'accounts: who am I, signed in',
    setup: async (env) => {
      const [token] = await benchCustomers(env, 1);
      return { path: '/api/accounts/me/', tenant: env.orders, headers: { authorization: `Bearer ${token}` } };
    },
  },
  {
    name: 'cart: add to cart (1 000 customers)',
    setup: async (env) => {
      const [first, ...rest] = await benchCustomers(env, 1001);
      return {
        method: 'POST',
        path: '/api/orders/cart/add-item/',
        tenant: env.orders,
        headers: { authorization: `Bearer ${first}` },
        bearerTokens: rest,
        body: { product_id: await benchProductId(env), quantity: 1, customization: {} },
      };
    },
  },
  {
    name: 'orders: place an order (2 000 customers, 1 line each)',
    setup: async (env) => {
      const tokens = await benchCustomers(env, ORDER_RUNS + 1, { withCart: true });
      return {
        method: 'POST',
        path: '/api/orders/orders/',
        tenant: env.orders,
        headers: { authorization: `Bearer ${tokens[0]}` },
        bearerTokens: tokens.slice(1),
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
        },
      };
    },
  },
];

const ORDER_RUNS = Number(process.env.BENCH_ORDERS ?? 2000);
let customerBatch = 0;

/** A shop for the cart and order cases: bank transfers, one product that never runs out. */
async function seedOrdersShop(database: Database): Promise<Tenant> {
  const tenant = await createTenant(database.db, { name: 'Orders bench', token: ORDERS_TENANT_TOKEN });
  await database.raw.query(
    `insert into payment_settings (tenant_id, enable_bank_transfer, bank_account_details) values ($1, true, 'Bench Bank')`,
    [tenant.id],
  );
  await database.raw.query(`insert into categories (tenant_id, slug, name) values ($1, 'bench', 'Bench')`, [tenant.id]);
  await database.raw.query(
    `insert into products (tenant_id, category_id, slug, name, price_cents, stock)
     select $1, id, 'bench-khukuri', 'Bench Khukuri', 8500, 1000000000 from categories where tenant_id = $1`,
    [tenant.id],
  );
  return tenant;
}

async function benchProductId(env: BenchEnv): Promise<number> {
  const [row] = await env.database.raw.query<{ id: number }>(
    `select id from products where tenant_id = $1 and slug = 'bench-khukuri'`,
    [env.orders.id],
  );
  return row?.id as number;
}

/**
 * `count` customers of the orders shop, made in SQL (their password is never used), and an access token for each
 * (after `setup`, outside the measured time);
 * with `withCart`, each holds one unit of the bench product in its cart.
 */
async function benchCustomers(env: BenchEnv, count: number, options: { withCart?: boolean } = {}): Promise<string[]> {
  customerBatch += 1;
  const users = await env.database.raw.query<{ id: number }>(
    `insert into users (tenant_id, email, username, password_hash)
     select $1, 'bench-' || $2 || '-' || n || '@example.com', 'bench-' || $2 || '-' || n, 'not-a-hash'
       from generate_series(1, $3::int) n
     returning id`,
    [env.orders.id, customerBatch, count],
  );
  if (options.withCart) {
    const productId = await benchProductId(env);
    await env.database.raw.query(
      `with new_carts as (
         insert into carts (tenant_id, user_id) select $1, unnest($2::int[]) returning tenant_id, id)
       insert into cart_items (tenant_id, cart_id, product_id, quantity) select tenant_id, id, $3, 1 from new_carts`,
      [env.orders.id, users.map((user) => user.id), productId],
    );
  }
  // Each signs in as a login would (a session of its own): every request checks it.
  const ctx = systemContext(env.app.deps, env.database, env.orders);
  const tokens: string[] = [];
  for (const user of users) tokens.push((await openSession(ctx, user.id)).access);
  return tokens;
}

/** 10 000 products in one shop, generated in SQL (one statement each for categories, products, attributes). */
async function seedLargeCatalog(database: Database): Promise<Tenant> {
  const tenant = await createTenant(database.db, { name: 'Large catalog', token: LARGE_TENANT_TOKEN });
  const patterns = ['Angkhola', 'Bhojpure', 'Sirupate', 'Chitlange', 'Budhume', 'Dhankute', 'Panawal', 'Kothimora'];
  await database.raw.query(
    `insert into categories (tenant_id, slug, name, description, position)
     select $1, 'pattern-' || i, p || ' patterns', '<p>Generated category.</p>', i
       from unnest($2::text[]) with ordinality as t(p, i)`,
    [tenant.id, patterns],
  );
  await database.raw.query(
    `insert into products (tenant_id, category_id, slug, name, description, price_cents, price_before_discount_cents, stock, created_at)
     select $1, c.id, 'generated-khukuri-' || n,
            ($2::text[])[1 + n % 8] || ' Khukuri ' || (8 + n % 8) || ' inch no. ' || n,
            'A hand-forged ' || lower(($2::text[])[1 + n % 8]) || ' khukuri with a ' ||
              (array['rosewood', 'horn', 'bone', 'walnut'])[1 + n % 4] || ' handle, generated for the benchmark.',
            2000 + (n * 37) % 30000, case when n % 5 = 0 then 2000 + (n * 37) % 30000 + 1500 end, n % 20,
            now() - n * interval '1 minute'
       from generate_series(1, $3::int) n
       join categories c on c.tenant_id = $1 and c.slug = 'pattern-' || (1 + n % 8)`,
    [tenant.id, patterns, GENERATED_PRODUCTS],
  );
  await database.raw.query(
    `insert into product_attributes (tenant_id, product_id, key, value, "order")
     select p.tenant_id, p.id, a.key, a.value || case when a.key = 'Blade length' then (8 + p.id % 8) || ' inches' else '' end, a.ord
       from products p
      cross join (values ('Blade length', '', 0), ('Steel', '5160 leaf-spring carbon steel', 1),
                         ('Handle', 'Water buffalo horn', 2), ('Origin', 'Dharan, Nepal', 3)) as a(key, value, ord)
      where p.tenant_id = $1`,
    [tenant.id],
  );
  await database.raw.query(`insert into search_synonyms (tenant_id, terms) values ($1, $2)`, [
    tenant.id,
    ['khukuri', 'kukri', 'khukri', 'gurkha knife'],
  ]);
  // As autovacuum leaves a table in steady use: statistics and the visibility map (index-only counts).
  await database.raw.exec('vacuum analyze');
  return tenant;
}

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, request: BenchRequest): Promise<Figures> {
  const headers = {
    'x-tenant-token': request.tenant.token,
    ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...request.headers,
  };
  const tokens = request.bearerTokens;
  let next = 0;
  const result = await autocannon({
    url,
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    connections: CONNECTIONS,
    ...(request.amount ? { amount: request.amount } : { duration: DURATION_SECONDS }),
    ...(tokens
      ? {
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => ({
                ...req,
                headers: { ...headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
              }),
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

interface Row {
  name: string;
  bytes: number;
  app: Figures;
  reference: Figures;
}

async function openFreshDatabase(
  engine: 'pglite' | 'postgres',
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: async () => undefined };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL as string;
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  return {
    database,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function runEngine(engine: 'pglite' | 'postgres'): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RATE_LIMIT_ENABLED: 'false',
    JWT_SECRET: randomBytes(32).toString('hex'),
  });
  const { database, drop } = await openFreshDatabase(engine);
  const media = new LocalMediaStorage(config.mediaDir);
  const app = await buildApp({ config, database, media, logger: false });
  console.log(`[${engine}] migrating and seeding…`);
  await migrate(database);
  await seedDemo(app.deps);
  const large = await seedLargeCatalog(database);
  const orders = await seedOrdersShop(database);
  const { findTenantByToken } = await import('../src/modules/tenants/tenants.repository.ts');
  const demo = (await findTenantByToken(database.db, DEMO_TENANT_TOKEN)) as Tenant;

  // The reference: the same bytes, from memory, through the same server and hooks-free route (bench process only).
  const references = new Map<string, { body: Buffer; type: string }>();
  app.get('/bench-reference/:id', async (request, reply) => {
    const stored = references.get((request.params as { id: string }).id);
    if (!stored) return reply.code(404).send();
    return reply.header('content-type', stored.type).send(stored.body);
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const env: BenchEnv = { app, baseUrl: address, database, demo, large, orders };

  const rows: Row[] = [];
  try {
    for (const [index, benchCase] of CASES.entries()) {
      const request = await benchCase.setup(env);
      const response = await fetch(`${address}${request.path}`, {
        method: request.method ?? 'GET',
        headers: { 'x-tenant-token': request.tenant.token, 'content-type': 'application/json', ...request.headers },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new Error(`${benchCase.name}: ${response.status} ${body.toString().slice(0, 200)}`);
      references.set(String(index), { body, type: response.headers.get('content-type') ?? 'application/json' });
      const appFigures = await measure(`${address}${request.path}`, request);
      const { bearerTokens: _tokens, ...plain } = request;
      const referenceFigures = await measure(`${address}/bench-reference/${index}`, {
        ...plain,
        method: 'GET',
        body: undefined,
      });
      rows.push({ name: benchCase.name, bytes: body.length, app: appFigures, reference: referenceFigures });
      console.log(
        `[${engine}] ${benchCase.name}: ${appFigures.requestsPerSecond.toFixed(0)} req/s, p50 ${appFigures.p50} ms, p99 ${appFigures.p99} ms (reference ${referenceFigures.requestsPerSecond.toFixed(0)} req/s)`,
      );
    }
  } finally {
    await app.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

function table(rows: Row[]): string {
  const lines = [
    '| Case | Bytes | req/s | p50 ms | p99 ms | Reference req/s | Reference p50 ms | Reference p99 ms | Errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${row.bytes} | ${row.app.requestsPerSecond.toFixed(0)} | ${row.app.p50} | ${row.app.p99} | ${row.reference.requestsPerSecond.toFixed(0)} | ${row.reference.p50} | ${row.reference.p99} | ${row.app.errors + row.reference.errors} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const engines: ('pglite' | 'postgres')[] = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const sections: string[] = [];
  for (const engine of engines) {
    const rows = await runEngine(engine);
    sections.push(
      `## ${engine === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL (BENCH_DATABASE_URL)'}\n\n${table(rows)}`,
    );
  }
  const cpus = os.cpus();
  const document = `# API benchmarks

Produced by \`npm run bench\` (apps/api/bench/run.ts): the app listens on loopback; autocannon sends
${CONNECTIONS} concurrent connections for ${DURATION_SECONDS} s per case. "Reference" is a route of the same server that answers the
same bytes from memory (registered by the benchmark only): the gap between the two is the cost of our code and the
database. The "demo" shop is the seeded khukuri shop (18 products); "10k" is a second shop with ${GENERATED_PRODUCTS.toLocaleString('en')}
generated products. Cart and order cases run in a third shop, each request as another customer (one cart line
added; one order of one line placed, in its transaction with the product row locked); the order case sends a fixed
${ORDER_RUNS.toLocaleString('en')} requests, since each uses up a cart. Figures from one run; they vary between runs and machines.

- Date: ${new Date().toISOString().slice(0, 10)}
- Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}
- Node ${process.version}

${sections.join('\n\n')}
`;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const target = path.resolve(here, '../../../docs/benchmarks.md');
  // The sections other benchmarks keep in the same file (the bundle budget) stay as they are.
  const previous = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  const kept = previous.indexOf(KEPT_SECTIONS_FROM);
  fs.writeFileSync(target, kept >= 0 ? `${document}\n${previous.slice(kept)}` : document);
  console.log(`written ${target}`);
}

/** Where the sections this benchmark does not write begin in docs/benchmarks.md. */
const KEPT_SECTIONS_FROM = '## Storefront first-load JavaScript (budget)';

await main();
