import { lazy, Suspense, use, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBox } from '../components/error-box.tsx';
import { Spinner } from '../components/spinner.tsx';
import { CART_SUMMARY_READY, CartSummary } from '../features/cart/components/cart-summary.tsx';
import { CartTable } from '../features/cart/components/cart-table.tsx';
import { useCart } from '../features/cart/use-cart.ts';
import { SignedInOnly } from '../features/session/components/signed-in-only.tsx';
import { useIsSignedIn } from '../features/session/session.ts';
import { privatePageMeta } from '../lib/seo.ts';
import cartStylesHref from '../styles/cart.css?url';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = () => privatePageMeta('Shopping Cart');

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: cartStylesHref }];

// The checkout view (its country list and phone-number rules) loads apart from the cart: the cart page's first load
// stays small, and the view is fetched as soon as the cart has something to check out.
const loadCheckoutView = () => import('../features/checkout/components/checkout-view.tsx');
const CheckoutView = lazy(async () => ({ default: (await loadCheckoutView()).CheckoutView }));

const CLEAR_CONFIRMATION = 'Are you sure you want to remove all items from your cart?';

// Spec section 8: the cart page only logs a failed change; its text shows in the error box.
function logFailure(error: unknown): void {
  console.error('Cart change failed:', error);
}

/** The cart and its checkout view (spec /cart); the cart lives on the server, so the page renders in the browser. */
export default function CartPage() {
  return (
    <section className="container page cart-page">
      <SignedInOnly path="/cart" reason="You need to be logged in to view your cart.">
        <Suspense fallback={<Spinner />}>
          <CartContent />
        </Suspense>
      </SignedInOnly>
    </section>
  );
}

function CartContent() {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const cart = useCart();
  const [view, setView] = useState<'cart' | 'checkout'>('cart');
  const items = cart.cart.items;
  const hasItems = items.length > 0;
  useEffect(() => {
    if (hasItems) void loadCheckoutView();
  }, [hasItems]);

  if (cart.isLoading) return <Spinner />;
  // The cart shows whole, its summary's parts with it (none pops in above "Proceed to Checkout"): the page's spinner
  // stays until they have come.
  use(CART_SUMMARY_READY);
  // Stays on while the placed order leads away: the emptied cart must not flash in between.
  if (view === 'checkout') {
    return (
      <Suspense fallback={<Spinner />}>
        <CheckoutView cart={cart.cart} onBack={() => setView('cart')} onOrderPlaced={cart.clearLocal} />
      </Suspense>
    );
  }

  function proceedToCheckout() {
    if (!signedIn) return navigate('/login?redirect=/cart');
    if (items.length === 0) return window.alert('Your cart is empty.');
    setView('checkout');
  }

  function clearCart() {
    if (window.confirm(CLEAR_CONFIRMATION)) cart.clear().catch(logFailure);
  }

  const error = cart.changeError ?? cart.loadError;
  return (
    <>
      <h1 className="page-title">Shopping Cart</h1>
      {error && <ErrorBox>{error}</ErrorBox>}
      {items.length === 0 ? (
        <div className="page-state">
          <h2>Your Cart is Empty</h2>
          <p>Nothing has been added to it yet.</p>
          <Link to="/products" className="button button--primary">
            Start Shopping
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <CartTable
            items={items}
            disabled={cart.isSending}
            onQuantity={(item, raw) =>
              cart.setQuantity(item, raw).catch((failure: unknown) => {
                logFailure(failure);
                throw failure;
              })
            }
            onRemove={(item) => cart.remove(item.id).catch(logFailure)}
          />
          <CartSummary
            cart={cart.cart}
            clearDisabled={cart.isSending}
            checkoutDisabled={cart.isLoading || cart.isSending || items.length === 0}
            onClear={clearCart}
            onCheckout={proceedToCheckout}
          />
        </div>
      )}
    </>
  );
}
