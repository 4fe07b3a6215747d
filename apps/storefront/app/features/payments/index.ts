// The payments feature's public surface: starting a card payment for an order just placed.
export { currentBrowser, type PendingOrderDetails, pendingOrderDetails, startCardPayment } from './card-payment.ts';
