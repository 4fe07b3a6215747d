// How the administration writes amounts, dates, statuses and audit summaries.
import { ORDER_STATUS_LABELS, type OrderStatus } from '@platform/contracts';

/** "$85.00" for USD, "85.00 EUR" otherwise: the API's decimal text, never a float. */
export function formatMoney(amount: string | null | undefined, currency = 'USD'): string {
  if (amount === null || amount === undefined || amount === '') return '';
  return currency === 'USD' ? `$${amount}` : `${amount} ${currency}`;
}

export function statusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status.replace(/_/g, ' ');
}

export const STATUS_COLORS: Record<OrderStatus, 'default' | 'warning' | 'info' | 'primary' | 'success' | 'error'> = {
  awaiting_payment: 'warning',
  paid: 'info',
  processing: 'primary',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'default',
  partially_refunded: 'warning',
  refunded: 'default',
};

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}

/** An audit entry's summary as one line: `key: value` pairs, nested values as JSON. */
export function summaryText(summary: Record<string, unknown> | null | undefined): string {
  return Object.entries(summary ?? {})
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** "Actor" of a history entry as staff read it. */
export function actorLabel(actor: string): string {
  return actor ? actor.charAt(0).toUpperCase() + actor.slice(1) : '';
}
