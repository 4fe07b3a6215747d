// The shopper's destination (decision 016): the country (and region) they deliver to, kept in local storage so that
// every page and tab prices alike, and the catalog's prices as that destination pays them. Unknown until chosen: the
// shop's entered prices, no notice.
// NOTE: one module on purpose: every page loads it (the header's cart, the product cards), and each module of the
// first load costs its own imports; the select and its list of countries load apart (deliver-to-panel.tsx).
import { formatMinor, parseMinor } from '@platform/contracts';
import { destinationRates, rateFor, shownCents, TaxDestination } from '@platform/contracts/tax';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react';
import { browserApi } from '../../lib/browser-api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { fetchCategories } from '../catalog/api/categories.ts';
import './components/deliver-to.css';

export const DESTINATION_KEY = 'deliverTo';

/** Where the shopper delivers: an ISO country code and, where its addresses have one, the region. */
export interface Destination {
  country: string;
  region: string | null;
}

function storage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

let cachedText: string | null = null;
let cached: Destination | null = null;

/** The stored destination, the same object for the same stored text (useSyncExternalStore compares snapshots). */
export function readDestination(): Destination | null {
  const text = storage()?.getItem(DESTINATION_KEY) ?? null;
  if (text === cachedText) return cached;
  cachedText = text;
  cached = parseDestination(text);
  return cached;
}

/** A stored text as a destination; null for one that is missing or not written by this module. */
export function parseDestination(text: string | null): Destination | null {
  if (!text) return null;
  try {
    const { country, region } = Object(JSON.parse(text)) as Record<string, unknown>;
    if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) return null;
    return { country, region: typeof region === 'string' && region ? region : null };
  } catch {
    return null;
  }
}

/** Keeps the shopper's destination (a region only with its country) and tells every part of the page. */
export function setDestination(destination: Destination): void {
  const store = storage();
  if (!store) return;
  const current = readDestination();
  if (current?.country === destination.country && current.region === destination.region) return;
  store.setItem(DESTINATION_KEY, JSON.stringify(destination));
  // Browsers fire `storage` only in the other tabs.
  window.dispatchEvent(new StorageEvent('storage', { key: DESTINATION_KEY }));
}

function subscribe(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === DESTINATION_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** The shopper's destination; null on the server and while hydrating, so every visitor's HTML is the same. */
export function useDestination(): Destination | null {
  return useSyncExternalStore(subscribe, readDestination, () => null);
}

/**
 * `GET /tax/destination/`: how a destination shows prices (its rates, included or added, the notice). Public and the
 * same for every shopper of the shop, so it is kept for the session's length.
 */
export function destinationQueryOptions(destination: Destination) {
  return queryOptions({
    queryKey: ['tax-destination', destination.country, destination.region ?? ''],
    queryFn: ({ signal }) =>
      browserApi().get('/tax/destination/', {
        schema: TaxDestination,
        query: { country: destination.country, region: destination.region ?? undefined },
        signal,
      }),
    staleTime: 10 * 60_000,
  });
}

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

// The select and its list of countries load apart from the pages' first load, once the page is interactive.
const DeliverToPanel = lazy(async () => ({
  default: (await import('./components/deliver-to-panel.tsx')).DeliverToPanel,
}));

/**
 * Where the shopper delivers, beside a price: a labelled country select and what the prices hold there (the
 * destination's notice). Its room is kept from the server's render on, so loading it, reading the stored choice
 * after hydration, or choosing moves nothing on the page.
 */
export function DeliverTo({ notice }: { notice: string | null }) {
  const hydrated = useHydrated();
  const destination = useDestination();
  return (
    <div className="destination">
      {hydrated && (
        <Suspense fallback={null}>
          <DeliverToPanel destination={destination} notice={notice} onChoose={setDestination} />
        </Suspense>
      )}
    </div>
  );
}
