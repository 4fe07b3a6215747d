import { formatMinor, parseMinor } from '@platform/contracts';

/** Prices as the spec shows them: a $ sign and two decimals, from the server's decimal string without floats. */
export function formatPrice(price: string): string {
  const minor = parseMinor(price);
  return minor === null ? '' : `$${formatMinor(minor)}`;
}

// One date format for server and browser alike (UTC), so that hydration never meets another day.
const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** A moment with its time, e.g. "March 5, 2024 at 10:00 AM UTC"; '' when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}
