import { arrayContains, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import type { Tenant } from '../../lib/context.ts';

// NOTE: tenants are the platform's own rows, not tenant-owned: this is the one repository that takes the raw database.
export async function findTenantByToken(db: Db, token: string): Promise<Tenant | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.token, token)).limit(1);
  return row ?? null;
}

export async function findTenantById(db: Db, id: number): Promise<Tenant | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ?? null;
}

/** The shop that serves the host name (one of its domains), if any. */
export async function findTenantByDomain(db: Db, host: string): Promise<Tenant | null> {
  const [row] = await db
    .select()
    .from(tenants)
    .where(arrayContains(tenants.domains, [host]))
    .orderBy(asc(tenants.id))
    .limit(1);
  return row ?? null;
}

export async function listTenants(db: Db): Promise<Tenant[]> {
  return db.select().from(tenants).orderBy(asc(tenants.id));
}

export async function insertTenant(
  db: Db,
  values: { name: string; token: string; domains: string[] },
): Promise<Tenant> {
  const [row] = await db.insert(tenants).values(values).returning();
  if (!row) throw new Error('tenant insert returned nothing');
  return row;
}

export async function countTenants(db: Db): Promise<number> {
  return (await db.$count(tenants)) ?? 0;
}
