// The destination's answer, the shopper's currency and the arithmetic of their prices, loaded apart from the pages'
// first load once the shopper has chosen where the order goes or a currency (`useShownPrices` in destination.tsx).
import type { DisplayCurrency, SiteSettings } from '@platform/contracts';
import { formatMinor, parseMinor } from '@platform/contracts';
import { currencyOfCountry } from '@platform/contracts/currency';
import { destinationRates, rateFor, shownCents, TaxDestination } from '@platform/contracts/tax';
import { browserApi } from '../../lib/browser-api.ts';
import { convertedPrice } from '../../lib/currency-format.ts';
import type { Formatter } from '../../lib/format.ts';
import { browserQueryClient } from '../../lib/query-client.ts';
import { fetchCategories } from '../categories/index.ts';

/** The shopper's prices (destination.tsx's `ShownPrices`, named here so that this module imports nothing of it). */
interface ShopperPrices {
  price: (amount: string, categorySlug?: string) => string;
  notice: string | null;
  currency: DisplayCurrency | null;
}

/** An entered amount as a view shows it: `shownCents` on the exact minor units, the amount itself when unreadable. */
export function shownAmount(amount: string, destination: TaxDestination, categoryId: number | null): string {
  const cents = parseMinor(amount);
  if (cents === null) return amount;
  const { basisPoints } = rateFor(destinationRates(destination), categoryId);
  return formatMinor(
    shownCents(cents, basisPoints, { display: destination.display, pricesIncludeTax: destination.prices_include_tax }),
  );
}

/**
 * `GET /tax/destination/` (how the destination shows prices: its rates, included or added, the notice) as the prices
 * it shows. A rate of a category needs the categories' ids: they are asked only when the destination has one.
 */
export async function destinationPrices(
  destination: { country: string; region: string | null },
  signal: AbortSignal,
): Promise<{ price: (amount: string, categorySlug: string) => string; notice: string }> {
  const answer = await browserApi().get('/tax/destination/', {
    schema: TaxDestination,
    query: { country: destination.country, region: destination.region ?? undefined },
    signal,
  });
  const byCategory = answer.rates.some((rate) => rate.category_id !== null);
  const categories = byCategory ? await fetchCategories(browserApi()) : [];
  const ids = new Map(categories.map((category) => [category.slug, category.id]));
  return {
    price: (amount, categorySlug) => shownAmount(amount, answer, ids.get(categorySlug) ?? null),
    notice: answer.notice,
  };
}

/**
 * The currency the shopper reads prices in: the one they chose when the shop lists it, else their destination's when
 * the shop lists that; null for the shop's own (chosen, or nothing listed).
 */
export function shopperCurrency(
  code: string | null,
  country: string | null,
  currencies: readonly DisplayCurrency[],
): DisplayCurrency | null {
  const wanted = code ?? (country ? currencyOfCountry(country) : null);
  return currencies.find((currency) => currency.code === wanted) ?? null;
}

/**
 * The shopper's prices: the destination's (its answer kept apart, so that another currency asks nothing again), in
 * their currency, converted as the shop converts and marked as approximate, or in the shop's own.
 */
export async function shownPrices(
  input: {
    destination: { country: string; region: string | null } | null;
    code: string | null;
    /** The shop's settings fixed in the page: its currencies and locale. */
    settings: SiteSettings | null;
    format: Formatter;
  },
  signal: AbortSignal,
): Promise<ShopperPrices> {
  const { destination } = input;
  const tax = destination
    ? await browserQueryClient().fetchQuery({
        queryKey: ['tax-destination', destination.country, destination.region ?? ''],
        queryFn: () => destinationPrices(destination, signal),
        staleTime: 10 * 60_000,
      })
    : null;
  const currency = shopperCurrency(input.code, destination?.country ?? null, input.settings?.currencies ?? []);
  const amount = currency ? convertedPrice(currency, input.settings?.locale ?? 'en-US') : input.format.price;
  return {
    price: (value, categorySlug) => amount(tax && categorySlug !== undefined ? tax.price(value, categorySlug) : value),
    notice: tax?.notice ?? null,
    currency,
  };
}
