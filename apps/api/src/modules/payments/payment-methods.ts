// The payment methods a shop may take, each one handler: whether the shop takes it, what its customers read, how long
// its orders wait for payment, who confirms a payment, and how an order starts paying online. Checkout, the payment
// options, the order's payment terms and the card payment route ask this registry; nothing else names a method.
import {
  type CardPaymentStart,
  PAYMENT_CONFIRMED_BY,
  PAYMENT_METHODS,
  type PaymentMethod,
  PaymentMethod as PaymentMethodSchema,
  type PaymentOptions,
  paymentMethodLabel,
} from '@platform/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { startCardPayment } from './card-payment-start.workflow.ts';
import type { PayableOrder } from './card-payments.service.ts';
import { cardRefundStatus, type GatewayRefundStatus, refundCardPayment } from './card-refunds.service.ts';
import { type PaymentConfig, takesCards } from './payments.config.ts';
import { GatewayError } from './payments.gateway.ts';

/** A refund as its method is asked to make it: the amount, what went back before, and the payment it returns. */
export interface RefundInstruction {
  amountCents: number;
  refundedBeforeCents: number;
  /** The gateway payment it goes back through (null for a method paid outside the shop). */
  payment: { invoiceNo: string; amountCents: number } | null;
  /** What staff recorded of a refund they made themselves: its reference and day. */
  reference: string;
  refundedOn: string | null;
  /** The refund's own reference at the gateway: unique per refund and sent with it, so a resend is the same refund. */
  gatewayReference: string;
}

/** What a method did with a refund: a void or refund at the gateway (done, or pending at the bank), or staff's. */
export interface RefundOutcome {
  kind: 'refund' | 'void' | 'manual';
  status: 'succeeded' | 'pending';
  reference: string;
  respCode: string | null;
  respDesc: string | null;
}

/** A refund of a method paid outside the shop: staff sent the money themselves and record it; nothing is called. */
async function recordedRefund(_ctx: RequestContext, _settings: PaymentConfig, refund: RefundInstruction) {
  return { kind: 'manual', status: 'succeeded', reference: refund.reference, respCode: null, respDesc: null } as const;
}

/** A card refund through the shop's gateway: a void of a payment not yet settled, else a refund. */
async function gatewayRefund(ctx: RequestContext, settings: PaymentConfig, refund: RefundInstruction) {
  if (!refund.payment) throw new GatewayError('This order has no card payment to refund.');
  if (!takesCards(ctx, settings)) {
    throw new GatewayError("The shop's card gateway is switched off: refunds through it cannot be made now.");
  }
  return refundCardPayment(ctx, settings, refund.payment, refund);
}

/** One payment method, as every part of the platform that deals with it asks about it. */
export interface PaymentMethodHandler {
  /** Its code on the wire and in the database (`PAYMENT_METHODS`). */
  readonly code: PaymentMethod;
  /** Who marks its orders paid (`PAYMENT_CONFIRMED_BY`): the gateway's confirmed payment only, or staff. */
  readonly confirmedBy: 'gateway' | 'staff';
  /** Whether the shop takes it now, by its settings (and, for a gateway, the server's). */
  available(ctx: RequestContext, settings: PaymentConfig): boolean;
  /** The name its customers read (the contracts' label; the shop names its custom method). */
  label(settings: PaymentConfig): string;
  /** What an order paid by it tells its customer about paying: bank details, the shop's instructions, or nothing. */
  instructions(settings: PaymentConfig): string;
  /** How long an unpaid order paid by it keeps its stock, in minutes. */
  timeoutMinutes(settings: PaymentConfig): number;
  /** Its part of `GET /payments/options/` (spec section 3 "Payment options"). */
  options(ctx: RequestContext, settings: PaymentConfig): Partial<PaymentOptions>;
  /** Starts paying an order at its gateway (the page the shopper pays on); absent for a method paid outside the shop. */
  start?: ((ctx: RequestContext, order: PayableOrder) => Promise<CardPaymentStart>) | undefined;
  /**
   * Sends money back: through the gateway (which may leave it pending at the bank), or, for a method paid outside the
   * shop, by recording what staff did. Throws `GatewayError` when the gateway refuses.
   */
  refund(ctx: RequestContext, settings: PaymentConfig, refund: RefundInstruction): Promise<RefundOutcome>;
  /**
   * What became of a refund sent through its gateway, asked by the refund's own reference (or, for one sent before
   * refunds carried it, by its amount); absent for a method paid outside the shop, whose refunds staff record.
   * Throws `GatewayUnansweredError` when the gateway does not answer.
   */
  refundStatus?:
    | ((
        ctx: RequestContext,
        settings: PaymentConfig,
        request: { invoiceNo: string; amountCents: number; reference?: string },
      ) => Promise<GatewayRefundStatus | null>)
    | undefined;
}

