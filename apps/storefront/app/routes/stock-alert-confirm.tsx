import { ConfirmStockAlert } from '../features/catalog/components/confirm-stock-alert.tsx';
import { privatePageMeta } from '../lib/seo.ts';
import type { Route } from './+types/stock-alert-confirm';

export const meta: Route.MetaFunction = () => privatePageMeta('Back-in-Stock Alert');

/** A guest's back-in-stock alert is confirmed here, by the link mailed to the address given (issue 49). */
export default function StockAlertConfirmPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Back-in-Stock Alert</h1>
      <p>Confirm it, and we'll e-mail you once when the piece you asked for is back in stock.</p>
      <ConfirmStockAlert />
    </section>
  );
}
