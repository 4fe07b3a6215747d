import { type AnyColumn, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { taxRates, taxSettings } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type TaxRateRow = typeof taxRates.$inferSelect;
export type TaxRateValues = Omit<typeof taxRates.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

/**
 * The rates that may apply to a delivery: those of the country (for every region, or for this one) and those of
 * the zone serving it.
 */
export async function listRatesForPlace(
  scope: TenantScope,
  place: { countryCode: string; region: string | null; zoneId: number | null },
): Promise<TaxRateRow[]> {
  const inCountry = sql`${taxRates.countryCode} = ${place.countryCode} and (${taxRates.region} is null or lower(${taxRates.region}) = lower(${place.region ?? ''}))`;
  return scope.db
    .select()
    .from(taxRates)
    .where(scope.where(taxRates, place.zoneId === null ? inCountry : or(inCountry, eq(taxRates.zoneId, place.zoneId))))
    .orderBy(asc(taxRates.id));
}

const ORDERINGS: Record<string, SQL> = {
  name: asc(taxRates.name),
  '-name': desc(taxRates.name),
  rate: asc(taxRates.basisPoints),
  '-rate': desc(taxRates.basisPoints),
  country: asc(taxRates.countryCode),
  '-country': desc(taxRates.countryCode),
  created_at: asc(taxRates.createdAt),
  '-created_at': desc(taxRates.createdAt),
  id: asc(taxRates.id),
  '-id': desc(taxRates.id),
};

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The shop's rates, searched by name, country code or region; by country then name unless ordered otherwise. */
export async function listRates(
  scope: TenantScope,
  options: { search?: string | undefined; ordering?: string | undefined; limit: number; offset: number },
): Promise<{ rows: TaxRateRow[]; count: number }> {
  const pattern = options.search ? likePattern(options.search) : undefined;
  const where = scope.where(
    taxRates,
    pattern
      ? or(ilike(taxRates.name, pattern), ilike(taxRates.countryCode, pattern), ilike(taxRates.region, pattern))
      : undefined,
  );
  const ordering = options.ordering ? ORDERINGS[options.ordering] : undefined;
  const rows = await scope.db
    .select()
    .from(taxRates)
    .where(where)
    .orderBy(
      ...(ordering ? [ordering] : [asc(taxRates.countryCode), asc(taxRates.region), asc(taxRates.name)]),
      asc(taxRates.id),
    )
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await scope.db.select({ count: count() }).from(taxRates).where(where);
  return { rows, count: total?.count ?? 0 };
}

export async function findRate(scope: TenantScope, id: number): Promise<TaxRateRow | null> {
  const [row] = await scope.db
    .select()
    .from(taxRates)
    .where(scope.where(taxRates, eq(taxRates.id, id)));
  return row ?? null;
}

/** Another rate of the shop for the same place and category; null when there is none. */
export async function findRateForSamePlace(
  scope: TenantScope,
  rate: Pick<TaxRateValues, 'zoneId' | 'countryCode' | 'region' | 'categoryId'>,
  exceptId: number | null,
): Promise<TaxRateRow | null> {
  const same = (column: SQL | AnyColumn, value: unknown) =>
    value === null || value === undefined ? isNull(column) : sql`${column} = ${value}`;
  const [row] = await scope.db
    .select()
    .from(taxRates)
    .where(
      scope.where(
        taxRates,
        same(taxRates.zoneId, rate.zoneId),
        same(taxRates.countryCode, rate.countryCode),
        same(sql`lower(${taxRates.region})`, rate.region?.toLowerCase()),
        same(taxRates.categoryId, rate.categoryId),
        exceptId === null ? undefined : sql`${taxRates.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertRate(scope: TenantScope, values: TaxRateValues): Promise<TaxRateRow> {
  const [row] = await scope.db.insert(taxRates).values(scope.values(values)).returning();
  if (!row) throw new Error('tax rate insert returned nothing');
  return row;
}

export async function updateRate(
  scope: TenantScope,
  id: number,
  values: Partial<TaxRateValues>,
): Promise<TaxRateRow | null> {
  const [row] = await scope.db
    .update(taxRates)
    .set({ ...values, updatedAt: new Date() })
    .where(scope.where(taxRates, eq(taxRates.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteRate(scope: TenantScope, id: number): Promise<boolean> {
  const deleted = await scope.db
    .delete(taxRates)
    .where(scope.where(taxRates, eq(taxRates.id, id)))
    .returning({ id: taxRates.id });
  return deleted.length > 0;
}

/** Whether the shop enters its prices with tax (false when it never said). */
export async function findPricesIncludeTax(scope: TenantScope): Promise<boolean> {
  const [row] = await scope.db
    .select({ pricesIncludeTax: taxSettings.pricesIncludeTax })
    .from(taxSettings)
    .where(scope.where(taxSettings));
  return row?.pricesIncludeTax ?? false;
}

export async function savePricesIncludeTax(scope: TenantScope, pricesIncludeTax: boolean): Promise<void> {
  await scope.db
    .insert(taxSettings)
    .values(scope.values({ pricesIncludeTax }))
    .onConflictDoUpdate({ target: taxSettings.tenantId, set: { pricesIncludeTax, updatedAt: new Date() } });
}
