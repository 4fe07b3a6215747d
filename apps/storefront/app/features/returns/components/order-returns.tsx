import { RETURN_CONDITION_LABELS, RETURN_KIND_LABELS, RETURN_STATUS_LABELS } from '@platform/contracts/returns';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { browserApi } from '../../../lib/browser-api.ts';
import { useFormat } from '../../site/index.ts';
import { orderReturnsQueryOptions } from '../api/returns.ts';
import { useDayText } from './order-statement.tsx';
import './returns.css';

/**
 * An order's returns on its page: while the withdrawal period runs, the link to withdraw; after it, its last day and
 * the ordinary return; each return with its state.
 */
export function OrderReturnsBlock({ orderId }: { orderId: string }) {
  const format = useFormat();
  const dayText = useDayText();
  const view = useQuery(orderReturnsQueryOptions(browserApi(), orderId));
  if (!view.data) return null;
  const { data } = view;
  const { withdrawal } = data;
  return (
    <section className="order-panel order-returns" aria-labelledby="order-returns">
      <h2 id="order-returns">Returns</h2>
      {data.returnable && data.lines.some((line) => line.returnable > 0) && (
        <div className="order-returns__period">
          {withdrawal.open ? (
            <p>
              {withdrawal.last_day
                ? `You may withdraw from this purchase until ${dayText(withdrawal.last_day)}. `
                : 'You may withdraw from this purchase until 14 days after its delivery. '}
              <Link to={`/withdrawal?order_id=${data.order_id}`}>Withdraw from contract here</Link>
            </p>
          ) : (
            <p>
              The withdrawal period of this order ended on {withdrawal.last_day ? dayText(withdrawal.last_day) : ''}.{' '}
              <Link to={`/withdrawal?order_id=${data.order_id}&kind=return`}>Ask for a return</Link>
            </p>
          )}
        </div>
      )}
      {data.returns.length > 0 ? (
        <ul className="order-returns__list">
          {data.returns.map((ret) => (
            <li key={ret.id} className="order-returns__item">
              <p>
                <strong>
                  {RETURN_KIND_LABELS[ret.kind]} of {format.dateTime(ret.requested_at)}:{' '}
                  {RETURN_STATUS_LABELS[ret.status]}
                </strong>
              </p>
              <p>
                {ret.lines
                  .map(
                    (line) =>
                      `${line.quantity} × ${line.product_name}${line.sku ? ` (${line.sku})` : ''}` +
                      (line.condition
                        ? `, received ${line.received_quantity ?? 0}: ${RETURN_CONDITION_LABELS[line.condition]}`
                        : ''),
                  )
                  .join('; ')}
              </p>
              {ret.status === 'rejected' && <p>Why: {ret.rejection_reason}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p>No returns for this order.</p>
      )}
    </section>
  );
}
