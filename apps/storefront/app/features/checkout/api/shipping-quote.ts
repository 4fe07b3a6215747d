import { ShippingQuote } from '@platform/contracts/shipping';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.ts';
import { USER_QUERY_SCOPE } from '../../session/user-queries.ts';

/**
 * `GET /orders/shipping-quote/`: what the customer's cart costs delivered to a country (its ISO code), computed by
 * the server from the cart it holds. The cart's total and item count are part of the key: a changed cart asks again.
 */
export function shippingQuoteQueryOptions(
  api: ApiClient,
  country: string,
  cart: { total_price: string; total_items: number },
) {
  return queryOptions({
    queryKey: [USER_QUERY_SCOPE, 'shipping-quote', country, cart.total_price, cart.total_items],
    queryFn: () => api.get('/orders/shipping-quote/', { schema: ShippingQuote, query: { country } }),
    staleTime: 60_000,
    retry: false,
  });
}
