// The cart feature's public surface: the cart and its changes, its item count, and the text of a line's customization.
export type { CartState } from './api/cart.ts';
export { CART_CHANGE_ERRORS, CART_CHANGE_FALLBACKS } from './cart-rules.ts';
export { MadeToOrder } from './components/made-to-order.tsx';
export { lineCustomizationText } from './line-customization.ts';
export { useCart } from './use-cart.ts';
export { useCartCount } from './use-cart-count.ts';
