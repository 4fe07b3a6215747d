import { type Order, REFUND_STATUS_LABELS } from '@platform/contracts';
import { useFormat } from '../../site/site-settings.tsx';

/** The money the shop sent back: the amount refunded so far, and each refund with its status, day and method. */
export function RefundsBlock({ order }: { order: Pick<Order, 'refunds' | 'refunded_amount'> }) {
  const format = useFormat();
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
            <th scope="col">Method</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {order.refunds.map((refund) => (
            <tr key={refund.id}>
              <td>{format.date(refund.created_at)}</td>
              <td>{format.price(refund.amount)}</td>
              <td>{refund.kind === 'void' ? `${refund.method_label} (payment voided)` : refund.method_label}</td>
              <td>{REFUND_STATUS_LABELS[refund.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
