import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { freePort } from '../../../scripts/lib/net.mjs';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { TenantScope } from '../src/db/tenant-scope.ts';
import { type AuthUser, type RequestContext, systemContext } from '../src/lib/context.ts';
import { createMediaStorage, type MediaStorage } from '../src/modules/media/media.storage.ts';
import { findTenantByToken } from '../src/modules/tenants/tenants.repository.ts';
import { createTenant, type Tenant } from '../src/modules/tenants/tenants.service.ts';
import { DEMO_TENANT_TOKEN, seedDemo } from '../src/seed/index.ts';
import {
  createDemoSource,
  createEmptyTestDatabase,
  createTestDatabase,
  scratchFolder,
  type TestDatabase,
} from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  testDb: TestDatabase;
  /** The configured media storage: the test's own folder, or a bucket with `MEDIA_STORAGE=s3`. */
  media: MediaStorage;
  /** Makes a tenant; each test makes its own, so tests never share shop data. */
  createTenant(name?: string, options?: { domains?: string[] }): Promise<Tenant>;
  /** The tenant-scoped data door, for data builders. */
  scope(tenant: Tenant): TenantScope;
  /** A service context of the shop, as the platform's own jobs have it, or as the given user. */
  context(tenant: Tenant, user?: AuthUser): RequestContext;
  /** `app.inject` with the tenant's token set. */
  request(tenant: Tenant, options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Resolves once every domain event published so far has been handled and its mail delivered. */
  settled(): Promise<void>;
  /** Another app instance on the same database, as a second server process would be. */
  secondInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

let tenantCounter = 0;

/**
 * Builds the app on a fresh, migrated database (or `options.database`, which it then owns and drops on close) and a
 * temporary media folder (or the bucket `env` configures); `logs` receives every log line.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  logs?: string[],
  options: { database?: TestDatabase; dataFrom?: string } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  if (options.dataFrom) fs.cpSync(options.dataFrom, dataDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    // Tests pay through the built-in test gateway: they ask for it, as a server must.
    SANDBOX_GATEWAY_ENABLED: 'true',
    ORDER_EXPIRY_INTERVAL_SECONDS: '0',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    LOW_STOCK_MAIL_INTERVAL_SECONDS: '0',
    CURRENCY_RATES_INTERVAL_SECONDS: '0',
    MEDIA_COLOUR_INTERVAL_SECONDS: '0',
    ABANDONED_CART_REMINDER_MINUTES: '0',
    MAIL_DELIVERY_INTERVAL_SECONDS: '0',
    // Nor the outbox's sweep: an event is delivered right after its commit, which `settled()` waits for; a sweep that
    // happened to take it first ran its handlers where `settled()` could not see them (an order read before its refund
    // moved it). Its tests run `deliverOutbox` themselves.
    OUTBOX_DELIVERY_INTERVAL_SECONDS: '0',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...(logs ? { LOG_LEVEL: 'trace' } : {}),
    ...env,
  });
  const testDb = options.database ?? (await createTestDatabase());
  const media = createMediaStorage(config);
  const app = await buildApp({
    config,
    database: testDb.database,
    media,
    ...(logs ? { logStream: { write: (line: string) => void logs.push(line) } } : {}),
  });
  await app.ready();
  const others: FastifyInstance[] = [];
  return {
    app,
    config,
    testDb,
    media,
    createTenant: (name = 'Test shop', options = {}) =>
      createTenant(testDb.database.db, {
        name,
        token: `test-${process.pid}-${++tenantCounter}-${Date.now()}`,
        ...options,
      }),
    scope: (tenant) => new TenantScope(testDb.database.db, tenant.id),
    context: (tenant, user) => ({ ...systemContext(app.deps, testDb.database, tenant), user: user ?? null }),
    request: (tenant, { token, headers, ...options }) =>
      app.inject({
        ...options,
        headers: {
          'x-tenant-token': tenant.token,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      }),
    settled: async () => {
      await app.deps.events.idle();
      await app.deps.mailer.idle();
    },
    secondInstance: async () => {
      // PGlite lives in this process: a second app shares its handle (and must not close it); PostgreSQL gets a
      // pool of its own, as another server process would.
      const database = testDb.url
        ? await openDatabase({ url: testDb.url, poolSize: 20 })
        : { ...testDb.database, close: async () => undefined };
      const other = await buildApp({ config, database, media });
      await other.ready();
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      // app.close() closes the database through its onClose hook; drop() then removes a PostgreSQL database.
      await app.close();
      await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The demo shop as seeded once per test process (its files run one after another in one process: `isolate: false`):
 * a database every demo test database copies, and the data folder (its pictures) each demo app starts from. Seeding
 * draws every picture and writes hundreds of rows; a copy takes a fraction of that.
 */
let seededDemo: Promise<{ template: string; dataDir: string }> | undefined;

async function seedDemoOnce(): Promise<{ template: string; dataDir: string }> {
  // Kept until the run ends: every demo test database of the process copies it.
  const { folder } = scratchFolder('demo-template-');
  const source = await createDemoSource(folder);
  const t = await buildTestApp({}, undefined, { database: source.database });
  await seedDemo(t.app.deps);
  await t.app.close(); // closes its database, which stays: the copies' source
  const dataDir = path.join(folder, 'data');
  fs.cpSync(t.config.DATA_DIR, dataDir, { recursive: true });
  fs.rmSync(t.config.DATA_DIR, { recursive: true, force: true });
  return { template: await source.template(), dataDir };
}

/** A test app whose database holds the seeded demo shop (a copy of the process's seeded demo), and that shop. */
export async function buildDemoTestApp(): Promise<{ t: TestApp; shop: Tenant }> {
  seededDemo ??= seedDemoOnce();
  const demo = await seededDemo;
  const database = await createEmptyTestDatabase(demo.template);
  await migrate(database.database);
  const t = await buildTestApp({}, undefined, { database, dataFrom: demo.dataDir });
  const shop = await findTenantByToken(t.testDb.database.db, DEMO_TENANT_TOKEN);
  if (!shop) throw new Error('the demo shop was not seeded');
  return { t, shop };
}

/** A free TCP port on loopback (for an app that must know its own address before it listens). */
export { freePort };

/**
 * A test app listening on loopback, its `PUBLIC_URL` its own address: what a gateway calls back (notifications,
 * the browser return, the built-in sandbox gateway) reaches it over HTTP.
 */
export async function buildServedTestApp(
  env: Record<string, string> = {},
  logs?: string[],
): Promise<TestApp & { origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ PUBLIC_URL: origin, ...env }, logs);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, origin };
}
