// A discount's validity as the list writes it: its dates and times in the shop's time zone.
import type { AdminDiscount } from '@platform/contracts/admin-discounts';
import { wallTimeInZone } from '@platform/contracts/reports';

/** "29 Nov 2026, 23:59" in `timeZone`. */
function moment(value: string, timeZone: string, locale: string | undefined): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(value));
}

/** "From 1 Nov 2026, 00:00 until 29 Nov 2026, 23:59", "From …", "Until …" or "Always", in the shop's zone. */
export function validityText(
  discount: Pick<AdminDiscount, 'starts_at' | 'ends_at'>,
  timeZone: string,
  locale?: string,
): string {
  const { starts_at: from, ends_at: until } = discount;
  if (!from && !until) return 'Always';
  const parts = [
    from ? `From ${moment(from, timeZone, locale)}` : '',
    until ? `${from ? 'until' : 'Until'} ${moment(until, timeZone, locale)}` : '',
  ].filter(Boolean);
  return parts.join(' ');
}

/**
 * A stored moment as the form's date-and-time field shows it: its wall time in the shop's zone ("2026-12-01T09:00"),
 * whatever the zone of the browser that edits it; empty for none.
 */
export function shopWallTime(value: unknown, timeZone: string): string {
  if (typeof value !== 'string' || value === '') return '';
  // A wall time the field itself holds (typed, not yet saved) is already the shop's.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : wallTimeInZone(date, timeZone);
}

/** What the field sends: the wall time as typed, without an offset (the API reads it in the shop's zone), or null. */
export function wallTimeToSend(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
