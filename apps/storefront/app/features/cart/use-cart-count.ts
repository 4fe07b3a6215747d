import { useCart } from './use-cart.ts';

/** Number of items in the cart (its `total_items`), for the header badge. */
export function useCartCount(): number {
  return useCart().cart.total_items;
}
