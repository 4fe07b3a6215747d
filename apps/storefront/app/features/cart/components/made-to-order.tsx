import type { CartItem } from '@platform/contracts';
import { madeToOrderText } from '@platform/contracts/plain';

/** A line made to order (issue 49), for the units the stock does not cover: how long it takes (cart, checkout). */
export function MadeToOrder({ item }: { item: CartItem }) {
  const days = item.product.lead_time_days;
  if (days == null || item.quantity <= Math.max(item.product.stock, 0)) return null;
  return <span className="made-to-order">{madeToOrderText(days)}</span>;
}
