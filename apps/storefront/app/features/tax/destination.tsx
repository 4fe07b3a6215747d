// The shopper's destination (decision 016): the country (and region) they deliver to, and the currency they read
// prices in (decision 028), kept in local storage so that every page and tab prices alike, and the catalog's prices as
// that destination pays them, in that currency. Unknown until chosen: the shop's entered prices in its own currency,
// no notice.
// NOTE: one small module on purpose: every page loads it (the header's cart, the product cards), and each module of
// the first load costs its own imports; the destination's answer, the currency and their arithmetic
// (destination-prices.ts) load apart, and the Deliver to and Currency selects (components/deliver-to.tsx) only where
// they show.
import type { DisplayCurrency } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useFormat, useSiteSettings } from '../site/index.ts';

export const DESTINATION_KEY = 'deliverTo';
/** The currency the shopper chose (its code); unset, their destination's when the shop lists it. */
export const CURRENCY_KEY = 'currency';

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

// Any change of the storage is heard: the snapshots are the same for the same stored texts, so only a change of the
// destination or of the currency renders again.
function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** The shopper's destination; null on the server and while hydrating, so every visitor's HTML is the same. */
export function useDestination(): Destination | null {
  return useSyncExternalStore(subscribe, readDestination, () => null);
}

const readCurrency = () => storage()?.getItem(CURRENCY_KEY) ?? null;

/** Prices as the shopper reads them: for their destination, in their currency. */
export interface ShownPrices {
  /**
   * An entered price (a decimal string) as the shopper reads it, for a product of the category (its slug): as the
   * destination pays it, written in the shopper's currency ("$118.99", or "≈ €109.47" converted). Without a category,
   * an amount the server priced for the destination already (the cart's), written in the shopper's currency.
   */
  price: (amount: string, categorySlug?: string) => string;
  /** What the prices hold for the destination ("Delivery to Germany: prices include VAT."); none until known. */
  notice?: string | null;
  /** The display currency prices are written in; none for the shop's own. */
  currency?: DisplayCurrency | null;
}

/**
 * The catalog's prices for the shopper: the entered ones in the shop's currency until a destination or a currency is
 * chosen and answered (the server's render, the same for every visitor), then the destination's, in the currency
 * chosen (else the destination's, when the shop lists it). Their answer and arithmetic load apart from the first load
 * (`destination-prices.ts`); kept for the session's length.
 */
export function useShownPrices(): ShownPrices {
  const chosen = useDestination();
  const code = useSyncExternalStore(subscribe, readCurrency, () => null);
  const format = useFormat();
  const settings = useSiteSettings();
  const answer = useQuery({
    queryKey: ['prices', chosen, code],
    // NOTE: the shop's settings (its currencies and locale) are fixed in the page, the same for every key.
    queryFn: async ({ signal }) =>
      (await import('./destination-prices.ts')).shownPrices({ destination: chosen, code, settings, format }, signal),
    enabled: Boolean(chosen ?? code),
    staleTime: 10 * 60_000,
  });
  // Until then, the shop's formatter: its prices as entered, in the shop's currency.
  return answer.data ?? format;
}
