import { taxLabel } from '@platform/contracts/tax';
import { Totals } from '../../../components/totals.tsx';
import { type CartState, lineCustomizationText, MadeToOrder } from '../../cart/index.ts';
import { checkoutTotal, type QuoteState, shippingText } from '../checkout-rules.ts';

/** The total as the summary writes it: the amount, else what the Shipping row says (the total waits for it). */
export function totalText(total: string | null, quote: QuoteState, price: (amount: string) => string): string {
  return total === null ? shippingText(quote, price) : price(total);
}

/**
 * What is being bought, beside the checkout form: the cart's lines (each marked when the destination is closed to
 * it), the subtotal, shipping to the chosen country as the server computes it (the cart said 'Calculated at
 * checkout'), its taxes per rate, the total the order will have, and for a destination abroad the shop's notice of
 * import duties.
 */
export function CheckoutSummary({
  cart,
  quote,
  price,
}: {
  cart: CartState;
  quote: QuoteState;
  /** How the shop writes a price. */
  price: (amount: string) => string;
}) {
  const quoted = quote.kind === 'quoted' ? quote.quote : null;
  const discount = quoted?.discount ?? cart.discount;
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">Order Summary</h2>
      <ul className="checkout-summary__lines">
        {cart.items.map((item) => (
          <li key={item.id} className="checkout-summary__line">
            <span className="checkout-summary__name">
              {item.product.name}
              {Object.keys(item.customization).length > 0 && (
                <span className="customization">{lineCustomizationText(item)}</span>
              )}
              <MadeToOrder item={item} />
              {item.shipping_restriction && <span className="line-restriction">{item.shipping_restriction}</span>}
            </span>
            <span className="checkout-summary__quantity">× {item.quantity}</span>
            <span className="checkout-summary__total">{price(item.line_total)}</span>
          </li>
        ))}
      </ul>
      <div aria-live="polite">
        <Totals
          subtotal={price(quoted?.subtotal ?? cart.total_price)}
          discount={discount !== '0.00' ? price(discount) : undefined}
          shipping={shippingText(quote, price)}
          taxes={(quoted?.taxes ?? []).map((tax) => ({ label: taxLabel(tax), amount: price(tax.amount) }))}
          total={totalText(checkoutTotal(quote, cart.total), quote, price)}
        />
        {quoted?.delivery_estimate && (
          <p className="checkout-summary__note">
            Delivery to {quoted.country_name}: {quoted.delivery_estimate}.
          </p>
        )}
        {/* Leaving the shop's country (issue 48): import duties may be the customer's, in the shop's words. */}
        {quoted?.duties_notice && <p className="checkout-summary__duties">{quoted.duties_notice}</p>}
        {quoted?.free_above && quoted.shipping !== '0.00' && (
          <p className="checkout-summary__note">Free shipping from {price(quoted.free_above)}.</p>
        )}
        {quote.kind === 'no-country' && (
          <p className="checkout-summary__note">Shipping is added once you choose the delivery country.</p>
        )}
        {quote.kind === 'failed' && <p className="checkout-summary__note">{quote.message}</p>}
      </div>
    </aside>
  );
}
