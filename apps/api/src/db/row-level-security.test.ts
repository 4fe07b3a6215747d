// Row-level security behind the tenant scope (migration 0050): statements that deliberately leave out their tenant
// filter, through the application's own connections, see and change nothing of another shop.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createCustomer, createProduct } from '../../test/builders.ts';
import { recordAudit } from '../modules/audit/index.ts';
import { queueMail } from '../modules/mail/index.ts';
import type { Tenant } from '../modules/tenants/index.ts';
import { APPLICATION_ROLE, type Database } from './client.ts';
import { auditLog, categories, mailQueue, productAttributes, products, stockMovements, users } from './schema/index.ts';
import { TenantScope } from './tenant-scope.ts';

let t: TestApp;
let database: Database;
let shopA: Tenant;
let shopB: Tenant;

/** The tenant ids of every row of the tables, read without any tenant filter through `db`. */
async function tenantIdsSeen(db: Database['db']): Promise<Record<string, number[]>> {
  const seen = async (rows: Promise<{ tenantId: number }[]>) => [...new Set((await rows).map((row) => row.tenantId))];
  return {
    users: await seen(db.select({ tenantId: users.tenantId }).from(users)),
    categories: await seen(db.select({ tenantId: categories.tenantId }).from(categories)),
    products: await seen(db.select({ tenantId: products.tenantId }).from(products)),
    product_attributes: await seen(db.select({ tenantId: productAttributes.tenantId }).from(productAttributes)),
    stock_movements: await seen(db.select({ tenantId: stockMovements.tenantId }).from(stockMovements)),
    mail_queue: await seen(db.select({ tenantId: mailQueue.tenantId }).from(mailQueue)),
  };
}

/** The database's refusal, under Drizzle's error that names the statement. */
const REFUSED = { cause: { message: expect.stringMatching(/violates row-level security policy/) } };
/** The database's refusal of a statement the application's role has no privilege for. */
const DENIED = { cause: { message: expect.stringContaining('permission denied for table audit_log') } };

const everyTable = (ids: number[]) => ({
  users: ids,
  categories: ids,
  products: ids,
  product_attributes: ids,
  stock_movements: ids,
  mail_queue: ids,
});

