import type { Order } from '@platform/contracts';
import { keep, readKept, type SessionStore } from '../../lib/session-store.ts';

/** What the checkout hands to /order-confirmation as navigation state. */
export interface OrderConfirmationState {
  order: Order;
  /** The bank account details (bank transfer) or the shop's instructions (custom payment). */
  instructions: string;
}

/**
 * The state of /order-confirmation, or null when the page was opened without one (typed, bookmarked, or a browser
 * that keeps no state over a reload): the page then reads the order the tab confirmed last again, by its id.
 */
export function readConfirmationState(state: unknown): OrderConfirmationState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { order, instructions } = state as Partial<Record<keyof OrderConfirmationState, unknown>>;
  if (typeof order !== 'object' || order === null || typeof (order as Partial<Order>).number !== 'string') return null;
  return { order: order as Order, instructions: typeof instructions === 'string' ? instructions : '' };
}

const keyOf = (shop: number | string) => `confirmedOrder:${shop}`;

/** Keeps, in the tab's session storage per shop, the id of the order the checkout confirms (for a reload). */
export function keepConfirmedOrder(store: SessionStore | null, shop: number | string, orderId: number): void {
  keep(store, keyOf(shop), orderId);
}

/** The id of the order the tab confirmed last in the shop, or null (none, or not an id). */
export function confirmedOrderId(store: SessionStore | null, shop: number | string): number | null {
  const kept = readKept(store, keyOf(shop));
  return typeof kept === 'number' && Number.isSafeInteger(kept) && kept > 0 ? kept : null;
}
