/** Number of items in the cart, for the header badge. The cart work will read it from the server cart. */
export function useCartCount(): number {
  return 0;
}
