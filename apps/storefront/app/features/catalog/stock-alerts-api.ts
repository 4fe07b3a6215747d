// Back-in-stock alerts (issue 49): asked on a sold-out product, a guest's confirmed by its link, and the customer's
// own listed and cancelled in the account settings.
import type { StockAlert, StockAlertAnswer } from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';
import { contract } from '../../lib/contracts.ts';
import { USER_QUERY_SCOPE } from '../session/index.ts';

const ANSWER = contract((c) => c.StockAlertAnswer);
const LIST = contract((c) => c.StockAlertList);
const NO_CONTENT = contract((c) => c.NoContent);

export const STOCK_ALERTS_QUERY_KEY = [USER_QUERY_SCOPE, 'stock-alerts'] as const;

/** `POST /products/products/{slug}/stock-alerts/`: the variant asked for, and a guest's address. */
export function askStockAlert(
  api: ApiClient,
  slug: string,
  body: { variant_id?: number; email?: string },
): Promise<StockAlertAnswer> {
  return api.post(`/products/products/${encodeURIComponent(slug)}/stock-alerts/`, body, { schema: ANSWER });
}

/** `POST /products/stock-alerts/confirm/`: a guest's link. */
export function confirmStockAlert(api: ApiClient, body: { alert: number; key: string }): Promise<StockAlertAnswer> {
  return api.post('/products/stock-alerts/confirm/', body, { schema: ANSWER });
}

/** The signed-in customer's waiting alerts. */
export function myStockAlertsQueryOptions(api: ApiClient) {
  return queryOptions<StockAlert[]>({
    queryKey: STOCK_ALERTS_QUERY_KEY,
    queryFn: () => api.get('/products/stock-alerts/', { schema: LIST }),
  });
}

export async function cancelStockAlert(api: ApiClient, id: number): Promise<void> {
  await api.delete(`/products/stock-alerts/${id}/`, { schema: NO_CONTENT });
}
