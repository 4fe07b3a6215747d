import type { AdminOrderSummary } from '@platform/contracts/admin';
import { FunctionField, type FunctionFieldProps } from 'react-admin';
import { formatMoney } from '../lib/format.ts';
import { Figure } from './Section.tsx';

type OrderTotal = Pick<AdminOrderSummary, 'total' | 'currency'>;

/** The total of the order in context, in its currency: a column of the order lists, a figure of the order's page. */
export function OrderTotalField(props: Omit<FunctionFieldProps<OrderTotal>, 'render'>) {
  return (
    <FunctionField<OrderTotal>
      {...props}
      render={(order) => <Figure>{formatMoney(order.total, order.currency)}</Figure>}
    />
  );
}
