import { Totals } from '../../../components/totals.tsx';
import { splitComponent } from '../../../lib/split-component.tsx';
// The destination's styles with the page: the select itself loads after the page's first load.
import '../../tax/components/deliver-to.css';
import { loadDeliverToWhole, useShownPrices } from '../../tax/index.ts';
import type { CartState } from '../api/cart.ts';

// The destination select and the discount code field load after the cart page's first load, as it fetches the cart.
const DeliverTo = splitComponent(loadDeliverToWhole);
const DiscountCode = splitComponent(async () => (await import('./discount-code.tsx')).DiscountCode);
/** Settles when the summary's parts loaded apart have come: the cart shows then, so that none moves its buttons. */
export const CART_SUMMARY_READY = Promise.all([DeliverTo.ready, DiscountCode.ready]);

interface CartSummaryProps {
  cart: CartState;
  clearDisabled: boolean;
  checkoutDisabled: boolean;
  onClear: () => void;
  onCheckout: () => void;
}

/**
 * Subtotal (spec section 9: the server's total_price, priced for the shopper's destination once chosen here), what
 * the discounts take off, shipping to be calculated, and the total after the discounts (the server's `total`: the
 * same figure as total_price when nothing is discounted); the discount code and the actions.
 */
export function CartSummary({ cart, clearDisabled, checkoutDisabled, onClear, onCheckout }: CartSummaryProps) {
  // The server's figures for the destination, written in the shopper's currency.
  const { price: amount, notice } = useShownPrices();
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">Order Summary</h2>
      <Totals
        subtotal={amount(cart.total_price)}
        discount={cart.discount !== '0.00' ? amount(cart.discount) : undefined}
        shipping="Calculated at checkout"
        total={amount(cart.total)}
      />
      <p className="cart-summary__note">Shipping costs are not included in this total.</p>
      <DeliverTo notice={notice} />
      <DiscountCode cart={cart} disabled={clearDisabled} />
      <div className="cart-summary__actions">
        <button type="button" className="button button--ghost" disabled={clearDisabled} onClick={onClear}>
          Clear Cart
        </button>
        <button type="button" className="button button--primary" disabled={checkoutDisabled} onClick={onCheckout}>
          Proceed to Checkout
        </button>
      </div>
    </aside>
  );
}
