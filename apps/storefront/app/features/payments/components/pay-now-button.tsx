import { useEffect, useState } from 'react';
import { ErrorBox } from '../../../components/error-box.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { currentBrowser, PAYMENT_START_FAILED, type PendingOrderDetails, startCardPayment } from '../card-payment.ts';

/**
 * A button that starts a new card payment of an order and leaves for the gateway's payment page; a failure shows the
 * server's reason (or the message) under it.
 */
export function PayNowButton({ order, label = 'Pay now' }: { order: PendingOrderDetails; label?: string }) {
  const [state, setState] = useState<'idle' | 'starting' | 'leaving'>('idle');
  const [error, setError] = useState<string | null>(null);

  // Back from the gateway through the browser's page cache: the page is as it was left, so it may start again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setState('idle');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function payNow() {
    if (state !== 'idle') return;
    setError(null);
    setState('starting');
    try {
      await startCardPayment(browserApi(), order, currentBrowser());
      setState('leaving');
    } catch (failure) {
      setError(errorText(failure, PAYMENT_START_FAILED));
      setState('idle');
    }
  }

  return (
    <div className="pay-now">
      <button type="button" className="button button--primary" onClick={payNow} disabled={state !== 'idle'}>
        {state === 'idle' ? label : 'Redirecting to payment...'}
      </button>
      {error && <ErrorBox>{error}</ErrorBox>}
    </div>
  );
}
