// Starting a card payment (spec section 4 "Checkout flow"): the attempt's id and its order are kept in the browser's
// session storage for the return page, then the customer goes to the gateway's payment page.
import {
  isPaidThroughGateway,
  type Order,
  type OrderSummary,
  PENDING_ORDER_DETAILS_KEY,
  PENDING_PAYMENT_ID_KEY,
} from '@platform/contracts';
import type { ApiClient } from '../../lib/api-client.ts';
import { browserSessionStorage, type SessionStore } from '../../lib/session-store.ts';
import { initiateCardPayment } from './api/payments.ts';

/** Shown in the order pages when a new attempt cannot start and the server gave no reason. */
export const PAYMENT_START_FAILED = "We couldn't initiate the card payment. Please try again later.";

/** What is kept of the order a card payment is for. */
export interface PendingOrderDetails {
  id: number;
  number: string;
  total: string;
}

export function pendingOrderDetails(order: Pick<Order, 'id' | 'number' | 'total'>): PendingOrderDetails {
  return { id: order.id, number: order.number, total: order.total };
}

/** A card order that still awaits its payment can be paid (again) from the customer's orders. */
export function canPayByCard(order: Pick<OrderSummary, 'payment_method' | 'status'>): boolean {
  return isPaidThroughGateway(order.payment_method) && order.status === 'awaiting_payment';
}

export { browserSessionStorage };

// Storage is best effort: a full or refused storage must not stop a payment, and the return address carries the id.
function attempt(run: () => void): void {
  try {
    run();
  } catch {
    // Nothing kept: the return page reads the id from its address.
  }
}

export function rememberPendingPayment(store: SessionStore | null, paymentId: string, order: PendingOrderDetails) {
  attempt(() => {
    store?.setItem(PENDING_PAYMENT_ID_KEY, paymentId);
    store?.setItem(PENDING_ORDER_DETAILS_KEY, JSON.stringify(order));
  });
}

/** The id of the card payment this browser session started last, if any. */
export function readPendingPaymentId(store: SessionStore | null): string | null {
  try {
    return store?.getItem(PENDING_PAYMENT_ID_KEY) || null;
  } catch {
    return null;
  }
}

/** Forgets the payment under way (once it has succeeded). */
export function forgetPendingPayment(store: SessionStore | null): void {
  attempt(() => {
    store?.removeItem(PENDING_PAYMENT_ID_KEY);
    store?.removeItem(PENDING_ORDER_DETAILS_KEY);
  });
}

/** An address the browser may be sent to: http or https only (never `javascript:` and the like). */
export function isWebAddress(url: string, base: string): boolean {
  try {
    const { protocol } = new URL(url, base);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Where the browser is: its session storage, its origin and the way to leave for another page. */
export interface PaymentBrowser {
  storage: SessionStore | null;
  origin: string;
  assign: (url: string) => void;
}

export function currentBrowser(): PaymentBrowser {
  return {
    storage: browserSessionStorage(),
    origin: window.location.origin,
    assign: (url) => window.location.assign(url),
  };
}

/**
 * Starts a card payment of `order` (a new attempt when an earlier one failed or was canceled): keeps the attempt's
 * id and the order in session storage, then leaves for the gateway's payment page. Fails when the call does.
 */
export async function startCardPayment(api: ApiClient, order: PendingOrderDetails, browser: PaymentBrowser) {
  const start = await initiateCardPayment(api, order.id);
  if (!isWebAddress(start.redirectUrl, browser.origin)) throw new Error('The payment page address is not valid.');
  rememberPendingPayment(browser.storage, start.payment_uuid, order);
  browser.assign(start.redirectUrl);
}
