// A discount's validity as the list writes it: its dates and times in the shop's time zone.
import type { AdminDiscount } from '@platform/contracts/admin-discounts';

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
