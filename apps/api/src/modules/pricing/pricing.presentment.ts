// What the shopper saw (decision 028): an order's total in the currency they read prices in, converted at the shop's
// rate and rounded as the shop rounds that currency, by the one arithmetic the storefront shows prices with
// (`@platform/contracts/currency`). The order is charged in the shop's currency all the same.
import { ORDER_CURRENCY } from '@platform/contracts';
import { convertMinor } from '@platform/contracts/currency';
import type { RequestContext } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { findShopCurrency, listShopCurrencies, type ShopCurrency } from '../currencies/index.ts';

/** A currency an order may be read in: one of the shop's display currencies, with its rate and rounding. */
export type PresentmentCurrency = ShopCurrency;

/** An order's total as shown in a display currency: the currency, its rate (millionths), decimals and the total. */
export interface Presentment {
  code: string;
  rateMicros: number;
  decimals: number;
  totalMinor: number;
}

/** "A, B, C or D". */
function oneOf(codes: string[]): string {
  return codes.length < 2 ? (codes[0] ?? '') : `${codes.slice(0, -1).join(', ')} or ${codes.at(-1)}`;
}

/**
 * The currency a shopper names for an order: one of the shop's display currencies, or null for the shop's own (named,
 * or none named). Any other answers 400 on `field`, naming the currencies the shop shows prices in.
 */
export async function presentmentCurrency(
  ctx: RequestContext,
  code: string | undefined,
  field = 'currency',
): Promise<PresentmentCurrency | null> {
  if (code === undefined || code === '' || code === ORDER_CURRENCY) return null;
  const found = /^[A-Z]{3}$/.test(code) ? await findShopCurrency(ctx, code) : null;
  if (found) return found;
  const listed = [ORDER_CURRENCY, ...(await listShopCurrencies(ctx)).map((currency) => currency.code)];
  const named = /^[A-Z]{3}$/.test(code) ? `in ${code}` : 'in that currency';
  throw new ValidationError({
    [field]: [`This shop does not show prices ${named}: choose ${oneOf(listed)}.`],
  });
}

/** A total of the shop's currency (cents) as shown in `currency`: at its rate, rounded as the shop rounds it. */
export function presentmentOf(currency: PresentmentCurrency, totalCents: number): Presentment {
  return {
    code: currency.code,
    rateMicros: currency.rateMicros,
    decimals: currency.decimals,
    totalMinor: convertMinor(totalCents, currency),
  };
}
