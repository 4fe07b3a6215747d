import { customizationText, type Order } from '@platform/contracts';
import { taxLabel } from '@platform/contracts/tax';
import { Link } from 'react-router';
import { Totals } from '../../../components/totals.tsx';
import { currencyAmount, shownDigits } from '../../../lib/currency-format.ts';
import { useFormat, useSiteSettings } from '../../site/index.ts';

/** The shipping line: its amount, and the zone and delivery estimate the order was sold with. */
function shippingText(order: Order, amount: string): string {
  const how = [order.shipping_zone, order.delivery_estimate].filter(Boolean).join(', ');
  return how ? `${amount} (${how})` : amount;
}

/**
 * What the shopper saw of an order read in another currency than the one it is charged in (decision 028): its total
 * as shown then, written with the currency's symbol when the shop still lists it.
 */
function ShownTotal({ order }: { order: Order }) {
  const format = useFormat();
  const settings = useSiteSettings();
  const code = order.presentment_currency;
  const listed = settings?.currencies.find((currency) => currency.code === code);
  const shown = listed
    ? currencyAmount(order.presentment_total, listed.symbol, shownDigits(listed), settings?.locale ?? 'en-US')
    : `${order.presentment_total} ${code}`;
  return (
    <p className="order-lines__currency">
      Shown to you in {code}: <strong>≈ {shown}</strong> (1 {order.currency} = {order.presentment_rate} {code}). Charged
      in US dollars: {format.price(order.total)}.
    </p>
  );
}

/** An order's lines and its totals, with its taxes per rate, and its total as shown in the shopper's currency. */
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
              {line.ships_by && (
                <span className="made-to-order">
                  Made to order — ships by {format.date(`${line.ships_by}T12:00:00Z`)}
                </span>
              )}
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
      {order.presentment_currency !== order.currency && <ShownTotal order={order} />}
    </div>
  );
}
