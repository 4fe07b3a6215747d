import { asc, eq } from 'drizzle-orm';
import { currencySettings, displayCurrencies } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type CurrencySettingsRow = typeof currencySettings.$inferSelect;
export type DisplayCurrencyRow = typeof displayCurrencies.$inferSelect;
export type DisplayCurrencyValues = Pick<DisplayCurrencyRow, 'code' | 'rateMicros' | 'rounding' | 'rateDate'>;

/** The shop's display currencies, in its order. Read for every page a shop renders (its public settings): prepared. */
export async function listDisplayCurrencies(scope: TenantScope): Promise<DisplayCurrencyRow[]> {
  const statement = scope.prepared('currencies_display', (shop) =>
    shop.db
      .select()
      .from(displayCurrencies)
      .where(shop.where(displayCurrencies))
      .orderBy(asc(displayCurrencies.position), asc(displayCurrencies.code)),
  );
  return statement.execute();
}

/** One display currency of the shop by its code; null when the shop does not list it. */
export async function findDisplayCurrency(scope: TenantScope, code: string): Promise<DisplayCurrencyRow | null> {
  const [row] = await scope.db
    .select()
    .from(displayCurrencies)
    .where(scope.where(displayCurrencies, eq(displayCurrencies.code, code)));
  return row ?? null;
}

/** Replaces the shop's display currencies with `values`, in their order. */
export async function replaceDisplayCurrencies(scope: TenantScope, values: DisplayCurrencyValues[]): Promise<void> {
  await scope.db.delete(displayCurrencies).where(scope.where(displayCurrencies));
  if (values.length === 0) return;
  await scope.db
    .insert(displayCurrencies)
    .values(values.map((value, position) => scope.values({ ...value, position, updatedAt: new Date() })));
}

/** A fetched rate for one of the shop's currencies, and the day of the published rates it is of. */
export async function saveFetchedRate(
  scope: TenantScope,
  input: { code: string; rateMicros: number; rateDate: string },
): Promise<void> {
  await scope.db
    .update(displayCurrencies)
    .set({ rateMicros: input.rateMicros, rateDate: input.rateDate, updatedAt: new Date() })
    .where(scope.where(displayCurrencies, eq(displayCurrencies.code, input.code)));
}

/** The shop's currency settings; null for a shop that never set them (its rates are typed, never fetched). */
export async function findCurrencySettings(scope: TenantScope): Promise<CurrencySettingsRow | null> {
  const [row] = await scope.db.select().from(currencySettings).where(scope.where(currencySettings));
  return row ?? null;
}

/** The shop's currency settings, created if need be, locked until the transaction ends. */
export async function lockCurrencySettings(scope: TenantScope): Promise<CurrencySettingsRow> {
  await scope.db.insert(currencySettings).values(scope.values({})).onConflictDoNothing();
  const [row] = await scope.db.select().from(currencySettings).where(scope.where(currencySettings)).for('update');
  if (!row) throw new Error('currency settings upsert found nothing');
  return row;
}

/** Changes the shop's currency settings (the row exists: `lockCurrencySettings` made it). */
export async function updateCurrencySettings(
  scope: TenantScope,
  values: Partial<Pick<CurrencySettingsRow, 'rateSource' | 'fetchedAt' | 'fetchError'>>,
): Promise<void> {
  await scope.db
    .update(currencySettings)
    .set({ ...values, updatedAt: new Date() })
    .where(scope.where(currencySettings));
}
