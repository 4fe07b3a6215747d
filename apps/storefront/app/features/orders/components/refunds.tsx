import { type Order, orderLineName, REFUND_STATUS_LABELS } from '@platform/contracts';
import { useShopperFormat } from '../../site/index.ts';

/** The items a refund gave back, as the order names them ("1 × Angkhola — 15 inch"), or '' for a refund of an amount. */
function refundedItems(order: Pick<Order, 'items'>, refund: Order['refunds'][number]): string {
  return refund.lines
    .flatMap((line) => {
      const item = order.items.find((candidate) => candidate.id === line.line_id);
      return item ? [`${line.quantity} × ${orderLineName(item)}`] : [];
    })
    .join('; ');
}

/** The money the shop sent back: the amount refunded so far, and each refund with its items, status, day and method. */
export function RefundsBlock({ order }: { order: Pick<Order, 'refunds' | 'refunded_amount' | 'items'> }) {
  const format = useShopperFormat();
  if (order.refunds.length === 0) return null;
  return (
    <section className="order-panel" aria-labelledby="refunds">
      <h2 id="refunds">Refunds</h2>
      <dl className="order-facts">
        <div>
          <dt>Refunded</dt>
          <dd data-testid="refunded-amount">{format.price(order.refunded_amount)}</dd>
        </div>
      </dl>
      <table className="refund-list">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Amount</th>
            <th scope="col">Items</th>
            <th scope="col">Method</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {order.refunds.map((refund) => (
            <tr key={refund.id}>
              <td data-label="Date">{format.date(refund.created_at)}</td>
              <td data-label="Amount">{format.price(refund.amount)}</td>
              <td data-label="Items">{refundedItems(order, refund) || '–'}</td>
              <td data-label="Method">
                {refund.kind === 'void' ? `${refund.method_label} (payment voided)` : refund.method_label}
              </td>
              <td data-label="Status">{REFUND_STATUS_LABELS[refund.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
