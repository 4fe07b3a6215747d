import { ORDER_STATUS_LABELS, type OrderHistoryEntry } from '@platform/contracts';
import { useShopperFormat } from '../../site/index.ts';

/** The statuses an order has had, oldest first (as the API sends them), each with the moment it reached it. */
export function OrderTimeline({ history }: { history: OrderHistoryEntry[] }) {
  const format = useShopperFormat();
  if (history.length === 0) return null;
  return (
    <section className="order-panel order-timeline" aria-labelledby="order-history">
      <h2 id="order-history">Order history</h2>
      <ol className="order-timeline__list" aria-labelledby="order-history">
        {history.map((entry) => (
          <li
            key={`${entry.status}@${entry.at}`}
            className={`order-timeline__entry order-timeline__entry--${entry.status}`}
          >
            <span className="order-timeline__status">{ORDER_STATUS_LABELS[entry.status]}</span>{' '}
            <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
