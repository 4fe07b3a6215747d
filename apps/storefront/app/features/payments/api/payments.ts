import {
  CARD_PAYMENT_CURRENCY,
  type CardPaymentRequest,
  CardPaymentStart,
  PaymentStatusRecord,
} from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, RuleError } from '../../../lib/api-client.ts';
import { USER_QUERY_SCOPE } from '../../session/index.ts';

/** Spec section 5: a status check needs the payment's UUID. */
export const PAYMENT_UUID_REQUIRED = 'Payment UUID is required to check status.';

const PAYMENTS_QUERY_KEY = [USER_QUERY_SCOPE, 'payments'] as const;

/**
 * `POST /payments/card/initiate/`: starts a card payment of one of the customer's orders, in USD (spec section 9);
 * the answer names the gateway's payment page and the attempt's id. An order whose card payment failed or was
 * canceled may start a new attempt.
 */
export function initiateCardPayment(api: ApiClient, orderId: number): Promise<CardPaymentStart> {
  const body: CardPaymentRequest = { order_id: orderId, currency: CARD_PAYMENT_CURRENCY };
  return api.post('/payments/card/initiate/', body, { schema: CardPaymentStart });
}

/** `GET /payments/history/{uuid}/`: the status of one of the customer's payments; an empty id is refused unsent. */
export async function fetchPaymentStatus(api: ApiClient, uuid: string): Promise<PaymentStatusRecord> {
  if (!uuid.trim()) throw new RuleError(PAYMENT_UUID_REQUIRED);
  return api.get(`/payments/history/${encodeURIComponent(uuid)}/`, { schema: PaymentStatusRecord });
}

/** The status of a payment, read afresh on every check (it changes while the gateway works). */
export function paymentStatusQueryOptions(api: ApiClient, uuid: string) {
  return queryOptions({
    queryKey: [...PAYMENTS_QUERY_KEY, uuid],
    queryFn: () => fetchPaymentStatus(api, uuid),
    staleTime: 0,
  });
}
