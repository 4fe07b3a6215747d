// The return page's rules (spec sections 4 "Payment status", 5 and 8), apart from React so they are tested.
import { CARD_PAYMENT_CURRENCY, type PaymentStatusRecord } from '@platform/contracts';
import { ApiContractError, ApiError, RuleError } from '../../lib/api-client.ts';
import type { Formatter } from '../../lib/format.ts';

/** How long the return page waits before it asks for the status (spec section 9). */
export const STATUS_CHECK_DELAY_MS = 1500;

export const PAYMENT_ID_MISSING = 'Could not identify the payment transaction.';
export const PAYMENT_NOT_FOUND = 'Payment transaction not found.';
export const PAYMENT_LOOKUP_FAILED = 'Failed to retrieve payment status. Please contact support.';
export const UNKNOWN_PAYMENT_STATUS = 'Unknown payment status.';

/** What the return page shows for a status. */
export type PaymentView =
  | { kind: 'success' }
  | { kind: 'failure'; heading: 'Payment Failed' | 'Payment Canceled' }
  | { kind: 'processing' }
  | { kind: 'lookup-failure'; message: string };

export function paymentView(status: PaymentStatusRecord['status']): PaymentView {
  switch (status) {
    case 'succeeded':
      return { kind: 'success' };
    case 'failed':
      return { kind: 'failure', heading: 'Payment Failed' };
    case 'canceled':
      return { kind: 'failure', heading: 'Payment Canceled' };
    case 'initiated':
    case 'pending':
      return { kind: 'processing' };
    // A payment that never reached the gateway reads as a status that could not be had.
    case 'error':
      return { kind: 'lookup-failure', message: PAYMENT_LOOKUP_FAILED };
    default:
      return { kind: 'lookup-failure', message: UNKNOWN_PAYMENT_STATUS };
  }
}

/**
 * The text of a failed status check: a 404 is a payment not found; any other failure (the server's detail included,
 * and an answer that breaks its contract) is the generic one; a rule the page checks itself shows its own text.
 */
export function paymentLookupErrorText(error: unknown): string {
  if (error instanceof RuleError) return error.message;
  if (error instanceof ApiError && !(error instanceof ApiContractError) && error.status === 404) {
    return PAYMENT_NOT_FOUND;
  }
  return PAYMENT_LOOKUP_FAILED;
}

/** A payment's amount: in dollars with a $ sign like every price (spec section 9), another currency by its code. */
export function formatPaymentAmount(format: Formatter, amount: string, currency: string): string {
  return currency === CARD_PAYMENT_CURRENCY ? format.price(amount) : `${amount} ${currency}`;
}
