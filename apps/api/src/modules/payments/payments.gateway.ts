import type { PaymentStatus } from '@platform/contracts';

/** What a payment attempt asks of a gateway: the amount in minor units, and where the shopper and news come back. */
export interface GatewayPaymentRequest {
  invoiceNo: string;
  description: string;
  amountCents: number;
  currency: string;
  frontendReturnUrl: string;
  backendReturnUrl: string;
}

/** A started payment: the gateway's token and the page the shopper pays on. */
export interface GatewayPaymentStart {
  paymentToken: string;
  webPaymentUrl: string;
}

/** A payment's outcome as a gateway reports it (a verified notification, or an inquiry answer). */
export interface GatewayResult {
  merchantId: string;
  invoiceNo: string;
  /** Null when the gateway sent no amount that reads as money. */
  amountCents: number | null;
  currency: string;
  respCode: string;
  respDesc: string;
  transactionRef: string | null;
  /** The message's fields as received (masked card number at most; never a secret). */
  fields: Record<string, unknown>;
}

/**
 * A card payment gateway. One implementation speaks 2C2P PGW v4.3; the built-in sandbox is a server speaking the
 * same protocol, so it is reached through the same implementation.
 */
export interface PaymentGateway {
  /** Starts a payment; throws `GatewayError` when the gateway refuses, fails, times out or answers nonsense. */
  createPayment(request: GatewayPaymentRequest): Promise<GatewayPaymentStart>;
  /** What the gateway knows of an invoice now; null when it has no transaction for it (yet). */
  inquire(invoiceNo: string): Promise<GatewayResult | null>;
  /** The verified content of a server-to-server notification; throws `GatewayMessageError` when it is not genuine. */
  readNotification(body: unknown): Promise<GatewayResult>;
}

/** The gateway could not do what was asked: its message is shown to the shopper and kept on the payment. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly respCode: string | null = null,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** A message claiming to come from the gateway that is malformed or not signed with the shop's secret. */
export class GatewayMessageError extends Error {
  constructor(
    message: string,
    readonly reason: 'malformed' | 'signature',
  ) {
    super(message);
    this.name = 'GatewayMessageError';
  }
}

/**
 * What a 2C2P transaction result code means for a payment (2C2P "Payment Response Codes"): 0000 paid; 0001 and
 * 2001 pending; 0003 cancelled by the shopper; 2002 no transaction yet (no news); every other code a failure.
 */
export function statusOfResponseCode(respCode: string): Exclude<PaymentStatus, 'initiated' | 'error'> | null {
  if (respCode === '0000') return 'succeeded';
  if (respCode === '0001' || respCode === '2001') return 'pending';
  if (respCode === '0003') return 'canceled';
  if (respCode === '2002') return null;
  return 'failed';
}
