import { asc, type Column, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { priceHistory } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';

// The history of the prices products and variants are sold at (decision 020, migration 0076): triggers write it as
// prices change; the product page and the cards read from it the lowest price of the 30 days before a reduction.

/** How many days before the current price took effect its lowest price is looked for. */
export const LOWEST_PRICE_DAYS = 30;

export type PriceHistoryRow = typeof priceHistory.$inferSelect;

/** Whose price: a product's own (`variantId` null), or one variant's; the columns or values of the outer statement. */
export interface PricedItem {
  productId: Column | SQL;
  variantId: Column | SQL | null;
  /** The price it is sold at now. */
  priceCents: Column | SQL;
}

/**
 * The lowest price of the item in the 30 days before its current price took effect (null when no earlier price is
 * recorded), as a column of the outer statement. The current price took effect with the first of the rows at that
 * price since the last row at another one; the window holds the price in effect when it opened and every change
 * within it. NOTE: each subquery names the table itself (no alias): its columns are the nearest `price_history`'s.
 */
export function lowestPriceBefore(scope: TenantScope, item: PricedItem): SQL<number | null> {
  const itsRows = (...conditions: SQL[]) =>
    scope.where(
      priceHistory,
      eq(priceHistory.productId, item.productId),
      item.variantId === null ? isNull(priceHistory.variantId) : eq(priceHistory.variantId, item.variantId),
      ...conditions,
    );
  const lastOtherPrice = sql`(select max(${priceHistory.effectiveFrom}) from ${priceHistory}
     where ${itsRows(sql`${priceHistory.priceCents} <> ${item.priceCents}`)})`;
  const started = sql`(select min(${priceHistory.effectiveFrom}) from ${priceHistory}
     where ${itsRows(sql`${priceHistory.effectiveFrom} > coalesce(${lastOtherPrice}, '-infinity'::timestamptz)`)})`;
  const windowOpened = sql`(select max(${priceHistory.effectiveFrom}) from ${priceHistory}
     where ${itsRows(sql`${priceHistory.effectiveFrom} <= ${started} - ${sql.raw(`interval '${LOWEST_PRICE_DAYS} days'`)}`)})`;
  return sql<number | null>`(select min(${priceHistory.priceCents}) from ${priceHistory}
     where ${itsRows(
       sql`${priceHistory.effectiveFrom} < ${started}`,
       sql`${priceHistory.effectiveFrom} >= coalesce(${windowOpened}, '-infinity'::timestamptz)`,
     )})`;
}

/** Adds rows of prices applied at given times (the demo shop's past, a test's). */
export async function insertPriceHistory(
  scope: TenantScope,
  rows: { productId: number; variantId: number | null; priceCents: number; effectiveFrom: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await scope.db.insert(priceHistory).values(rows.map((row) => scope.values(row)));
}

/** A product's price history (its own and its variants'), oldest first. */
export async function listPriceHistory(scope: TenantScope, productId: number): Promise<PriceHistoryRow[]> {
  return scope.db
    .select()
    .from(priceHistory)
    .where(scope.where(priceHistory, eq(priceHistory.productId, productId)))
    .orderBy(asc(priceHistory.effectiveFrom), asc(priceHistory.id));
}
