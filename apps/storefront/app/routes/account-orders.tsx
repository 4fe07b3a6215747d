import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox } from '../components/error-box.tsx';
import { Pagination } from '../components/pagination.tsx';
import { Spinner } from '../components/spinner.tsx';
import { AccountNav } from '../features/account/components/account-nav.tsx';
import { ORDERS_PAGE_SIZE, orderPageQueryOptions } from '../features/orders/api/orders.ts';
import { OrderFacts } from '../features/orders/components/order-facts.tsx';
import { OrderStatus } from '../features/orders/components/order-status.tsx';
import { canPayByCard, pendingOrderDetails } from '../features/payments/card-payment.ts';
import { PayNowButton } from '../features/payments/components/pay-now-button.tsx';
import { SignedInOnly } from '../features/session/components/signed-in-only.tsx';
import { useShopperFormat } from '../features/site/site-settings.tsx';
import { errorText } from '../lib/api-client.ts';
import { browserApi } from '../lib/browser-api.ts';
import { privatePageMeta } from '../lib/seo.ts';
import ordersStylesHref from '../styles/orders.css?url';
import type { Route } from './+types/account-orders';

export const meta: Route.MetaFunction = () => privatePageMeta('My Orders');

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: ordersStylesHref }];

/** The customer's order history, newest first; it is the customer's own data, so it loads in the browser. */
export default function AccountOrdersPage() {
  return (
    <section className="container page account-page">
      <SignedInOnly path="/account/orders" reason="You need to be logged in to see your orders.">
        <h1 className="page-title">My Orders</h1>
        <AccountNav />
        <OrderHistory />
      </SignedInOnly>
    </section>
  );
}

function OrderHistory() {
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const orders = useQuery(orderPageQueryOptions(browserApi(), page));
  const format = useShopperFormat();

  if (orders.isPending) return <Spinner />;
  if (orders.isError) return <ErrorBox>{errorText(orders.error, 'Failed to load your orders.')}</ErrorBox>;
  if (orders.data.results.length === 0) {
    return (
      <div className="page-state">
        <p>You have not placed any orders yet.</p>
        <Link to="/products" className="button button--primary">
          Start Shopping
        </Link>
      </div>
    );
  }

  const pages = Math.max(1, Math.ceil(orders.data.count / ORDERS_PAGE_SIZE));
  return (
    <>
      <ul className="order-list">
        {orders.data.results.map((order) => (
          <li key={order.id} className="order-card">
            <div className="order-card__head">
              <Link to={`/account/orders/${order.id}`} className="order-card__number">
                Order #{order.number}
              </Link>
              <OrderStatus status={order.status} />
            </div>
            <OrderFacts
              facts={[
                ['Placed', format.date(order.created_at)],
                ['Items', order.total_items],
                ['Total', format.price(order.total)],
                ['Payment', order.payment_label],
              ]}
            />
            {canPayByCard(order) && (
              <div className="order-card__pay">
                <PayNowButton order={pendingOrderDetails(order)} />
              </div>
            )}
          </li>
        ))}
      </ul>
      <Pagination page={page} pages={pages} href={(target) => `/account/orders?page=${target}`} />
    </>
  );
}
