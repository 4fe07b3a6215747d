import type { ReactNode } from 'react';

/** Subtotal, a discount when there is one, shipping and total, the total stressed (cart summary, orders). */
export function Totals({
  subtotal,
  discount,
  shipping,
  total,
}: {
  subtotal: string;
  /** What discounts take off, written as the shop writes a price; no row when absent. */
  discount?: string | undefined;
  shipping: ReactNode;
  total: string;
}) {
  return (
    <dl className="totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{subtotal}</dd>
      </div>
      {discount && (
        <div className="totals__discount">
          <dt>Discount</dt>
          <dd>-{discount}</dd>
        </div>
      )}
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
