// The shopper's destination (decision 016): the country (and region) they deliver to, kept in local storage so that
// every page and tab prices alike. Unknown until chosen: the shop's entered prices, no notice.
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
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { country, region } = value as Record<string, unknown>;
    if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) return null;
    return { country, region: typeof region === 'string' && region.trim() ? region.trim() : null };
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
