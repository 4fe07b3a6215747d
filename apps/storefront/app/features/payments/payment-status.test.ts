import { describe, expect, it } from 'vitest';
import { ApiContractError, ApiError, RuleError } from '../../lib/api-client.ts';
import { formatter } from '../../lib/format.ts';
import { PAYMENT_UUID_REQUIRED } from './api/payments.ts';
import {
  formatPaymentAmount,
  PAYMENT_ID_MISSING,
  PAYMENT_LOOKUP_FAILED,
  PAYMENT_NOT_FOUND,
  paymentLookupErrorText,
  paymentView,
  STATUS_CHECK_DELAY_MS,
  UNKNOWN_PAYMENT_STATUS,
} from './payment-status.ts';

describe('paymentView', () => {
  it("follows the spec's table of statuses", () => {
    expect(paymentView('succeeded')).toEqual({ kind: 'success' });
    expect(paymentView('failed')).toEqual({ kind: 'failure', heading: 'Payment Failed' });
    expect(paymentView('canceled')).toEqual({ kind: 'failure', heading: 'Payment Canceled' });
    expect(paymentView('initiated')).toEqual({ kind: 'processing' });
    expect(paymentView('pending')).toEqual({ kind: 'processing' });
  });

  it("shows a payment in error as a lookup failure, and any other status as 'Unknown payment status.'", () => {
    expect(paymentView('error')).toEqual({
      kind: 'lookup-failure',
      message: 'Failed to retrieve payment status. Please contact support.',
    });
    for (const status of ['refunded', '', 'SUCCEEDED', 'cancelled']) {
      expect(paymentView(status)).toEqual({ kind: 'lookup-failure', message: 'Unknown payment status.' });
    }
  });
});

describe('the texts of the return page', () => {
  it("are the spec's, character for character", () => {
    expect(PAYMENT_ID_MISSING).toBe('Could not identify the payment transaction.');
    expect(PAYMENT_NOT_FOUND).toBe('Payment transaction not found.');
    expect(PAYMENT_LOOKUP_FAILED).toBe('Failed to retrieve payment status. Please contact support.');
    expect(UNKNOWN_PAYMENT_STATUS).toBe('Unknown payment status.');
    expect(STATUS_CHECK_DELAY_MS).toBe(1500);
  });

  it('reads a 404 as not found and every other failure as the generic text, never the server detail', () => {
    expect(paymentLookupErrorText(new ApiError(404, { detail: 'Not found.' }))).toBe('Payment transaction not found.');
    expect(paymentLookupErrorText(new ApiError(500, { detail: 'Database down.' }))).toBe(PAYMENT_LOOKUP_FAILED);
    expect(paymentLookupErrorText(new ApiError(401, { detail: 'Not signed in.' }))).toBe(PAYMENT_LOOKUP_FAILED);
    expect(paymentLookupErrorText(new ApiError(0, null, 'Failed to fetch'))).toBe(PAYMENT_LOOKUP_FAILED);
    expect(paymentLookupErrorText(new ApiContractError(200, 'GET /payments/history/x/', {}))).toBe(
      PAYMENT_LOOKUP_FAILED,
    );
    expect(paymentLookupErrorText(new Error('boom'))).toBe(PAYMENT_LOOKUP_FAILED);
    expect(paymentLookupErrorText(new RuleError(PAYMENT_UUID_REQUIRED))).toBe(
      'Payment UUID is required to check status.',
    );
  });
});

describe('formatPaymentAmount', () => {
  it('shows dollars with a $ sign and two decimals, another currency by its code', () => {
    const format = formatter({ locale: 'en-US', timeZone: 'UTC' });
    expect(formatPaymentAmount(format, '85.00', 'USD')).toBe('$85.00');
    expect(formatPaymentAmount(format, '1200.50', 'USD')).toBe('$1,200.50');
    expect(formatPaymentAmount(format, '85.00', 'NPR')).toBe('85.00 NPR');
  });
});
