// The checkout's pure rules (spec sections 4 "Checkout flow", 5 "Checkout" and 8), apart from React so they are tested.
import {
  type DeliveryAddress,
  isPaidThroughGateway,
  type Order,
  offeredPaymentMethods,
  type PaymentMethod,
  type PaymentOptions,
  paymentMethodLabel,
} from '@platform/contracts';
import type { ShippingQuote } from '@platform/contracts/shipping';
import type { ErrorTextOptions } from '../../lib/api-client.ts';
import { addressProblem } from '../address/index.ts';
import type { OrderConfirmationState } from '../orders/index.ts';
import { type PendingOrderDetails, pendingOrderDetails } from '../payments/index.ts';

const SELECT_PAYMENT_METHOD = 'Please select a payment method.';
export const ORDER_FALLBACK = 'Failed to create order. Please check your details and try again.';
/** How a failed order reads (spec section 8): the detail, else the JSON text of the body, else the message. */
export const ORDER_ERRORS: ErrorTextOptions = { body: true };
export const PAYMENT_OPTIONS_LOAD_ERROR = 'Failed to load payment options. Please refresh the page.';
export const PAYMENT_OPTIONS_MISSING = 'Could not load payment options. Please try refreshing.';
export const CARD_PAYMENT_FAILED =
  "Your order was created, but we couldn't initiate the card payment. Please contact support or try paying from your order history.";

/** Where the shipping quote stands: no country chosen yet, being asked, answered, or refused with a reason. */
export type QuoteState =
  | { kind: 'no-country' }
  | { kind: 'loading' }
  | { kind: 'quoted'; quote: ShippingQuote }
  /** `refused`: the server's answer about the country (it does not ship there), not a failure to ask. */
  | { kind: 'failed'; message: string; refused: boolean };

/** What the summary's Shipping row says for the quote as it stands. */
export function shippingText(state: QuoteState, price: (amount: string) => string): string {
  switch (state.kind) {
    case 'no-country':
      return 'Choose your country';
    case 'loading':
      return 'Calculating…';
    case 'quoted':
      return state.quote.shipping === '0.00' ? 'Free' : price(state.quote.shipping);
    case 'failed':
      return 'Not available';
  }
}

/**
 * The total the checkout may say: the server's quote for the chosen country; the cart's own before a country is
 * chosen (its note says shipping comes with the country); none while the chosen country's quote is being asked or
 * could not be had, since the cart's total would leave that country's shipping and taxes out of what is charged.
 */
export function checkoutTotal(state: QuoteState, cartTotal: string): string | null {
  if (state.kind === 'quoted') return state.quote.total;
  return state.kind === 'no-country' ? cartTotal : null;
}

/**
 * The first rule the form breaks (a blank address field, in the spec's words; a field that is not right; then the
 * method), or null when it may be sent.
 */
export function checkoutProblem(address: DeliveryAddress, method: PaymentMethod | null): string | null {
  return addressProblem(address) ?? (method ? null : SELECT_PAYMENT_METHOD);
}

interface PaymentChoice {
  method: PaymentMethod;
  label: string;
}

/** The methods the shop enables, in the spec's order (card, bank transfer, custom), with their labels. */
export function paymentChoices(options: PaymentOptions): PaymentChoice[] {
  return offeredPaymentMethods(options).map((method) => ({
    method,
    label: paymentMethodLabel(method, options.custom_payment_label),
  }));
}

/** A fresh `Idempotency-Key`. `crypto.randomUUID` needs a secure context; a shop served over plain HTTP still gets
 * a random version 4 UUID from `getRandomValues`, which has no such limit. */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Where a new order sends the customer, by its method (spec section 4 "Checkout flow"). */
type AfterOrder =
  | { kind: 'confirmation'; state: OrderConfirmationState }
  | { kind: 'redirect'; url: string }
  | { kind: 'card-payment'; order: PendingOrderDetails };

export function afterOrder(order: Order, options: PaymentOptions): AfterOrder {
  // A payment through the gateway starts next; if it cannot, the order stays and is payable from the order history.
  if (isPaidThroughGateway(order.payment_method)) return { kind: 'card-payment', order: pendingOrderDetails(order) };
  if (order.payment_method === 'bank_transfer') {
    return {
      kind: 'confirmation',
      state: { order, instructions: order.payment_instructions || options.bank_account_details },
    };
  }
  // The shop's own method: its page, or the confirmation with its instructions.
  if (options.custom_payment_redirect_url) return { kind: 'redirect', url: options.custom_payment_redirect_url };
  return {
    kind: 'confirmation',
    state: { order, instructions: order.payment_instructions || options.custom_payment_instructions },
  };
}
