// Checkout, a sub-module of orders: the workflow that turns a cart into an order (decision 007) and what it reads
// from the request (its address, currency and idempotency). The rest of orders imports it only from here.
export { checkoutFingerprint, checkReplay } from './checkout.request.ts';
export { EMPTY_CART, runCheckout } from './checkout.workflow.ts';
