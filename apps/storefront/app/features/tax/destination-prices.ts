// The destination's answer and the arithmetic of its prices, loaded apart from the pages' first load once the shopper
// has chosen where the order goes (`useShownPrices` in destination.tsx).
import { formatMinor, parseMinor } from '@platform/contracts';
import { destinationRates, rateFor, shownCents, TaxDestination } from '@platform/contracts/tax';
import { browserApi } from '../../lib/browser-api.ts';
import { fetchCategories } from '../catalog/api/categories.ts';

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
