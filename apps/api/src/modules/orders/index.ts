// The orders module's public surface: the only file other modules and the app import from it.
export { EMPTY_CART } from './checkout.workflow.ts';
export { cancelOverdueOrders, type JobDeps, scheduleOrderExpiry } from './orders.expiry.ts';
export {
  canTransition,
  InvalidTransitionError,
  ORDER_TRANSITIONS,
  PAYMENT_TIMEOUT,
  type TransitionInput,
  transitionOrder,
} from './orders.lifecycle.ts';
export { PAYMENT_REMINDER_LEAD_MS, schedulePaymentReminders, sendPaymentReminders } from './orders.reminders.ts';
export { ordersAdminRoutes, ordersRoutes } from './orders.routes.ts';
export { countPlacedOrders, findOrder, getOrder, listOrders, placeOrder } from './orders.service.ts';
export { subscribeOrderEvents } from './orders.subscribers.ts';
