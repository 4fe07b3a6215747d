import { PaymentOptions } from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.ts';

/** The shop's payment configuration (`GET /payments/options/`). */
export function paymentOptionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['payment-options'],
    queryFn: () => api.get('/payments/options/', { schema: PaymentOptions }),
  });
}
