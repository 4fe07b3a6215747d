// A guest's Add to Cart kept through sign-in. The spec sends the guest to /login?redirect=/products/{slug}; the
// product and the chosen quantity wait in the tab's session storage, and the product page adds them once the shopper
// is back on it signed in, instead of leaving an empty cart.
import { keep, readKept, type SessionStore } from '../../lib/session-store.ts';

const KEY = 'pendingCartAdd';
/** An intent older than this (a sign-in abandoned, then done later) is dropped: the shopper may no longer want it. */
const LIFETIME_MS = 30 * 60_000;

interface AddIntent {
  slug: string;
  quantity: number;
  at: number;
}

/** Keeps the guest's wish to add `quantity` of the product `slug` (one at a time: the latest wins). */
export function keepAddIntent(store: SessionStore | null, slug: string, quantity: number, now = Date.now()): void {
  keep(store, KEY, { slug, quantity, at: now } satisfies AddIntent);
}

/** The quantity kept for the product `slug`, forgotten as it is taken; null when none is (or it is too old). */
export function takeAddIntent(store: SessionStore | null, slug: string, now = Date.now()): number | null {
  const kept = readKept(store, KEY) as Partial<AddIntent> | null;
  if (!kept) return null;
  const fresh = typeof kept.at === 'number' && now - kept.at >= 0 && now - kept.at < LIFETIME_MS;
  if (fresh && kept.slug !== slug) return null;
  keep(store, KEY, null);
  const quantity = kept.quantity;
  return fresh && typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1 ? quantity : null;
}
