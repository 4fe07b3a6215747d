import type { ReactNode } from 'react';

/** An order's short facts as label and value pairs (date, status, items, total, payment). */
export function OrderFacts({ facts }: { facts: [label: string, value: ReactNode][] }) {
  return (
    <dl className="order-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
