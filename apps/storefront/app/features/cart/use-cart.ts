import type { AddCartItemBody, Cart, CartItem } from '@platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText, RuleError } from '../../lib/api-client.ts';
import { browserApi } from '../../lib/browser-api.ts';
import { isSignedIn, useIsSignedIn } from '../session/index.ts';
import { useDestination } from '../tax/index.ts';
import {
  type CartChange,
  type CartState,
  cartQueryOptions,
  EMPTY_CART,
  forgetCart,
  keepCartAnswer,
  sendCartChange,
} from './api/cart.ts';
import {
  CART_CHANGE_ERRORS,
  CART_CHANGE_FALLBACKS,
  CART_LOAD_ERROR,
  LOGIN_TO_ADD,
  quantityChange,
} from './cart-rules.ts';

export interface UseCart {
  /** The empty cart when signed out, on a 401 or 404, and until the first answer. */
  cart: CartState;
  /** The first fetch is under way. */
  isLoading: boolean;
  /** A change is under way. */
  isSending: boolean;
  /** 'Could not load cart.' when the fetch failed otherwise than 401 or 404. */
  loadError: string | null;
  /** The spec's text of this component's last failed change, until the next change starts. */
  changeError: string | null;
  /** Adds a product; rejects with an error that `errorText` with CART_CHANGE_ERRORS reads. */
  add: (item: AddCartItemBody) => Promise<Cart>;
  /** Sets a line's quantity from the input's text: unchanged does nothing, below 1 removes the line. */
  setQuantity: (item: CartItem, raw: string) => Promise<Cart | null>;
  remove: (itemId: number) => Promise<Cart>;
  clear: () => Promise<Cart>;
  /** Forgets the cart locally (after an order: the server has emptied it). */
  clearLocal: () => void;
}

/**
 * The customer's server cart (spec section 4 "Cart"): every change replaces the whole cart with the answer. Priced
 * for the shopper's destination once it is known.
 */
export function useCart(): UseCart {
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  // A new destination keeps the cart shown (checkout stays on screen) while its prices come.
  const query = useQuery({
    ...cartQueryOptions(useDestination()),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
  const mutation = useMutation({
    mutationFn: (change: CartChange) => {
      // Read now, not from the render: the session may have ended in another tab since.
      if (change.kind === 'add' && !isSignedIn()) throw new RuleError(LOGIN_TO_ADD);
      return sendCartChange(browserApi(), change);
    },
    onSuccess: (cart) => keepCartAnswer(queryClient, cart),
  });
  const { mutateAsync } = mutation;

  async function setQuantity(item: CartItem, raw: string) {
    const change = quantityChange(item.quantity, raw);
    if (change.kind === 'none') return null;
    if (change.kind === 'remove') return mutateAsync({ kind: 'remove', itemId: item.id });
    return mutateAsync({ kind: 'update', itemId: item.id, quantity: change.quantity });
  }

  return {
    cart: (signedIn && query.data) || EMPTY_CART,
    isLoading: signedIn && query.isLoading,
    isSending: mutation.isPending,
    loadError: signedIn && query.isError ? CART_LOAD_ERROR : null,
    changeError:
      mutation.isError && mutation.variables
        ? errorText(mutation.error, CART_CHANGE_FALLBACKS[mutation.variables.kind], CART_CHANGE_ERRORS)
        : null,
    add: (item) => mutateAsync({ kind: 'add', item }),
    setQuantity,
    remove: (itemId) => mutateAsync({ kind: 'remove', itemId }),
    clear: () => mutateAsync({ kind: 'clear' }),
    clearLocal: () => forgetCart(queryClient),
  };
}
