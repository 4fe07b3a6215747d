import type { PaymentStatusRecord } from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox } from '../components/error-box.tsx';
import { Spinner } from '../components/spinner.tsx';
import { ORDERS_QUERY_KEY } from '../features/orders/api/orders.ts';
import { OrderFacts } from '../features/orders/components/order-facts.tsx';
import { paymentStatusQueryOptions } from '../features/payments/api/payments.ts';
import {
  browserSessionStorage,
  forgetPendingPayment,
  readPendingPaymentId,
} from '../features/payments/card-payment.ts';
import { PayNowButton } from '../features/payments/components/pay-now-button.tsx';
import {
  formatPaymentAmount,
  PAYMENT_ID_MISSING,
  paymentLookupErrorText,
  paymentView,
  STATUS_CHECK_DELAY_MS,
} from '../features/payments/payment-status.ts';
import { SignedInOnly } from '../features/session/components/signed-in-only.tsx';
import { useFormat } from '../features/site/site-settings.tsx';
import { browserApi } from '../lib/browser-api.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import ordersStylesHref from '../styles/orders.css?url';
import type { Route } from './+types/payment-return';

export const meta: Route.MetaFunction = () => privatePageMeta('Payment Status');

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: ordersStylesHref }];

/**
 * Card payment result (spec /payment/return): the gateway sends the customer back here with `paymentId`. The payment
 * is the customer's own data, so it is checked in the browser only.
 */
export default function PaymentReturnPage() {
  const [searchParams] = useSearchParams();
  const queryId = searchParams.get('paymentId');
  return (
    <section className="container page payment-result">
      {useHydrated() ? <PaymentResult queryId={queryId} /> : <Spinner />}
    </section>
  );
}

/**
 * The payment of the address, else the one this browser session started last. Without either there is nothing to
 * look up, signed in or not: the spec's 'Could not identify…' (a guest is asked to log in only for a payment to show).
 */
function PaymentResult({ queryId }: { queryId: string | null }) {
  // Read once: a success forgets the stored id, and the page must keep showing that payment.
  const [storedId] = useState(() => readPendingPaymentId(browserSessionStorage()));
  const paymentId = queryId || storedId;
  if (!paymentId) return <LookupFailure message={PAYMENT_ID_MISSING} />;
  return (
    <SignedInOnly
      path={queryId ? `/payment/return?paymentId=${queryId}` : '/payment/return'}
      reason="You need to be logged in to see the status of your payment."
    >
      <PaymentStatusCheck key={paymentId} paymentId={paymentId} />
    </SignedInOnly>
  );
}

function PaymentStatusCheck({ paymentId }: { paymentId: string }) {
  // The gateway's answer may reach the server just after the customer: the first check waits a little.
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), STATUS_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const payment = useQuery({ ...paymentStatusQueryOptions(browserApi(), paymentId), enabled: due });

  if (!due || payment.isPending) {
    return (
      <div className="page-state">
        <h1 className="page-title">Verifying Payment</h1>
        <Spinner label="Verifying payment" />
        <p>Please wait while we verify your payment...</p>
      </div>
    );
  }
  if (payment.isError) return <LookupFailure message={paymentLookupErrorText(payment.error)} />;

  const record = payment.data;
  const view = paymentView(record.status);
  switch (view.kind) {
    case 'success':
      return <PaymentSucceeded record={record} />;
    case 'failure':
      return (
        <>
          <h1 className="page-title">{view.heading}</h1>
          <p className="payment-result__lead">
            {record.status === 'canceled'
              ? `The payment for order #${record.order_identifier} was canceled.`
              : `The payment for order #${record.order_identifier} could not be completed.`}
          </p>
          {record.error_message && <ErrorBox>{record.error_message}</ErrorBox>}
          <PaymentFacts record={record} />
          <p>
            Your order has been kept and still awaits payment: you can pay it now, or later from your order history.
          </p>
          <div className="payment-result__actions">
            <PayNowButton
              order={{ id: record.order_id, number: record.order_identifier, total: record.amount }}
              label="Try again"
            />
            <Link to={`/account/orders/${record.order_id}`} className="button button--ghost">
              View Order
            </Link>
          </div>
        </>
      );
    case 'processing':
      return (
        <>
          <h1 className="page-title">Payment Processing</h1>
          <p className="payment-result__lead">
            Your payment for order #{record.order_identifier} is still being processed. Please wait a moment and check
            again, or check your e-mail: we will let you know once the payment is confirmed.
          </p>
          <PaymentFacts record={record} />
          <div className="payment-result__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => void payment.refetch()}
              disabled={payment.isFetching}
            >
              {payment.isFetching ? 'Checking...' : 'Check again'}
            </button>
            <Link to={`/account/orders/${record.order_id}`} className="button button--ghost">
              View Order
            </Link>
          </div>
        </>
      );
    case 'lookup-failure':
      return <LookupFailure message={view.message} />;
  }
}

function PaymentSucceeded({ record }: { record: PaymentStatusRecord }) {
  const format = useFormat();
  const queryClient = useQueryClient();
  // Paid: the payment is no longer under way, and the order's status has changed.
  useEffect(() => {
    forgetPendingPayment(browserSessionStorage());
    void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  }, [queryClient]);

  return (
    <>
      <h1 className="page-title">Payment Successful!</h1>
      <p className="payment-result__lead">
        Thank you! Your payment of <strong>{formatPaymentAmount(format, record.amount, record.currency)}</strong> for
        order <strong>#{record.order_identifier}</strong> was received.
      </p>
      <PaymentFacts record={record} />
      <div className="payment-result__actions">
        <Link to={`/account/orders/${record.order_id}`} className="button button--primary">
          View Order
        </Link>
        <Link to="/products" className="button button--ghost">
          Continue Shopping
        </Link>
      </div>
    </>
  );
}

function PaymentFacts({ record }: { record: PaymentStatusRecord }) {
  const format = useFormat();
  return (
    <OrderFacts
      facts={[
        ['Order', `#${record.order_identifier}`],
        ['Amount', formatPaymentAmount(format, record.amount, record.currency)],
        ...(record.gateway_transaction_ref
          ? [['Transaction reference', record.gateway_transaction_ref] as [string, string]]
          : []),
      ]}
    />
  );
}

/** No payment to show: no id, a failed check, or a status the page cannot tell. */
function LookupFailure({ message }: { message: string }) {
  return (
    <>
      <h1 className="page-title">Payment Status</h1>
      <ErrorBox>{message}</ErrorBox>
      <div className="payment-result__actions">
        <Link to="/account/orders" className="button button--primary">
          View My Orders
        </Link>
        <Link to="/" className="button button--ghost">
          Return to Home
        </Link>
      </div>
    </>
  );
}
