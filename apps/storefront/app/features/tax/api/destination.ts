import { TaxDestination } from '@platform/contracts/tax';
import { queryOptions } from '@tanstack/react-query';
import { browserApi } from '../../../lib/browser-api.ts';
import type { Destination } from '../destination.ts';

/**
 * `GET /tax/destination/`: how a destination shows prices (its rates, included or added, the notice). Public and the
 * same for every shopper of the shop, so it is kept for the session's length.
 */
export function destinationQueryOptions(destination: Destination) {
  return queryOptions({
    queryKey: ['tax-destination', destination.country, destination.region ?? ''],
    queryFn: ({ signal }) =>
      browserApi().get('/tax/destination/', {
        schema: TaxDestination,
        query: { country: destination.country, region: destination.region ?? undefined },
        signal,
      }),
    staleTime: 10 * 60_000,
  });
}
