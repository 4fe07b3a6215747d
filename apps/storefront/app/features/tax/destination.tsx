// The shopper's destination (decision 016): the country (and region) they deliver to, kept in local storage so that
// every page and tab prices alike, and the catalog's prices as that destination pays them. Unknown until chosen: the
// shop's entered prices, no notice.
// NOTE: one small module on purpose: every page loads it (the header's cart, the product cards), and each module of
// the first load costs its own imports; the destination's answer and arithmetic (destination-prices.ts) load apart,
// and the Deliver to select (components/deliver-to.tsx) only where it shows.
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

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

/** Prices as the shopper's destination shows them. */
export interface ShownPrices {
  /** An entered price (a decimal string) as the destination pays it, for a product of the category (its slug). */
  price: (amount: string, categorySlug: string) => string;
  /** What the prices hold for the destination ("Delivery to Germany: prices include VAT."); null until known. */
  notice: string | null;
}

const ENTERED: ShownPrices = { price: (amount) => amount, notice: null };

/**
 * The catalog's prices for the shopper's destination: the entered ones until it is chosen and answered (the server's
 * render, the same for every visitor), then the destination's. The destination's answer and its arithmetic load
 * apart from the first load (`destination-prices.ts`), once a destination is chosen; kept for the session's length.
 */
export function useShownPrices(): ShownPrices {
  const chosen = useDestination();
  const answer = useQuery({
    queryKey: ['tax-destination', chosen?.country ?? '', chosen?.region ?? ''],
    queryFn: async ({ signal }) =>
      (await import('./destination-prices.ts')).destinationPrices(chosen as Destination, signal),
    enabled: chosen !== null,
    staleTime: 10 * 60_000,
  });
  return (chosen && answer.data) || ENTERED;
}
