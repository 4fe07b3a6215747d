import { Link, useLocation } from 'react-router';
import { Spinner } from '../components/spinner.tsx';
import { DeliveryAddressBlock } from '../features/orders/components/delivery-address.tsx';
import { OrderLines } from '../features/orders/components/order-lines.tsx';
import { PaymentInstructions } from '../features/orders/components/payment-instructions.tsx';
import { readConfirmationState } from '../features/orders/confirmation-state.ts';
import { useFormat } from '../features/site/site-settings.tsx';
import { privatePageMeta } from '../lib/seo.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import ordersStylesHref from '../styles/orders.css?url';
import type { Route } from './+types/order-confirmation';

export const meta: Route.MetaFunction = () => privatePageMeta('Order Confirmation');

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: ordersStylesHref }];

/** Shown after an order is placed (spec /order-confirmation): everything comes from the navigation state. */
export default function OrderConfirmationPage() {
  const location = useLocation();
  const format = useFormat();
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
  if (!confirmation) {
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

  const { order, instructions } = confirmation;
  return (
    <section className="container page order-confirmation">
      <h1 className="page-title">Order Placed Successfully!</h1>
      <p className="order-confirmation__lead">
        Thank you for your order. Your order number is <strong>{order.number}</strong> and its total is{' '}
        <strong>{format.price(order.total)}</strong>.
      </p>
      <OrderLines order={order} />
      <PaymentInstructions method={order.payment_method} text={instructions} />
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
