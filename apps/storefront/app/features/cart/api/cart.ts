import type { AddCartItemBody, Cart } from '@platform/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { type ApiClient, ApiError } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { contract } from '../../../lib/contracts.ts';

const CART = contract((c) => c.Cart);

import { USER_QUERY_SCOPE } from '../../session/index.ts';
import { type Destination, readDestination } from '../../tax/index.ts';

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
  total: '0.00',
};

export const CART_QUERY_KEY = [USER_QUERY_SCOPE, 'cart'] as const;

/** The cart priced for a destination (its lines as the destination pays them), or as entered (null). */
export function cartQueryKey(destination: Destination | null) {
  return [...CART_QUERY_KEY, destination?.country ?? '', destination?.region ?? ''] as const;
}

/** The query of every cart call: the destination, when the shopper has chosen one. */
function destinationQuery(destination: Destination | null) {
  return destination ? { country: destination.country, region: destination.region ?? undefined } : {};
}

/** `GET /orders/cart/[?country=&region=]`; a 401 or 404 is an empty cart, not a failure. */
async function fetchCart(api: ApiClient, destination: Destination | null): Promise<CartState> {
  try {
    return await api.get('/orders/cart/', { schema: CART, query: destinationQuery(destination) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return EMPTY_CART;
    throw error;
  }
}

/**
 * The signed-in customer's cart, priced for the shopper's destination when one is known. An empty local cart (no
 * id) is always stale, so it is fetched again on use.
 * NOTE: the header renders these options on the server too, where there is no browser client: it is taken only
 * when the query runs, which is in the browser.
 */
export function cartQueryOptions(destination: Destination | null) {
  return queryOptions({
    queryKey: cartQueryKey(destination),
    queryFn: () => fetchCart(browserApi(), destination),
    staleTime: (query) => (query.state.data?.id ? 60_000 : 0),
  });
}

/**
 * Keeps the answer of a change to the cart, asked for the current destination (`readDestination`); the cart priced
 * for any other destination is stale from then on. A fetch of the cart still on its way is called off first: asked
 * before the change was answered, its answer may be the cart without the change, and would replace this one (a
 * guest's add made at once on the page the sign-in leads back to, while the header fetches the new customer's cart).
 */
export async function keepCartAnswer(queryClient: QueryClient, answer: CartState): Promise<void> {
  const key = cartQueryKey(readDestination());
  await queryClient.cancelQueries({ queryKey: key, exact: true });
  queryClient.setQueryData<CartState>(key, answer);
  void queryClient.invalidateQueries({
    queryKey: CART_QUERY_KEY,
    predicate: (query) => query.queryKey.join('\n') !== key.join('\n'),
  });
}

/** Forgets the cart locally, for every destination (after an order: the server has emptied it). */
export function forgetCart(queryClient: QueryClient): void {
  queryClient.setQueryData<CartState>(cartQueryKey(readDestination()), EMPTY_CART);
  queryClient.setQueriesData<CartState>({ queryKey: CART_QUERY_KEY }, EMPTY_CART);
}

/** The query of a cart change: the answer is priced for the shopper's destination, read when the change is sent. */
export function cartChangeQuery() {
  return destinationQuery(readDestination());
}

/** A change of the cart; the server answers each with the whole cart. */
export type CartChange =
  | { kind: 'add'; item: AddCartItemBody }
  | { kind: 'update'; itemId: number; quantity: number }
  | { kind: 'remove'; itemId: number }
  | { kind: 'clear' };

/** Sends one change: `add-item`, `PATCH`/`DELETE` of an item, or `clear` (priced for the destination). */
export function sendCartChange(api: ApiClient, change: CartChange): Promise<Cart> {
  const options = { schema: CART, query: cartChangeQuery() };
  switch (change.kind) {
    case 'add':
      return api.post('/orders/cart/add-item/', change.item, options);
    case 'update':
      return api.patch(`/orders/cart/items/${change.itemId}/`, { quantity: change.quantity }, options);
    case 'remove':
      return api.delete(`/orders/cart/items/${change.itemId}/`, options);
    case 'clear':
      return api.delete('/orders/cart/clear/', options);
  }
}
