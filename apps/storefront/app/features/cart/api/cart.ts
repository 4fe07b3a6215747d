import type { AddCartItemBody, Cart } from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, ApiError } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { contract } from '../../../lib/contracts.ts';

const CART = contract((c) => c.Cart);

import { USER_QUERY_SCOPE } from '../../session/user-queries.ts';

/** The cart as the storefront holds it: `id` is null until the server has answered with the customer's cart. */
export type CartState = Omit<Cart, 'id'> & { id: number | null };

/** The cart of a guest, and the answer to a 401 or 404 (spec section 4 "Cart"). */
export const EMPTY_CART: CartState = {
  id: null,
  items: [],
  total_items: 0,
  total_price: '0.00',
  discount_code: null,
  discount: '0.00',
  discounts: [],
  discount_message: null,
};

export const CART_QUERY_KEY = [USER_QUERY_SCOPE, 'cart'] as const;

/** `GET /orders/cart/`; a 401 or 404 is an empty cart, not a failure. */
async function fetchCart(api: ApiClient): Promise<CartState> {
  try {
    return await api.get('/orders/cart/', { schema: CART });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return EMPTY_CART;
    throw error;
  }
}

/**
 * The signed-in customer's cart. An empty local cart (no id) is always stale, so it is fetched again on use.
 * NOTE: the header renders these options on the server too, where there is no browser client: it is taken only
 * when the query runs, which is in the browser.
 */
export function cartQueryOptions() {
  return queryOptions({
    queryKey: CART_QUERY_KEY,
    queryFn: () => fetchCart(browserApi()),
    staleTime: (query) => (query.state.data?.id ? 60_000 : 0),
  });
}

/** A change of the cart; the server answers each with the whole cart. */
export type CartChange =
  | { kind: 'add'; item: AddCartItemBody }
  | { kind: 'update'; itemId: number; quantity: number }
  | { kind: 'remove'; itemId: number }
  | { kind: 'clear' };

/** Sends one change: `add-item`, `PATCH`/`DELETE` of an item, or `clear`. */
export function sendCartChange(api: ApiClient, change: CartChange): Promise<Cart> {
  switch (change.kind) {
    case 'add':
      return api.post('/orders/cart/add-item/', change.item, { schema: CART });
    case 'update':
      return api.patch(`/orders/cart/items/${change.itemId}/`, { quantity: change.quantity }, { schema: CART });
    case 'remove':
      return api.delete(`/orders/cart/items/${change.itemId}/`, { schema: CART });
    case 'clear':
      return api.delete('/orders/cart/clear/', { schema: CART });
  }
}
