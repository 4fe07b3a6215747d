import { ShippingQuote } from '@platform/contracts/shipping';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.ts';
import { USER_QUERY_SCOPE } from '../../session/index.ts';

/**
 * `GET /orders/shipping-quote/`: what the customer's cart costs delivered to a country (its ISO code) and region,
 * with its taxes, computed by the server from the cart it holds. The cart's totals (before and after its discounts)
 * and item count are part of the key: a changed cart, or another code, asks again.
 */
export function shippingQuoteQueryOptions(
  api: ApiClient,
  destination: { country: string; region: string | null },
  cart: { total_price: string; total: string; total_items: number },
) {
  const { country, region } = destination;
  return queryOptions({
    queryKey: [
      USER_QUERY_SCOPE,
      'shipping-quote',
      country,
      region ?? '',
      cart.total_price,
      cart.total,
      cart.total_items,
    ],
    queryFn: () =>
      api.get('/orders/shipping-quote/', { schema: ShippingQuote, query: { country, region: region ?? undefined } }),
    staleTime: 60_000,
    retry: false,
  });
}
