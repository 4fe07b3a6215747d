// The registry of payment methods against the contracts: one handler per method, in the spec's order, and the
// methods confirmed by a gateway exactly those that start a payment at one.
import { isPaidThroughGateway, PAYMENT_METHODS } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { findPaymentMethod, PAYMENT_METHOD_HANDLERS, paymentMethodHandler } from './payment-methods.ts';
import { NO_PAYMENTS } from './payments.config.ts';

describe('payment method handlers', () => {
  it('has one handler for each method of the contracts, in their order', () => {
    expect(PAYMENT_METHOD_HANDLERS.map((handler) => handler.code)).toEqual([...PAYMENT_METHODS]);
    for (const code of PAYMENT_METHODS) expect(paymentMethodHandler(code).code).toBe(code);
  });

  it('starts a payment online exactly for the methods only a gateway confirms', () => {
    for (const handler of PAYMENT_METHOD_HANDLERS) {
      expect(handler.confirmedBy === 'gateway').toBe(isPaidThroughGateway(handler.code));
      expect(Boolean(handler.start)).toBe(isPaidThroughGateway(handler.code));
    }
  });

  it('finds a method a request names, and none for anything else', () => {
    expect(findPaymentMethod('bank_transfer')?.code).toBe('bank_transfer');
    expect(findPaymentMethod('paypal')).toBeNull();
    expect(findPaymentMethod('')).toBeNull();
  });

  it("reads each method's label, instructions and time to pay from the shop's settings", () => {
    const settings = {
      ...NO_PAYMENTS,
      bankAccountDetails: 'Nabil Bank 0123',
      customPaymentLabel: 'Cash on delivery',
      customPaymentInstructions: 'Pay the courier.',
      cardPaymentTimeoutMinutes: 30,
      bankTransferTimeoutMinutes: 2880,
      customPaymentTimeoutMinutes: 720,
    };
    expect(
      PAYMENT_METHOD_HANDLERS.map((handler) => [
        handler.label(settings),
        handler.instructions(settings),
        handler.timeoutMinutes(settings),
      ]),
    ).toEqual([
      ['Credit/Debit Card', '', 30],
      ['Bank Transfer', 'Nabil Bank 0123', 2880],
      ['Cash on delivery', 'Pay the courier.', 720],
    ]);
  });
});
