import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { useShopperFormat } from '../../site/index.ts';
import { cancelStockAlert, myStockAlertsQueryOptions, STOCK_ALERTS_QUERY_KEY } from '../stock-alerts-api.ts';

/** The customer's back-in-stock alerts still waiting (issue 49), each with the way to cancel it. */
export function MyStockAlerts() {
  const alerts = useQuery(myStockAlertsQueryOptions(browserApi()));
  const queryClient = useQueryClient();
  const format = useShopperFormat();
  const cancel = useMutation({
    mutationFn: (id: number) => cancelStockAlert(browserApi(), id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STOCK_ALERTS_QUERY_KEY }),
  });
  if (alerts.isPending) return <Spinner label="Loading your alerts" />;
  if (alerts.isError) return <ErrorBox>{errorText(alerts.error, 'Failed to load your alerts.')}</ErrorBox>;
  if (alerts.data.length === 0) {
    return <p className="account-panel__intro">You are waiting for nothing to come back in stock.</p>;
  }
  return (
    <>
      {cancel.isError && (
        <ErrorBox>{errorText(cancel.error, 'Could not cancel the alert. Please try again.')}</ErrorBox>
      )}
      <ul className="stock-alerts">
        {alerts.data.map((alert) => {
          const name = alert.variant ? `${alert.product.name} (${alert.variant.name})` : alert.product.name;
          const to = `/products/${alert.product.slug}${alert.variant ? `?variant=${alert.variant.id}` : ''}`;
          return (
            <li key={alert.id} className="stock-alerts__item">
              <span>
                <Link to={to}>{name}</Link>
                <span className="stock-alerts__since"> since {format.date(alert.created_at)}</span>
              </span>
              <button
                type="button"
                className="button button--ghost"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(alert.id)}
                aria-label={`Cancel the alert for ${name}`}
              >
                Cancel
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
