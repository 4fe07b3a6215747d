import {
  GuestAnswer,
  type GuestWithdrawalBody,
  OrderReturns,
  Return,
  type WithdrawalBody,
  type WithdrawalLinkBody,
  type WithdrawalOrderQuery,
} from '@platform/contracts/returns';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.ts';
import { ORDERS_QUERY_KEY } from '../../orders/index.ts';

/** The returns of one of the customer's orders live with the order's queries (signing out removes them). */
const returnsKey = (orderId: string) => [...ORDERS_QUERY_KEY, 'returns', orderId] as const;

/** `GET /orders/orders/{id}/returns/`: the order's withdrawal period, what may go back, and its returns. */
export function orderReturnsQueryOptions(api: ApiClient, orderId: string) {
  return queryOptions({
    queryKey: returnsKey(orderId),
    queryFn: () => api.get(`/orders/orders/${encodeURIComponent(orderId)}/returns/`, { schema: OrderReturns }),
  });
}

/** `GET /orders/withdrawal/order/`: what the e-mailed link to an order's items opens. */
export function linkedOrderReturnsQueryOptions(api: ApiClient, query: WithdrawalOrderQuery) {
  return queryOptions({
    queryKey: ['withdrawal-link', query],
    queryFn: () => api.get('/orders/withdrawal/order/', { schema: OrderReturns, query: { ...query } }),
    retry: false,
  });
}

/** The signed-in customer withdraws (`withdrawal`) or asks for an ordinary return (`return`). */
export function stateReturn(
  api: ApiClient,
  orderId: number,
  kind: 'withdrawal' | 'return',
  body: WithdrawalBody,
): Promise<Return> {
  const path = kind === 'withdrawal' ? 'withdrawal' : 'returns';
  return api.post(`/orders/orders/${orderId}/${path}/`, body, { schema: Return });
}

/** A withdrawal with the order's number and e-mail address; the answer is the same for any order. */
export function withdrawAsGuest(api: ApiClient, body: GuestWithdrawalBody): Promise<GuestAnswer> {
  return api.post('/orders/withdrawal/', body, { schema: GuestAnswer });
}

/** Asks for the link to choose the order's items, e-mailed to the order's own address. */
export function requestWithdrawalLink(api: ApiClient, body: WithdrawalLinkBody): Promise<GuestAnswer> {
  return api.post('/orders/withdrawal/link/', body, { schema: GuestAnswer });
}
