import { ORDER_STATUS_LABELS, type OrderStatus as Status } from '@platform/contracts';

/** An order's status as the customer reads it, coloured by how far along it is. */
export function OrderStatus({ status }: { status: Status }) {
  return <span className={`order-status order-status--${status}`}>{ORDER_STATUS_LABELS[status]}</span>;
}
