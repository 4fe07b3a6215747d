import type { ReactNode } from 'react';

/** An amount taken off, as written: "-$9.20", and "≈ -€8.46" for one converted into the shopper's currency. */
export function minus(amount: string): string {
  return amount.startsWith('≈ ') ? `≈ -${amount.slice(2)}` : `-${amount}`;
}

/**
 * Subtotal, a discount when there is one, shipping, the taxes per rate, and total, the total stressed (cart summary,
 * checkout, orders).
 */
export function Totals({
  subtotal,
  discount,
  shipping,
  taxes = [],
  total,
}: {
  subtotal: string;
  /** What discounts take off, written as the shop writes a price; no row when absent. */
  discount?: string | undefined;
  shipping: ReactNode;
  /** One row per rate, "VAT 19% (included)" and its amount, written as the shop writes a price. */
  taxes?: readonly { label: string; amount: string }[];
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
          <dd>{minus(discount)}</dd>
        </div>
      )}
      <div>
        <dt>Shipping</dt>
        <dd>{shipping}</dd>
      </div>
      {taxes.map((tax) => (
        <div key={tax.label}>
          <dt>{tax.label}</dt>
          <dd>{tax.amount}</dd>
        </div>
      ))}
      <div className="totals__grand">
        <dt>Total</dt>
        <dd>{total}</dd>
      </div>
    </dl>
  );
}
