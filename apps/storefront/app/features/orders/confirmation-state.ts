import type { Order } from '@platform/contracts';

/** What the checkout hands to /order-confirmation as navigation state. */
export interface OrderConfirmationState {
  order: Order;
  /** The bank account details (bank transfer) or the shop's instructions (custom payment). */
  instructions: string;
}

/**
 * The state of /order-confirmation, or null when the page was opened without one (typed, bookmarked, or a browser
 * that keeps no state over a reload): the page then reads the order of its `?order=` id again.
 */
export function readConfirmationState(state: unknown): OrderConfirmationState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { order, instructions } = state as Partial<Record<keyof OrderConfirmationState, unknown>>;
  if (typeof order !== 'object' || order === null || typeof (order as Partial<Order>).number !== 'string') return null;
  return { order: order as Order, instructions: typeof instructions === 'string' ? instructions : '' };
}
