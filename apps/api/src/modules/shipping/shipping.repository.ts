import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import { shippingZoneCountries, shippingZones } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

type ZoneColumns = typeof shippingZones.$inferSelect;
/** A zone with its countries (codes, in order). */
export type ShippingZoneRow = ZoneColumns & { countries: string[] };
export type ShippingZoneValues = Omit<typeof shippingZones.$inferInsert, 'tenantId' | 'id' | 'createdAt'>;

async function withCountries(scope: TenantScope, zones: ZoneColumns[]): Promise<ShippingZoneRow[]> {
  if (zones.length === 0) return [];
  const rows = await scope.db
    .select()
    .from(shippingZoneCountries)
    .where(
      scope.where(
        shippingZoneCountries,
        inArray(
          shippingZoneCountries.zoneId,
          zones.map((zone) => zone.id),
        ),
      ),
    )
    .orderBy(asc(shippingZoneCountries.countryCode));
  return zones.map((zone) => ({
    ...zone,
    countries: rows.filter((row) => row.zoneId === zone.id).map((row) => row.countryCode),
  }));
}

/**
 * The zone that serves a country: the one listing it, else the shop's default zone; null when neither exists.
 * `hasZones` tells a shop without any zone (it charges no shipping) from one that does not ship there.
 */
export async function findZoneForCountry(
  scope: TenantScope,
  countryCode: string,
): Promise<{ zone: ZoneColumns | null; hasZones: boolean }> {
  const [listed] = await scope.db
    .select({ zone: shippingZones })
    .from(shippingZoneCountries)
    .innerJoin(
      shippingZones,
      and(
        eq(shippingZones.tenantId, shippingZoneCountries.tenantId),
        eq(shippingZones.id, shippingZoneCountries.zoneId),
      ),
    )
    .where(scope.where(shippingZoneCountries, eq(shippingZoneCountries.countryCode, countryCode)));
  if (listed) return { zone: listed.zone, hasZones: true };
  const [fallback] = await scope.db
    .select()
    .from(shippingZones)
    .where(scope.where(shippingZones))
    .orderBy(desc(shippingZones.isDefault))
    .limit(1);
  return { zone: fallback?.isDefault ? fallback : null, hasZones: fallback !== undefined };
}

const ORDERINGS: Record<string, SQL> = {
  name: asc(shippingZones.name),
  '-name': desc(shippingZones.name),
  flat_rate: asc(shippingZones.flatRateCents),
  '-flat_rate': desc(shippingZones.flatRateCents),
  created_at: asc(shippingZones.createdAt),
  '-created_at': desc(shippingZones.createdAt),
  id: asc(shippingZones.id),
  '-id': desc(shippingZones.id),
};

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The shop's zones, searched by name: the countries' zones by name (or the given ordering), the default last. */
export async function listZones(
  scope: TenantScope,
  options: { search?: string | undefined; ordering?: string | undefined; limit: number; offset: number },
): Promise<{ rows: ShippingZoneRow[]; count: number }> {
  const where = scope.where(
    shippingZones,
    options.search ? ilike(shippingZones.name, likePattern(options.search)) : undefined,
  );
  const [total] = await scope.db.select({ count: count() }).from(shippingZones).where(where);
  const order = (options.ordering && ORDERINGS[options.ordering]) || asc(shippingZones.name);
  const zones = await scope.db
    .select()
    .from(shippingZones)
    .where(where)
    .orderBy(asc(shippingZones.isDefault), order, asc(shippingZones.id))
    .limit(options.limit)
    .offset(options.offset);
  return { rows: await withCountries(scope, zones), count: total?.count ?? 0 };
}

/** One of the shop's zones with its countries; locked for the transaction's update when `lock`. */
export async function findZone(scope: TenantScope, id: number, lock = false): Promise<ShippingZoneRow | null> {
  const query = scope.db
    .select()
    .from(shippingZones)
    .where(scope.where(shippingZones, eq(shippingZones.id, id)));
  const [zone] = lock ? await query.for('update') : await query;
  return zone ? ((await withCountries(scope, [zone]))[0] ?? null) : null;
}

