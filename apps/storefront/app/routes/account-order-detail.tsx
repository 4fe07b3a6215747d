import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorBox } from '../components/error-box.tsx';
import { Spinner } from '../components/spinner.tsx';
import { orderQueryOptions } from '../features/orders/api/orders.ts';
import { DeliveryAddressBlock } from '../features/orders/components/delivery-address.tsx';
import { DocumentsBlock } from '../features/orders/components/documents.tsx';
import { OrderFacts } from '../features/orders/components/order-facts.tsx';
import { OrderLines } from '../features/orders/components/order-lines.tsx';
import { OrderStatus } from '../features/orders/components/order-status.tsx';
import { OrderTimeline } from '../features/orders/components/order-timeline.tsx';
import { PaymentDue } from '../features/orders/components/payment-due.tsx';
import { PaymentInstructions } from '../features/orders/components/payment-instructions.tsx';
import { RefundsBlock } from '../features/orders/components/refunds.tsx';
import { ShipmentBlock } from '../features/orders/components/shipment.tsx';
import { canPayByCard, pendingOrderDetails } from '../features/payments/card-payment.ts';
import { PayNowButton } from '../features/payments/components/pay-now-button.tsx';
import { OrderReturnsBlock } from '../features/returns/components/order-returns.tsx';
import { SignedInOnly } from '../features/session/components/signed-in-only.tsx';
import { useShopperFormat } from '../features/site/site-settings.tsx';
import { errorText } from '../lib/api-client.ts';
import { browserApi } from '../lib/browser-api.ts';
import { privatePageMeta } from '../lib/seo.ts';
import ordersStylesHref from '../styles/orders.css?url';
import type { Route } from './+types/account-order-detail';

export const meta: Route.MetaFunction = () => privatePageMeta('Order Details');

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: ordersStylesHref }];

/**
 * One of the customer's orders: lines, totals, address, payment method and status, how to pay it if unpaid, and the
 * history of its statuses.
 */
export default function AccountOrderDetailPage({ params }: Route.ComponentProps) {
  return (
    <section className="container page account-page">
      <SignedInOnly path={`/account/orders/${params.id}`} reason="You need to be logged in to see your orders.">
        <OrderDetail id={params.id} />
      </SignedInOnly>
      <Link to="/account/orders" className="back-link">
        ← Back to My Orders
      </Link>
    </section>
  );
}

function OrderDetail({ id }: { id: string }) {
  const order = useQuery(orderQueryOptions(browserApi(), id));
  const format = useShopperFormat();
  if (order.isPending) return <Spinner />;
  if (order.isError) {
    const text = errorText(order.error, 'Failed to load the order.', { byStatus: { 404: 'Order not found.' } });
    return <ErrorBox>{text}</ErrorBox>;
  }

  const { data } = order;
  return (
    <>
      <h1 className="page-title">Order #{data.number}</h1>
      <OrderFacts
        facts={[
          ['Placed', format.date(data.created_at)],
          ['Status', <OrderStatus key="status" status={data.status} />],
          ['Payment method', data.payment_label],
        ]}
      />
      <OrderLines order={data} />
      {canPayByCard(data) && (
        <section className="order-panel pay-now-panel" aria-labelledby="card-payment">
          <h2 id="card-payment">Card Payment</h2>
          <p>This order awaits its card payment. You can pay it now on the secure payment page.</p>
          <PayNowButton order={pendingOrderDetails(data)} />
        </section>
      )}
      <PaymentInstructions method={data.payment_method} text={data.payment_instructions} />
      <PaymentDue order={data} />
      <DeliveryAddressBlock address={data.delivery_address} />
      <ShipmentBlock shipment={data.shipment} />
      <RefundsBlock order={data} />
      <OrderReturnsBlock orderId={id} />
      <DocumentsBlock order={data} />
      <OrderTimeline history={data.history} />
    </>
  );
}
