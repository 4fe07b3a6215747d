import type { Database } from '../db/client.ts';
import { TenantScope } from '../db/tenant-scope.ts';
import { EventBus } from '../lib/events.ts';
import { countTenants, createTenant } from '../modules/tenants/index.ts';
import { type RequestContext, type ServiceDeps, systemContext } from '../plugins/request-context.ts';
import { seedAccounts } from './demo/accounts.ts';
import { seedCatalog } from './demo/catalog.ts';
import { seedContent } from './demo/content.ts';
import { seedOrders } from './demo/orders.ts';
import { seedPayments } from './demo/payments.ts';
import { seedShipping } from './demo/shipping.ts';
import { seedSite } from './demo/site.ts';

export const DEMO_TENANT_TOKEN = 'khukuri-demo';
const SEED_LOCK = 7_264_002;

/** One part of the demo shop; parts run in order, in one transaction, with a context of the demo shop. */
type DemoSeedPart = (ctx: RequestContext) => Promise<void>;

// Later features append their part here (catalog, content, payment options…).
const DEMO_PARTS: DemoSeedPart[] = [
  seedSite,
  seedAccounts,
  seedCatalog,
  seedContent,
  seedPayments,
  seedShipping,
  seedOrders,
];

/**
 * Seeds the demo khukuri shop on an empty database, and does nothing on a database that has any tenant:
 * idempotent, and never touches a database someone already uses. Returns whether it seeded.
 */
export async function seedDemo(deps: ServiceDeps & { database: Database }): Promise<boolean> {
  const { database } = deps;
  return database.withLock(SEED_LOCK, async () => {
    if ((await countTenants(database.db)) > 0) return false;
    // Making a shop with its data is the platform's work: one transaction through the platform door, in which the
    // new shop's scope puts its tenant_id into every row.
    await database.asPlatform(async (tx) => {
      const tenant = await createTenant(tx, {
        name: 'Himalayan Khukuri House',
        token: DEMO_TENANT_TOKEN,
        domains: ['localhost'],
      });
      // The seed announces nothing: its events would reach handlers before its transaction commits, and the demo
      // order's e-mails would go to made-up addresses.
      const quiet = { ...deps, events: new EventBus({ error: () => undefined }) };
      const ctx = { ...systemContext(quiet, database, tenant, 'seed'), scope: new TenantScope(tx, tenant.id) };
      for (const part of DEMO_PARTS) await part(ctx);
    });
    return true;
  });
}
