// Amounts in a display currency (decision 028): prices converted from the shop's currency at the shop's rate, rounded
// as the shop rounds that currency, and written with its symbol, marked "≈" since the charge is in the shop's own
// currency. Loaded only where a currency is shown: once the shopper reads prices in one, and on an order's page.
import type { DisplayCurrency } from '@platform/contracts';
import { convertMinor, formatMinorIn, parseRate, withCurrencySymbol } from '@platform/contracts/currency';
import { parseMinor } from '@platform/contracts/plain';

/**
 * A decimal amount of a currency ("183.99", "8953.00") with its symbol, grouped as the shop's locale groups numbers,
 * with `fractionDigits` decimals: "€183.99", "NPR 26,588".
 */
export function currencyAmount(decimal: string, symbol: string, fractionDigits: number, locale: string): string {
  let number: string;
  try {
    number = new Intl.NumberFormat(locale, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(decimal as unknown as number);
  } catch {
    number = decimal;
  }
  return withCurrencySymbol(symbol, number.replace(/[\u00a0\u202f\u2009]/g, ' '));
}

/** How many decimals a currency's converted prices show: none when they are rounded to whole units. */
export function shownDigits(currency: Pick<DisplayCurrency, 'decimals' | 'rounding'>): number {
  return currency.rounding === 'whole' ? 0 : currency.decimals;
}

/**
 * An amount of the shop's currency (its decimal text) as the shopper reads it in `currency`: converted, rounded as
 * the shop rounds it, and marked as an approximation: "≈ €93.99". '' when it is not an amount.
 */
export function convertedPrice(currency: DisplayCurrency, locale: string): (amount: string) => string {
  const rule = { rateMicros: parseRate(currency.rate) ?? 0, decimals: currency.decimals, rounding: currency.rounding };
  return (amount) => {
    const cents = parseMinor(amount);
    if (cents === null) return '';
    const minor = convertMinor(cents, rule);
    return `≈ ${currencyAmount(formatMinorIn(minor, currency.decimals), currency.symbol, shownDigits(currency), locale)}`;
  };
}
