// The cart module's public surface: the only file other modules and the app import from it.
export { cartRoutes, type PlacedOrders } from './cart.routes.ts';
export {
  addItem,
  type CheckoutLine,
  clearCart,
  emptyCart,
  getCart,
  lockCartForCheckout,
  quoteCartDiscounts,
  removeItem,
  updateItem,
} from './cart.service.ts';
