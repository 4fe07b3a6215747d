import { customizationText, type Order } from '@platform/contracts';
import { taxLabel } from '@platform/contracts/tax';
import { Link } from 'react-router';
import { Totals } from '../../../components/totals.tsx';
import { useFormat } from '../../site/site-settings.tsx';

/** The shipping line: its amount, and the zone and delivery estimate the order was sold with. */
function shippingText(order: Order, amount: string): string {
  const how = [order.shipping_zone, order.delivery_estimate].filter(Boolean).join(', ');
  return how ? `${amount} (${how})` : amount;
}

/** An order's lines and its totals, with its taxes per rate (confirmation and order detail). */
export function OrderLines({ order }: { order: Order }) {
  const format = useFormat();
  return (
    <div className="order-lines">
      <ul className="order-lines__list">
        {order.items.map((line) => (
          <li key={line.id} className="order-line">
            <div className="order-line__name">
              {line.product ? (
                <Link to={`/products/${line.product.slug}`}>{line.product_name}</Link>
              ) : (
                line.product_name
              )}
              {Object.keys(line.customization).length > 0 && (
                <span className="customization">{customizationText(line.customization)}</span>
              )}
              {line.variant && <span className="order-line__sku">SKU: {line.variant.sku}</span>}
            </div>
            <span className="order-line__quantity">
              {line.quantity} × {format.price(line.unit_price)}
            </span>
            <span className="order-line__total">{format.price(line.line_total)}</span>
          </li>
        ))}
      </ul>
      <Totals
        subtotal={format.price(order.subtotal)}
        discount={order.discount !== '0.00' ? format.price(order.discount) : undefined}
        shipping={shippingText(order, format.price(order.shipping))}
        taxes={order.taxes.map((tax) => ({ label: taxLabel(tax), amount: format.price(tax.amount) }))}
        total={format.price(order.total)}
      />
    </div>
  );
}
