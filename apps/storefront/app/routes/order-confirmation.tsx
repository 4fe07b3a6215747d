import type { Order } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { Spinner } from '../components/spinner.tsx';
import { orderQueryOptions } from '../features/orders/api/orders.ts';
import { DeliveryAddressBlock } from '../features/orders/components/delivery-address.tsx';
import { OrderLines } from '../features/orders/components/order-lines.tsx';
import { PaymentDue } from '../features/orders/components/payment-due.tsx';
import { PaymentInstructions } from '../features/orders/components/payment-instructions.tsx';
import { confirmedOrderId, readConfirmationState } from '../features/orders/confirmation-state.ts';
import { SignedInOnly } from '../features/session/components/signed-in-only.tsx';
import { useFormat, useSiteSettings } from '../features/site/site-settings.tsx';
import { browserApi } from '../lib/browser-api.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { browserSessionStorage } from '../lib/session-store.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import ordersStylesHref from '../styles/orders.css?url';
import type { Route } from './+types/order-confirmation';

export const meta: Route.MetaFunction = () => privatePageMeta('Order Confirmation');

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: ordersStylesHref }];

/**
 * Shown after an order is placed (spec /order-confirmation): from the navigation state the checkout hands over, or,
 * once that is gone (a reload, the address opened again in the tab), from the order read again by the id the checkout
 * kept in the tab's session storage.
 */
export default function OrderConfirmationPage() {
  const location = useLocation();
  const shop = useSiteSettings()?.tenant ?? 0;
  // The server never has the navigation state: render it only in the browser, so hydration agrees.
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <section className="container page">
        <Spinner />
      </section>
    );
  }

  const confirmation = readConfirmationState(location.state);
  if (confirmation) return <Confirmation order={confirmation.order} instructions={confirmation.instructions} />;
  const id = confirmedOrderId(browserSessionStorage(), shop);
  if (id === null) return <Unavailable />;
  return (
    <SignedInOnly path="/order-confirmation" reason="You need to be logged in to see your order.">
      <ReadAgain id={String(id)} />
    </SignedInOnly>
  );
}

/** The order read again by its id; someone else's, or none, is unavailable. */
function ReadAgain({ id }: { id: string }) {
  const order = useQuery(orderQueryOptions(browserApi(), id));
  if (order.isPending) {
    return (
      <section className="container page">
        <Spinner />
      </section>
    );
  }
  if (order.isError) return <Unavailable />;
  return <Confirmation order={order.data} instructions={order.data.payment_instructions} />;
}

function Unavailable() {
  return (
    <section className="container page order-confirmation">
      <h1 className="page-title">Order Information Unavailable</h1>
      <p>We could not find the details of an order to show here. Your orders are listed in your account.</p>
      <Link to="/" className="button button--primary">
        Return to Home
      </Link>
    </section>
  );
}

function Confirmation({ order, instructions }: { order: Order; instructions: string }) {
  const format = useFormat();
  return (
    <section className="container page order-confirmation">
      <h1 className="page-title">Order Placed Successfully!</h1>
      <p className="order-confirmation__lead">
        Thank you for your order. Your order number is <strong>{order.number}</strong> and its total is{' '}
        <strong>{format.price(order.total)}</strong>.
      </p>
      <OrderLines order={order} />
      <PaymentInstructions method={order.payment_method} text={instructions} />
      <PaymentDue order={order} />
      {order.payment_method === 'bank_transfer' && (
        <p className="order-confirmation__note">
          Please transfer the total and mention your order number. Your order awaits payment confirmation and is
          processed once the payment is confirmed.
        </p>
      )}
      <DeliveryAddressBlock address={order.delivery_address} />
      <Link to="/products" className="button button--primary">
        Continue Shopping
      </Link>
    </section>
  );
}
