// The benchmark's data, made before the server starts: the demo shop, a shop of 10 000 generated products, and a
// shop for the cart and order cases with its customers (signed in, some with a cart of one line).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Tenant } from '../src/lib/context.ts';
import { systemContext } from '../src/lib/context.ts';
import { openSession } from '../src/modules/accounts/index.ts';
import { createTenant, getTenant } from '../src/modules/tenants/index.ts';
import { DEMO_SYNONYMS } from '../src/seed/demo/search-data.ts';
import { DEMO_TENANT_TOKEN, seedDemo } from '../src/seed/index.ts';

const LARGE_TENANT_TOKEN = 'bench-large-catalog';
const ORDERS_TENANT_TOKEN = 'bench-orders';

/** What the cases use: the three shops, the bench product and the customers' access tokens. */
export interface BenchData {
  demo: Tenant;
  large: Tenant;
  /** A shop taking bank transfers, with one product of unbounded stock (`bench-khukuri`). */
  orders: Tenant;
  benchProductId: number;
  /** Signed-in customers of the orders shop with an empty cart. */
  cartCustomers: string[];
  /** Signed-in customers of the orders shop, each with one line in the cart (an order uses one up). */
  orderCustomers: string[];
}

/** Migrates, seeds the demo shop and the bench's own shops, and signs the customers in (through `app`'s services). */
export async function prepareData(
  app: FastifyInstance,
  database: Database,
  options: { generatedProducts: number; cartCustomers: number; orderCustomers: number },
): Promise<BenchData> {
  await migrate(database);
  await seedDemo(app.deps);
  const [demoRow] = await database.raw.query<{ id: number }>(`select id from tenants where token = $1`, [
    DEMO_TENANT_TOKEN,
  ]);
  const demo = (await getTenant(database.db, demoRow?.id as number)) as Tenant;
  const large = await seedLargeCatalog(database, options.generatedProducts);
  const orders = await seedOrdersShop(database);
  const [product] = await database.raw.query<{ id: number }>(
    `select id from products where tenant_id = $1 and slug = 'bench-khukuri'`,
    [orders.id],
  );
  const benchProductId = product?.id as number;
  const cartCustomers = await signedInCustomers(app, database, orders, 'cart', options.cartCustomers);
  const orderCustomers = await signedInCustomers(app, database, orders, 'order', options.orderCustomers, {
    cartWith: benchProductId,
  });
  // As autovacuum leaves tables in steady use: statistics and the visibility map (index-only counts).
  await database.raw.exec('vacuum analyze');
  return { demo, large, orders, benchProductId, cartCustomers, orderCustomers };
}

/** 10 000 products in one shop, generated in SQL (one statement each for categories, products, attributes). */
export async function seedLargeCatalog(database: Database, count: number): Promise<Tenant> {
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
    [tenant.id, patterns, count],
  );
  await database.raw.query(
    `insert into product_attributes (tenant_id, product_id, key, value, "order")
     select p.tenant_id, p.id, a.key, a.value || case when a.key = 'Blade length' then (8 + p.id % 8) || ' inches' else '' end, a.ord
       from products p
      cross join (values ('Blade length', '', 0), ('Steel', '5160 leaf-spring carbon steel', 1),
                         ('Handle', 'Water buffalo horn', 2), ('Origin', 'Dharan, Nepal', 3),
                         ('Sheath', 'Black leather sheath', 4)) as a(key, value, ord)
      where p.tenant_id = $1`,
    [tenant.id],
  );
  // The demo shop's synonym groups: a search of the large shop expands them as the demo's does.
  await database.raw.query(
    `insert into search_synonyms (tenant_id, terms) select $1, array(select jsonb_array_elements_text(g))
       from jsonb_array_elements($2::jsonb) g`,
    [tenant.id, JSON.stringify(DEMO_SYNONYMS)],
  );
  return tenant;
}

/** A shop for the cart and order cases: bank transfers, no shipping zones, one product that never runs out. */
async function seedOrdersShop(database: Database): Promise<Tenant> {
  const tenant = await createTenant(database.db, { name: 'Orders bench', token: ORDERS_TENANT_TOKEN });
  await database.raw.query(
    // The highest order limits: every add-to-cart and order of the measurements goes through.
    `insert into payment_settings (tenant_id, enable_bank_transfer, bank_account_details, max_unpaid_orders,
                                   max_units_per_product)
     values ($1, true, 'Bench Bank', 100, 10000)`,
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

/**
 * `count` customers of the shop, made in SQL (their password is never used), each signed in as a login would (a
 * session of its own, checked by every request); with `cartWith`, each holds one unit of that product in its cart.
 */
async function signedInCustomers(
  app: FastifyInstance,
  database: Database,
  tenant: Tenant,
  batch: string,
  count: number,
  options: { cartWith?: number } = {},
): Promise<string[]> {
  const users = await database.raw.query<{ id: number }>(
    `insert into users (tenant_id, email, username, password_hash)
     select $1, 'bench-' || $2 || '-' || n || '@example.com', 'bench-' || $2 || '-' || n, 'not-a-hash'
       from generate_series(1, $3::int) n
     returning id`,
    [tenant.id, batch, count],
  );
  if (options.cartWith !== undefined) {
    await database.raw.query(
      `with new_carts as (
         insert into carts (tenant_id, user_id) select $1, unnest($2::int[]) returning tenant_id, id)
       insert into cart_items (tenant_id, cart_id, product_id, quantity) select tenant_id, id, $3, 1 from new_carts`,
      [tenant.id, users.map((user) => user.id), options.cartWith],
    );
  }
  const ctx = systemContext(app.deps, database, tenant);
  const tokens: string[] = [];
  for (const user of users) tokens.push((await openSession(ctx, user.id)).access);
  return tokens;
}