/** A handler of `code`: its label and who confirms its payments come from the contracts, shared with the storefront. */
function defineMethod<M extends PaymentMethod>(
  code: M,
  handler: Omit<PaymentMethodHandler, 'code' | 'confirmedBy' | 'label'>,
): PaymentMethodHandler & { readonly code: M } {
  return {
    code,
    confirmedBy: PAYMENT_CONFIRMED_BY[code],
    label: (settings) => paymentMethodLabel(code, settings.customPaymentLabel),
    ...handler,
  };
}

/** Cards through the shop's 2C2P gateway (or the built-in sandbox speaking its protocol). */
const card2c2p = defineMethod('card_2c2p', {
  available: takesCards,
  instructions: () => '',
  timeoutMinutes: (settings) => settings.cardPaymentTimeoutMinutes,
  options: (ctx, settings) => ({ enable_card_payment: takesCards(ctx, settings) }),
  start: startCardPayment,
  refund: gatewayRefund,
  refundStatus: cardRefundStatus,
});

/** A transfer to the shop's bank account, which staff record as received. */
const bankTransfer = defineMethod('bank_transfer', {
  available: (_ctx, settings) => settings.enableBankTransfer,
  instructions: (settings) => settings.bankAccountDetails,
  timeoutMinutes: (settings) => settings.bankTransferTimeoutMinutes,
  options: (_ctx, settings) => ({
    enable_bank_transfer: settings.enableBankTransfer,
    bank_account_details: settings.bankAccountDetails,
  }),
  refund: recordedRefund,
});

/** The shop's own method (cash on delivery, a wallet…), with its label, instructions and page; staff record it. */
const customPayment = defineMethod('custom', {
  available: (_ctx, settings) => settings.enableCustomPayment,
  instructions: (settings) => settings.customPaymentInstructions,
  timeoutMinutes: (settings) => settings.customPaymentTimeoutMinutes,
  options: (_ctx, settings) => ({
    enable_custom_payment: settings.enableCustomPayment,
    custom_payment_label: paymentMethodLabel('custom', settings.customPaymentLabel),
    custom_payment_instructions: settings.customPaymentInstructions,
    custom_payment_redirect_url: settings.customPaymentRedirectUrl,
  }),
  refund: recordedRefund,
});

/** NOTE: every method of the contracts has its handler, registered under its own code (the type says so). */
const HANDLERS: { readonly [M in PaymentMethod]: PaymentMethodHandler & { readonly code: M } } = {
  card_2c2p: card2c2p,
  bank_transfer: bankTransfer,
  custom: customPayment,
};

/** Every payment method, in the spec's order (the storefront preselects the first the shop takes). */
export const PAYMENT_METHOD_HANDLERS: readonly PaymentMethodHandler[] = PAYMENT_METHODS.map((code) => HANDLERS[code]);

/** The handler of a method an order or the shop's settings name. */
export function paymentMethodHandler(code: PaymentMethod): PaymentMethodHandler {
  return HANDLERS[code];
}

/** The handler of a method a request names, or null when it names none. */
export function findPaymentMethod(code: string): PaymentMethodHandler | null {
  const parsed = PaymentMethodSchema.safeParse(code);
  return parsed.success ? HANDLERS[parsed.data] : null;
}
