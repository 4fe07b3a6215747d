// The checkout form kept while it is filled in: after a reload (or a visit to another page of the tab) the checkout
// comes back with the typed delivery address and the chosen payment method. Kept in the tab's session storage,
// per shop, and forgotten once the order is placed. Only what the form holds: the checkout never sees card data
// (the card is typed on the gateway's page).
import {
  DELIVERY_ADDRESS_FIELDS,
  type DeliveryAddress,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@platform/contracts';
import { keep, readKept, type SessionStore } from '../../lib/session-store.ts';

export interface CheckoutDraft {
  address: DeliveryAddress;
  method: PaymentMethod | null;
}

const keyOf = (shop: number | string) => `checkoutDraft:${shop}`;

/** The shop's kept draft, or null (none, or not one: a draft from another version of the form is dropped). */
export function readCheckoutDraft(store: SessionStore | null, shop: number | string): CheckoutDraft | null {
  const kept = readKept(store, keyOf(shop)) as { address?: unknown; method?: unknown } | null;
  const address = kept?.address as Record<string, unknown> | undefined;
  if (!address || typeof address !== 'object') return null;
  if (!DELIVERY_ADDRESS_FIELDS.every((field) => typeof address[field] === 'string')) return null;
  const method = PAYMENT_METHODS.find((known) => known === kept?.method) ?? null;
  const restored = Object.fromEntries(DELIVERY_ADDRESS_FIELDS.map((field) => [field, address[field]]));
  if (typeof address.region === 'string') restored.region = address.region;
  return { address: restored as DeliveryAddress, method };
}

export function keepCheckoutDraft(store: SessionStore | null, shop: number | string, draft: CheckoutDraft): void {
  keep(store, keyOf(shop), draft);
}

export function forgetCheckoutDraft(store: SessionStore | null, shop: number | string): void {
  keep(store, keyOf(shop), null);
}
