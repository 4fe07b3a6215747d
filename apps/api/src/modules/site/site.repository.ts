import { asc } from 'drizzle-orm';
import { coreValues, homePages, siteSettings } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type CoreValueRow = typeof coreValues.$inferSelect;
export type HomePageRow = typeof homePages.$inferSelect;
export type HomePageValues = Omit<HomePageRow, 'tenantId' | 'updatedAt'>;

/** The shop's site settings. Read for every page a shop renders (its public settings): prepared. */
export async function findSettings(scope: TenantScope): Promise<SiteSettingsRow | null> {
  const statement = scope.prepared('site_settings', (shop) =>
    shop.db.select().from(siteSettings).where(shop.where(siteSettings)).limit(1),
  );
  const [row] = await statement.execute();
  return row ?? null;
}

/** The company's core values, in their order. Read for every page a shop renders (its public settings): prepared. */
export async function listCoreValues(scope: TenantScope): Promise<CoreValueRow[]> {
  const statement = scope.prepared('site_core_values', (shop) =>
    shop.db
      .select()
      .from(coreValues)
      .where(shop.where(coreValues))
      .orderBy(asc(coreValues.position), asc(coreValues.id)),
  );
  return statement.execute();
}

export async function upsertSettings(
  scope: TenantScope,
  values: Partial<Omit<SiteSettingsRow, 'tenantId' | 'id' | 'updatedAt'>>,
): Promise<SiteSettingsRow> {
  const [row] = await scope.db
    .insert(siteSettings)
    .values(scope.values(values))
    .onConflictDoUpdate({ target: siteSettings.tenantId, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('settings upsert returned nothing');
  return row;
}

export async function insertCoreValues(
  scope: TenantScope,
  values: { name: string; description: string; position: number }[],
): Promise<void> {
  if (values.length === 0) return;
  await scope.db.insert(coreValues).values(values.map((value) => scope.values(value)));
}

/** The site settings row, locked until the transaction ends (null when the shop has none yet). */
export async function lockSettings(scope: TenantScope): Promise<SiteSettingsRow | null> {
  const [row] = await scope.db.select().from(siteSettings).where(scope.where(siteSettings)).for('update');
  return row ?? null;
}

/** Replaces the company's core values with `values`, in their order. */
export async function replaceCoreValues(
  scope: TenantScope,
  values: { name: string; description: string }[],
): Promise<void> {
  await scope.db.delete(coreValues).where(scope.where(coreValues));
  await insertCoreValues(
    scope,
    values.map((value, position) => ({ ...value, position })),
  );
}

/** The shop's home page as saved; null before its owner first saves it. Locked for the transaction when `lock`. */
export async function findHomePage(scope: TenantScope, lock = false): Promise<HomePageRow | null> {
  const query = scope.db.select().from(homePages).where(scope.where(homePages));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Writes the shop's home page when it has none yet (a concurrent first write wins; this one then does nothing). */
export async function insertHomePage(scope: TenantScope, values: HomePageValues): Promise<void> {
  await scope.db.insert(homePages).values(scope.values(values)).onConflictDoNothing();
}

/** Writes the shop's home page whole (the service merges a change into the current page first). */
export async function updateHomePage(scope: TenantScope, values: HomePageValues): Promise<HomePageRow> {
  const [row] = await scope.db
    .update(homePages)
    .set({ ...values, updatedAt: new Date() })
    .where(scope.where(homePages))
    .returning();
  if (!row) throw new Error('home page update found no row');
  return row;
}
