import { formatMinor, parseMinor } from '@platform/contracts';
import { destinationRates, rateFor, shownCents, type TaxDestination } from '@platform/contracts/tax';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { browserApi } from '../../lib/browser-api.ts';
import { fetchCategories } from '../catalog/api/categories.ts';
import { destinationQueryOptions } from './api/destination.ts';
import { useDestination } from './destination.ts';

/** Prices as the shopper's destination shows them. */
export interface ShownPrices {
  /** An entered price (a decimal string) as the destination pays it, for a product of the category (its slug). */
  price: (amount: string, categorySlug: string) => string;
  /** What the prices hold for the destination ("Prices include VAT for Germany."); null until it is known. */
  notice: string | null;
  /** The destination's answer, once known. */
  destination: TaxDestination | null;
}

const ENTERED: ShownPrices = { price: (amount) => amount, notice: null, destination: null };

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
 * The catalog's prices for the shopper's destination: the entered ones until it is chosen and answered (the server's
 * render, the same for every visitor), then the destination's. Category rates need the categories' ids, asked only
 * when the destination has such a rate.
 */
export function useShownPrices(): ShownPrices {
  const chosen = useDestination();
  const answer = useQuery({
    ...destinationQueryOptions(chosen ?? { country: '', region: null }),
    enabled: chosen !== null,
  });
  const destination = chosen ? (answer.data ?? null) : null;
  const byCategory = destination?.rates.some((rate) => rate.category_id !== null) ?? false;
  // The shop menu's query (same key); its client is taken only when the query runs, in the browser.
  const categories = useQuery({
    queryKey: ['categories'],
    queryFn: () => fetchCategories(browserApi()),
    enabled: byCategory,
  });
  const categoryIds = categories.data;
  return useMemo(() => {
    // Until the categories are known, a category's own rate could not be told from the general one.
    if (!destination || (byCategory && !categoryIds)) return ENTERED;
    const ids = new Map((categoryIds ?? []).map((category) => [category.slug, category.id]));
    return {
      price: (amount, categorySlug) => shownAmount(amount, destination, ids.get(categorySlug) ?? null),
      notice: destination.notice,
      destination,
    };
  }, [destination, categoryIds, byCategory]);
}
