import type { Database } from '../db/client.ts';
import { TenantScope } from '../db/tenant-scope.ts';
import type { MediaStorage } from '../modules/media/media.storage.ts';
import { countTenants } from '../modules/tenants/tenants.repository.ts';
import { createTenant } from '../modules/tenants/tenants.service.ts';
import { seedAccounts } from './demo/accounts.ts';
import { seedCatalog } from './demo/catalog.ts';
import { seedContent } from './demo/content.ts';
import { seedOrders } from './demo/orders.ts';
import { seedPayments } from './demo/payments.ts';
import { seedSite } from './demo/site.ts';

export const DEMO_TENANT_TOKEN = 'khukuri-demo';
const SEED_LOCK = 7_264_002;

/** One part of the demo shop; parts run in order, in one transaction, on the demo tenant. */
export type DemoSeedPart = (scope: TenantScope, media: MediaStorage) => Promise<void>;

// Later features append their part here (catalog, content, payment options…).
const DEMO_PARTS: DemoSeedPart[] = [seedSite, seedAccounts, seedCatalog, seedContent, seedPayments, seedOrders];

/**
 * Seeds the demo khukuri shop on an empty database, and does nothing on a database that has any tenant:
 * idempotent, and never touches a database someone already uses. Returns whether it seeded.
 */
export async function seedDemo(database: Database, media: MediaStorage): Promise<boolean> {
  return database.withLock(SEED_LOCK, async () => {
    if ((await countTenants(database.db)) > 0) return false;
    await database.db.transaction(async (tx) => {
      const tenant = await createTenant(tx as never, {
        name: 'Himalayan Khukuri House',
        token: DEMO_TENANT_TOKEN,
        domains: ['localhost'],
      });
      const scope = new TenantScope(tx as never, tenant.id);
      for (const part of DEMO_PARTS) await part(scope, media);
    });
    return true;
  });
}
