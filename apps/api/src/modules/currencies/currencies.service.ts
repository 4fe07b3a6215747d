// Display currencies (decision 028): the currencies a shop shows prices in besides its own, which it charges, with
// their rates and rounding. Other modules read them here: the site's public settings, the pricing module's
// presentment figures of an order.
import type { DisplayCurrency } from '@platform/contracts';
import { type CurrencyRounding, currencyFacts, formatRate, parseRate } from '@platform/contracts/currency';
import type { RequestContext } from '../../lib/context.ts';
import {
  type DisplayCurrencyRow,
  findDisplayCurrency,
  listDisplayCurrencies,
  replaceDisplayCurrencies,
} from './currencies.repository.ts';

/** A display currency as the shop converts into it: its rate (millionths), decimals and rounding. */
export interface ShopCurrency {
  code: string;
  rateMicros: number;
  decimals: number;
  rounding: CurrencyRounding;
}

function toShopCurrency(row: DisplayCurrencyRow): ShopCurrency {
  return {
    code: row.code,
    rateMicros: row.rateMicros,
    decimals: currencyFacts(row.code).decimals,
    rounding: row.rounding,
  };
}

/** The shop's display currencies, in its order. */
export async function listShopCurrencies(ctx: RequestContext): Promise<ShopCurrency[]> {
  return (await listDisplayCurrencies(ctx.scope)).map(toShopCurrency);
}

/** One of the shop's display currencies by its code; null when the shop does not list it. */
export async function findShopCurrency(ctx: RequestContext, code: string): Promise<ShopCurrency | null> {
  const row = await findDisplayCurrency(ctx.scope, code);
  return row && toShopCurrency(row);
}

/** A display currency as the shop's public settings answer it, its symbol in the shop's locale. */
export function toDisplayCurrency(currency: ShopCurrency, locale: string): DisplayCurrency {
  return {
    code: currency.code,
    rate: formatRate(currency.rateMicros),
    symbol: currencyFacts(currency.code, locale).symbol,
    decimals: currency.decimals,
    rounding: currency.rounding,
  };
}

/** Lists the currencies a shop shows prices in, at typed rates ("0.92"), in their order (the demo seed). */
export async function saveDisplayCurrencies(
  ctx: RequestContext,
  currencies: { code: string; rate: string; rounding: CurrencyRounding }[],
): Promise<void> {
  await replaceDisplayCurrencies(
    ctx.scope,
    currencies.map((currency) => {
      const rateMicros = parseRate(currency.rate);
      if (rateMicros === null) throw new Error(`not a rate: ${currency.rate}`);
      return { code: currency.code, rateMicros, rounding: currency.rounding, rateDate: null };
    }),
  );
}
