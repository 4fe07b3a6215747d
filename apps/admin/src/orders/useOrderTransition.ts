import type { AdminOrder, OrderTransitionBody } from '@platform/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { type HttpError, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { statusLabel } from '../lib/format.ts';

/** Moves the order in context (`POST /admin/orders/{id}/transition/`), then says so and reloads the page's data. */
export function useOrderTransition() {
  const order = useRecordContext<AdminOrder>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: OrderTransitionBody) => {
      if (!order) throw new Error('No order to change.');
      return (await dataProvider.transitionOrder(order.id, body)).data;
    },
    onSuccess: (updated) => {
      notify(`Order #${updated.number} is now ${statusLabel(updated.status).toLowerCase()}.`, { type: 'success' });
      refresh();
    },
    // A refusal (409) means the order moved meanwhile: the page reloads it, so it offers what is allowed now.
    onError: (error) => {
      if ((error as HttpError).status === 409) refresh();
    },
  });
}
