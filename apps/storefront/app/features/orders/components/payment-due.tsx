import type { Order } from '@platform/contracts';
import { useShopperFormat } from '../../site/index.ts';

/** Until when an order awaiting payment waits, in the shopper's time zone; nothing for an order paid or cancelled. */
export function PaymentDue({ order }: { order: Pick<Order, 'status' | 'payment_due_at'> }) {
  const format = useShopperFormat();
  if (order.status !== 'awaiting_payment' || !order.payment_due_at) return null;
  return (
    <p className="payment-due" role="note">
      <strong>Please pay by {format.dateTime(order.payment_due_at)}.</strong> An order still unpaid then is cancelled
      and its items go back on sale.
    </p>
  );
}
