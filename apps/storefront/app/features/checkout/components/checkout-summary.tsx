import type { ShippingQuote } from '@platform/contracts/shipping';
import { taxLabel } from '@platform/contracts/tax';
import { Totals } from '../../../components/totals.tsx';
import { type CartState, lineCustomizationText, MadeToOrder } from '../../cart/index.ts';

/** Where the shipping quote stands: no country chosen yet, being asked, answered, or refused with a reason. */
export type QuoteState =
  | { kind: 'no-country' }
  | { kind: 'loading' }
  | { kind: 'quoted'; quote: ShippingQuote }
  /** `refused`: the server's answer about the country (it does not ship there), not a failure to ask. */
  | { kind: 'failed'; message: string; refused: boolean };

function shippingText(state: QuoteState, price: (amount: string) => string): string {
  switch (state.kind) {
    case 'no-country':
      return 'Choose your country';
    case 'loading':
      return 'Calculating…';
    case 'quoted':
      return state.quote.shipping === '0.00' ? 'Free' : price(state.quote.shipping);
    case 'failed':
      return 'Not available';
  }
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
          total={price(quoted?.total ?? cart.total)}
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
