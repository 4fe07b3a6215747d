// Card payments (spec sections 3 "Card payment initiation" and "Payment", 4 "Payment status", 7 and 9).
import './browser.ts';
import { z } from 'zod';
import { RowId } from './ids.ts';
import { Money } from './money.ts';

/** Card payments are taken in one currency (spec section 9). */
export const CARD_PAYMENT_CURRENCY = 'USD';

/** `POST /payments/card/initiate/`: start paying an order by card; the amount is the order's, never the client's. */
export const CardPaymentRequest = z.object({
  order_id: RowId,
  currency: z.literal(CARD_PAYMENT_CURRENCY, { error: `Card payments are taken in ${CARD_PAYMENT_CURRENCY}.` }),
});
export type CardPaymentRequest = z.infer<typeof CardPaymentRequest>;

/** Where to send the shopper (the gateway's payment page) and the attempt's id for the return page. */
export const CardPaymentStart = z.object({
  redirectUrl: z.string().min(1),
  payment_uuid: z.uuid(),
});
export type CardPaymentStart = z.infer<typeof CardPaymentStart>;

/** A payment attempt's status: started, waiting for the gateway, and its outcomes; `error` when it never started. */
export const PAYMENT_STATUSES = ['initiated', 'pending', 'succeeded', 'failed', 'canceled', 'error'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/**
 * `GET /payments/history/{uuid}/`: the status record. `status` is read as any text, so that a status this client
 * does not know shows 'Unknown payment status.' instead of failing the call.
 */
export const PaymentStatusRecord = z.object({
  status: z.string(),
  order_identifier: z.string(),
  gateway_transaction_ref: z.string().nullable(),
  amount: Money,
  currency: z.string(),
  error_message: z.string().nullable(),
  /** The order the payment is for (links back to it). */
  order_id: z.number().int(),
});
export type PaymentStatusRecord = z.infer<typeof PaymentStatusRecord>;

/** Browser session storage keys of a card payment under way (spec section 4: the names are ours). */
export const PENDING_PAYMENT_ID_KEY = 'pendingPaymentId';
export const PENDING_ORDER_DETAILS_KEY = 'pendingOrderDetails';