/** The shop's other zones that list any of these countries, with the countries they list. */
export async function zonesListing(
  scope: TenantScope,
  countries: string[],
  exceptZoneId: number | null,
): Promise<{ countryCode: string; zoneName: string }[]> {
  if (countries.length === 0) return [];
  return scope.db
    .select({ countryCode: shippingZoneCountries.countryCode, zoneName: shippingZones.name })
    .from(shippingZoneCountries)
    .innerJoin(
      shippingZones,
      and(
        eq(shippingZones.tenantId, shippingZoneCountries.tenantId),
        eq(shippingZones.id, shippingZoneCountries.zoneId),
      ),
    )
    .where(
      scope.where(
        shippingZoneCountries,
        inArray(shippingZoneCountries.countryCode, countries),
        exceptZoneId === null ? undefined : ne(shippingZoneCountries.zoneId, exceptZoneId),
      ),
    )
    .orderBy(asc(shippingZoneCountries.countryCode));
}

/** The shop's default zone other than `exceptZoneId`, if any. */
export async function findDefaultZone(scope: TenantScope, exceptZoneId: number | null): Promise<ZoneColumns | null> {
  const [zone] = await scope.db
    .select()
    .from(shippingZones)
    .where(
      scope.where(
        shippingZones,
        eq(shippingZones.isDefault, true),
        exceptZoneId === null ? undefined : ne(shippingZones.id, exceptZoneId),
      ),
    );
  return zone ?? null;
}

/** The shop's zone named so (in any case), other than `exceptZoneId`, if any. */
export async function findZoneByName(
  scope: TenantScope,
  name: string,
  exceptZoneId: number | null,
): Promise<ZoneColumns | null> {
  const zones = await scope.db
    .select()
    .from(shippingZones)
    .where(scope.where(shippingZones, exceptZoneId === null ? undefined : ne(shippingZones.id, exceptZoneId)));
  return zones.find((zone) => zone.name.toLowerCase() === name.toLowerCase()) ?? null;
}

async function replaceCountries(scope: TenantScope, zoneId: number, countries: string[]): Promise<void> {
  await scope.db
    .delete(shippingZoneCountries)
    .where(scope.where(shippingZoneCountries, eq(shippingZoneCountries.zoneId, zoneId)));
  if (countries.length > 0) {
    await scope.db
      .insert(shippingZoneCountries)
      .values(countries.map((countryCode) => scope.values({ countryCode, zoneId })));
  }
}

export async function insertZone(
  scope: TenantScope,
  values: ShippingZoneValues,
  countries: string[],
): Promise<ShippingZoneRow> {
  const [zone] = await scope.db.insert(shippingZones).values(scope.values(values)).returning();
  if (!zone) throw new Error('shipping zone insert returned nothing');
  await replaceCountries(scope, zone.id, countries);
  return { ...zone, countries: [...countries].sort() };
}

/** Changes the given columns, and the countries when given; null when the zone is not the shop's. */
export async function updateZone(
  scope: TenantScope,
  id: number,
  values: Partial<ShippingZoneValues>,
  countries: string[] | undefined,
): Promise<ShippingZoneRow | null> {
  const [zone] = await scope.db
    .update(shippingZones)
    .set({ ...values, updatedAt: new Date() })
    .where(scope.where(shippingZones, eq(shippingZones.id, id)))
    .returning();
  if (!zone) return null;
  if (countries) await replaceCountries(scope, id, countries);
  return findZone(scope, id);
}

export async function deleteZone(scope: TenantScope, id: number): Promise<boolean> {
  const deleted = await scope.db
    .delete(shippingZones)
    .where(scope.where(shippingZones, eq(shippingZones.id, id)))
    .returning({ id: shippingZones.id });
  return deleted.length > 0;
}

/** The shop's zones' names by id. */
export async function listZoneNames(scope: TenantScope): Promise<Map<number, string>> {
  const rows = await scope.db
    .select({ id: shippingZones.id, name: shippingZones.name })
    .from(shippingZones)
    .where(scope.where(shippingZones));
  return new Map(rows.map((row) => [row.id, row.name]));
}
