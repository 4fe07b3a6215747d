import type { RequestContext } from '../../../lib/context.ts';
import { insertPriceHistory, listPriceHistory } from './price-history.repository.ts';

// The price history (decision 020): written by the database's triggers as prices change; these read it, and record
// prices of the past (the demo shop's, which had a history before it was seeded).

/** A price a product (`variantId` null: its own) or one of its variants was sold at, from when. */
export interface PriceHistoryEntry {
  productId: number;
  variantId: number | null;
  priceCents: number;
  effectiveFrom: Date;
}

/** A product's price history, its own and its variants', oldest first. */
export async function getPriceHistory(ctx: RequestContext, productId: number): Promise<PriceHistoryEntry[]> {
  const rows = await listPriceHistory(ctx.scope, productId);
  return rows.map((row) => ({
    productId: row.productId,
    variantId: row.variantId,
    priceCents: row.priceCents,
    effectiveFrom: row.effectiveFrom,
  }));
}

/** Records prices products and variants were sold at before now (a shop's past brought in, the demo's). */
export async function recordPastPrices(ctx: RequestContext, entries: PriceHistoryEntry[]): Promise<void> {
  const now = Date.now();
  if (entries.some((entry) => entry.effectiveFrom.getTime() > now)) {
    throw new Error('a past price cannot take effect in the future');
  }
  await insertPriceHistory(ctx.scope, entries);
}