beforeAll(async () => {
  t = await buildTestApp();
  database = t.testDb.database;
  shopA = await t.createTenant('Shop A');
  shopB = await t.createTenant('Shop B');
  for (const shop of [shopA, shopB]) {
    await createCustomer(t, shop);
    await createProduct(t, shop, { attributes: [['Steel', '5160']] });
    await queueMail(t.context(shop), { to: `someone@shop${shop.id}.example`, subject: 'Hello', text: 'Hello' });
  }
  await t.settled();
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('holds rows of both shops in every table of the test, as the platform sees them', async () => {
    const both = [shopA.id, shopB.id].sort();
    const seen = await database.asPlatform((db) => tenantIdsSeen(db));
    for (const ids of Object.values(seen)) ids.sort();
    expect(seen).toEqual(everyTable(both));
  });

  it("shows a statement without a tenant filter only its own shop's rows", async () => {
    expect(await tenantIdsSeen(t.scope(shopA).db)).toEqual(everyTable([shopA.id]));
    expect(await tenantIdsSeen(t.scope(shopB).db)).toEqual(everyTable([shopB.id]));
  });

  it("shows raw SQL without a tenant filter, and a whole transaction, only its own shop's rows", async () => {
    const scope = t.scope(shopA);
    const raw = await scope.rows<{ tenant_id: number }>(sql`select distinct tenant_id from products`);
    expect(raw.map((row) => Number(row.tenant_id))).toEqual([shopA.id]);
    const inTransaction = await scope.transaction(async (tx) => ({
      before: await tenantIdsSeen(tx.db),
      // A savepoint inside the transaction keeps the shop as well.
      nested: await tx.transaction((inner) => tenantIdsSeen(inner.db)),
    }));
    expect(inTransaction).toEqual({ before: everyTable([shopA.id]), nested: everyTable([shopA.id]) });
  });

  it("shows the application's connection no shop's rows when no shop is set", async () => {
    expect(await tenantIdsSeen(database.db)).toEqual(everyTable([]));
    expect(await database.db.transaction((tx) => tenantIdsSeen(tx as unknown as Database['db']))).toEqual(
      everyTable([]),
    );
    // A scope built on a transaction of the application's connection names no shop either.
    const orphan = await database.db.transaction((tx) => tenantIdsSeen(new TenantScope(tx as never, shopA.id).db));
    expect(orphan).toEqual(everyTable([]));
  });

  it('shows each statement its own shop only, whichever shop (or none) the connection served before', async () => {
    // The connections keep the shop of their last statement outside a transaction (one round trip while a shop is
    // served): every handle, in every order, concurrently, and the platform door and raw SQL between, must still
    // see its own shop's rows only.
    const handles: [string, Database['db'], number[]][] = [
      ['shop A', t.scope(shopA).db, [shopA.id]],
      ['shop B', t.scope(shopB).db, [shopB.id]],
      ['no shop', database.db, []],
    ];
    const seenBy = async ([name, db]: (typeof handles)[number], step: number) => {
      const rows = async () =>
        (await db.select({ tenantId: products.tenantId }).from(products)).map((row) => row.tenantId);
      const seen =
        step % 4 === 3
          ? await db.transaction(async (tx) =>
              (await tx.select({ tenantId: products.tenantId }).from(products)).map((row) => row.tenantId),
            )
          : await rows();
      if (step % 5 === 4) await database.asPlatform((owner) => owner.select({ id: products.id }).from(products));
      if (step % 7 === 6) await database.raw.query('select count(*) from products');
      return [name, [...new Set(seen)]] as const;
    };
    const order = Array.from(
      { length: 60 },
      (_, step) => handles[(step * 7 + (step >> 2)) % 3] as (typeof handles)[number],
    );
    const expected = order.map(([name, , ids]) => [name, ids]);
    // One after another (each connection passes from shop to shop), then all at once.
    const inTurn = [];
    for (const [step, handle] of order.entries()) inTurn.push(await seenBy(handle, step));
    expect(inTurn).toEqual(expected);
    expect(await Promise.all(order.map((handle, step) => seenBy(handle, step)))).toEqual(expected);
    // A statement that fails leaves its connection serving the next one right.
    await expect(t.scope(shopA).rows(sql`select 1 / 0`)).rejects.toThrow();
    expect(await Promise.all(order.map((handle, step) => seenBy(handle, step)))).toEqual(expected);
  });

  it("reads each shop's own rows through a statement prepared once per shop handle, in turn, at once and in a transaction", async () => {
    let builds = 0;
    const namesOf = (scope: TenantScope) =>
      scope
        .prepared('test_product_names', (shop) => {
          builds += 1;
          return shop.db.select({ tenantId: products.tenantId }).from(products).where(shop.where(products));
        })
        .execute();
    const [a, b] = [t.scope(shopA), t.scope(shopB)];
    // Built once per shop handle (a scope made again for the shop has the same handle), once more for the other shop.
    await namesOf(a);
    await namesOf(a);
    await namesOf(t.scope(shopA));
    expect(builds).toBe(1);
    await namesOf(b);
    expect(builds).toBe(2);
    const seen = async (scope: TenantScope) => [...new Set((await namesOf(scope)).map((row) => row.tenantId))];
    const order = Array.from({ length: 20 }, (_, step) => (step % 3 === 1 ? b : a));
    const expected = order.map((scope) => [scope.tenantId]);
    const inTurn = [];
    for (const scope of order) inTurn.push(await seen(scope));
    expect(inTurn).toEqual(expected);
    expect(await Promise.all(order.map(seen))).toEqual(expected);
    expect(await b.transaction((tx) => seen(tx))).toEqual([shopB.id]);
  });

  it("answers a transaction's statements sent at once, one after another, each its own, without the driver's warning", async () => {
    // node-postgres warns (once per process) when a query is sent while its connection runs another, and pg 9 refuses
    // it: every query given to a connection is counted until it answers.
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.message);
    const pending = new WeakMap<object, number>();
    let mostAtOnce = 0;
    const send = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const count = (pending.get(this) ?? 0) + 1;
      pending.set(this, count);
      mostAtOnce = Math.max(mostAtOnce, count);
      const answered = () => pending.set(this, (pending.get(this) ?? 1) - 1);
      const answer = (send as (...given: unknown[]) => unknown).apply(this, args);
      if (answer instanceof Promise) answer.then(answered, answered);
      return answer;
    } as typeof send;
    process.on('warning', listen);
    try {
      const scope = t.scope(shopA);
      const answers = await scope.transaction((tx) =>
        Promise.all([
          tx.rows<{ n: number }>(sql`select pg_sleep(0.02), 1 as n`),
          tx.rows<{ n: number }>(sql`select 2 as n`),
          tx.rows<{ tenant_id: number }>(sql`select distinct tenant_id from products`),
        ]),
      );
      expect(answers.map((rows) => Number(Object.values(rows[0] ?? {}).at(-1)))).toEqual([1, 2, shopA.id]);
      // A statement that fails among them fails the transaction, and every statement still gets its answer.
      const settled = scope.transaction((tx) =>
        Promise.allSettled([tx.rows(sql`select 1 / 0`), tx.rows(sql`select 3 as n`)]).then((outcomes) => {
          if (outcomes.some((outcome) => outcome.status === 'rejected')) throw new Error('a statement failed');
          return outcomes;
        }),
      );
      await expect(settled).rejects.toThrow('a statement failed');
      expect(await scope.transaction((tx) => tx.rows<{ n: number }>(sql`select 4 as n`))).toEqual([{ n: 4 }]);
      // One at a time on PostgreSQL's connections (PGlite, in process, has none).
      expect(mostAtOnce).toBeLessThanOrEqual(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('client.query()'))).toEqual([]);
    } finally {
      pg.Client.prototype.query = send;
      process.off('warning', listen);
    }
  });

  it("gives the catalog search's index functions (migration 0061) the ids of the transaction's shop only", async () => {
    // Both shops' products are named "Product N"; each function reads past the policy and names the shop itself.
    const ids = async (db: Database['db']) => {
      const words = await db.execute(sql`select * from catalog_search_matching(to_tsquery('english', 'product'), 10)`);
      const alike = await db.execute(sql`select * from catalog_search_similar('prodcut')`);
      const rows = (result: unknown) =>
        ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<string, number>[];
      return [...rows(words), ...rows(alike)].map((row) => Number(Object.values(row)[0]));
    };
    const shopIds = async (db: Database['db']) =>
      (await db.select({ id: products.id }).from(products)).map((row) => row.id);
    const inA = await ids(t.scope(shopA).db);
    expect(inA.length).toBeGreaterThan(0);
    expect(new Set(inA)).toEqual(new Set(await shopIds(t.scope(shopA).db)));
    expect(new Set(await ids(t.scope(shopB).db))).toEqual(new Set(await shopIds(t.scope(shopB).db)));
    expect(await ids(database.db)).toEqual([]);
  });

  it('refuses to insert a row of another shop, or to move a row into another shop', async () => {
    const scope = t.scope(shopA);
    await expect(
      scope.db.insert(categories).values({ tenantId: shopB.id, slug: 'planted', name: 'Planted' }),
    ).rejects.toMatchObject(REFUSED);
    await expect(scope.db.update(categories).set({ tenantId: shopB.id })).rejects.toMatchObject(REFUSED);
    await expect(
      database.db.insert(categories).values({ tenantId: shopA.id, slug: 'nobody', name: 'Nobody' }),
    ).rejects.toMatchObject(REFUSED);
    const planted = await database.asPlatform((db) =>
      db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'planted')),
    );
    expect(planted).toEqual([]);
  });

  it("changes and deletes only its own shop's rows when a statement forgets its tenant filter", async () => {
    const scope = t.scope(shopA);
    const renamed = await scope.db.update(products).set({ name: 'Renamed' }).returning({ tenantId: products.tenantId });
    expect(new Set(renamed.map((row) => row.tenantId))).toEqual(new Set([shopA.id]));
    await scope.db.delete(mailQueue);
    const left = await database.asPlatform(async (db) => ({
      mail: (await db.select({ tenantId: mailQueue.tenantId }).from(mailQueue)).map((row) => row.tenantId),
      renamedElsewhere: await db.$count(products, eq(products.name, 'Renamed')),
    }));
    expect(left.mail).toEqual([shopB.id]);
    expect(left.renamedElsewhere).toBe(renamed.length);
  });

  it('keeps the audit log append-only for the application: it adds and reads entries, never changes or removes one', async () => {
    const ctx = t.context(shopA);
    await recordAudit(ctx, { action: 'update', entity: 'product', entityId: 1, after: { name: 'Khukuri' } });
    const scope = t.scope(shopA);
    const entries = async () => scope.db.select({ id: auditLog.id, action: auditLog.action }).from(auditLog);
    const before = await entries();
    expect(before).toContainEqual({ id: expect.any(Number), action: 'update' });
    await expect(scope.db.update(auditLog).set({ action: 'forged' })).rejects.toMatchObject(DENIED);
    await expect(scope.db.delete(auditLog)).rejects.toMatchObject(DENIED);
    await expect(scope.rows(sql`truncate audit_log`)).rejects.toMatchObject(DENIED);
    expect(await entries()).toEqual(before);
  });

  it('runs the application as a role that owns no table and cannot pass over the policies', async () => {
    const [role] = await t
      .scope(shopA)
      .rows<{ role: string; super: boolean; bypass: boolean }>(
        sql`select rolname as role, rolsuper as super, rolbypassrls as bypass from pg_roles where rolname = current_user`,
      );
    expect(role).toEqual({ role: APPLICATION_ROLE, super: false, bypass: false });
    const owned = await database.raw.query<{ tables: number }>(
      `select count(*)::int as tables from pg_tables where schemaname = 'public' and tableowner = $1`,
      [APPLICATION_ROLE],
    );
    expect(owned).toEqual([{ tables: 0 }]);
  });
});
