import type { ReactNode } from 'react';

/** Subtotal, shipping and total, the total stressed (cart summary, orders). */
export function Totals({ subtotal, shipping, total }: { subtotal: string; shipping: ReactNode; total: string }) {
  return (
    <dl className="totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{subtotal}</dd>
      </div>
      <div>
        <dt>Shipping</dt>
        <dd>{shipping}</dd>
      </div>
      <div className="totals__grand">
        <dt>Total</dt>
        <dd>{total}</dd>
      </div>
    </dl>
  );
}
