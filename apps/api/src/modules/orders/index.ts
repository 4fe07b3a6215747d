// The orders module's public surface: the only file other modules and the app import from it.
export { EMPTY_CART } from './checkout/index.ts';
export { cancelOverdueOrders, type JobDeps } from './orders.expiry.ts';
export { orderJobs } from './orders.jobs.ts';
export {
  canTransition,
  InvalidTransitionError,
  ORDER_TRANSITIONS,
  PAYMENT_TIMEOUT,
  type TransitionInput,
  transitionOrder,
} from './orders.lifecycle.ts';
export { PAYMENT_REMINDER_LEAD_MS, sendPaymentReminders } from './orders.reminders.ts';
export { ordersAdminRoutes, ordersRoutes } from './orders.routes.ts';
export {
  countPlacedOrders,
  findOrder,
  findOrderByNumber,
  getOrder,
  listOrders,
  orderNumbers,
  placeOrder,
  refundedUnitsByLine,
} from './orders.service.ts';
export { subscribeOrderEvents } from './orders.subscribers.ts';
