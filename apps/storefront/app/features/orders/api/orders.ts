import { type CreateOrderBody, Order, OrderPage } from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.ts';
import { USER_QUERY_SCOPE } from '../../session/index.ts';

export const ORDERS_PAGE_SIZE = 10;
export const ORDERS_QUERY_KEY = [USER_QUERY_SCOPE, 'orders'] as const;

/** `POST /orders/orders/`: the key makes a repeated submit answer the same order instead of placing a second one. */
export function createOrder(api: ApiClient, body: CreateOrderBody, idempotencyKey: string): Promise<Order> {
  return api.post('/orders/orders/', body, { schema: Order, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** One page of the customer's orders, newest first. */
export function orderPageQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'page', page],
    queryFn: () => api.get('/orders/orders/', { schema: OrderPage, query: { page, page_size: ORDERS_PAGE_SIZE } }),
  });
}

/** One of the customer's orders; someone else's answers 404. */
export function orderQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'detail', id],
    queryFn: () => api.get(`/orders/orders/${encodeURIComponent(id)}/`, { schema: Order }),
  });
}
