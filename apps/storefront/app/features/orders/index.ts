// The orders feature's public surface: placing an order, the customer's orders, and the order just confirmed.
export { createOrder, ORDERS_QUERY_KEY, orderPageQueryOptions } from './api/orders.ts';
export { keepConfirmedOrder, type OrderConfirmationState } from './confirmation-state.ts';
