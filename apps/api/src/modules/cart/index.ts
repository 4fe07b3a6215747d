// The cart module's public surface: the only file other modules and the app import from it.
export { cartJobs, sendCartReminders } from './cart.reminders.ts';
export { cartAdminRoutes, cartRoutes, type PlacedOrders } from './cart.routes.ts';
export {
  addItem,
  type CheckoutLine,
  cartForPricing,
  clearCart,
  emptyCart,
  getCart,
  lockCartForCheckout,
  removeItem,
  updateItem,
} from './cart.service.ts';
