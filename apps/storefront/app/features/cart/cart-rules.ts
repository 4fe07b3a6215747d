// The cart's pure rules (spec sections 4 "Cart", 5 and 8), kept apart from React so they are tested on their own.
import type { ErrorTextOptions } from '../../lib/api-client.ts';
import type { CartChange } from './api/cart.ts';

export const LOGIN_TO_ADD = 'Please log in to add items to your cart.';
export const CART_LOAD_ERROR = 'Could not load cart.';

/** The spec's fallback text of each failed change. */
export const CART_CHANGE_FALLBACKS: Record<CartChange['kind'], string> = {
  add: 'Failed to add item.',
  update: 'Failed to update quantity.',
  remove: 'Failed to remove item.',
  clear: 'Failed to clear cart.',
};

/** How a failed change reads: the server's detail, else the first message of the first field, else the fallback. */
export const CART_CHANGE_ERRORS: ErrorTextOptions = { fields: 'first', message: false };

/** The cart page's quantity input: a whole number, anything non-numeric (an empty box too) counts as 0. */
export function parseQuantity(raw: string): number {
  const value = Number(raw.trim());
  return Number.isFinite(value) ? Math.trunc(value) : 0;
}

type QuantityChange = { kind: 'none' } | { kind: 'remove' } | { kind: 'update'; quantity: number };

/** What a new quantity means: nothing when unchanged, a removal below 1, else an update. */
export function quantityChange(current: number, raw: string): QuantityChange {
  const quantity = parseQuantity(raw);
  if (quantity === current) return { kind: 'none' };
  if (quantity < 1) return { kind: 'remove' };
  return { kind: 'update', quantity };
}
