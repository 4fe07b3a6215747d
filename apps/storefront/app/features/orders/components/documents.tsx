import { type Order, OrderDocumentList } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { browserApi, browserApiConfig } from '../../../lib/browser-api.ts';
import { getFreshAccessToken } from '../../session/index.ts';
import { ORDERS_QUERY_KEY } from '../api/orders.ts';

const KIND_LABELS = { invoice: 'Invoice', credit_note: 'Credit note' } as const;

/** Fetches one of the order's documents (PDF) with the customer's token and saves it under its number. */
async function downloadDocument(orderId: number, documentId: number, filename: string): Promise<void> {
  const { baseUrl, tenantToken } = browserApiConfig();
  const token = await getFreshAccessToken();
  const response = await fetch(`${baseUrl}/orders/orders/${orderId}/documents/${documentId}/`, {
    headers: { 'X-Tenant-Token': tenantToken, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) throw new ApiError(response.status, null);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The order's invoice and credit notes, each a PDF to download (none before the order is paid). */
export function DocumentsBlock({ order }: { order: Pick<Order, 'id' | 'updated_at'> }) {
  const [failed, setFailed] = useState(false);
  const documents = useQuery({
    queryKey: [...ORDERS_QUERY_KEY, 'documents', order.id, order.updated_at],
    queryFn: () => browserApi().get(`/orders/orders/${order.id}/documents/`, { schema: OrderDocumentList }),
  });
  if (!documents.data || documents.data.length === 0) return null;
  return (
    <section className="order-panel" aria-labelledby="documents">
      <h2 id="documents">Documents</h2>
      <ul className="order-documents">
        {documents.data.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => {
                setFailed(false);
                downloadDocument(order.id, item.id, `${item.number}.pdf`).catch(() => setFailed(true));
              }}
            >
              {KIND_LABELS[item.kind]} {item.number} (PDF)
            </button>
          </li>
        ))}
      </ul>
      {failed && <p role="alert">The download failed. Please try again.</p>}
    </section>
  );
}
