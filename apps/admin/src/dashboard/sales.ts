// The dashboard's sales: the ranges it offers (counted back from the shop's today), how a period is named, and the
// change of a figure against the period before.
import { parseMinor } from '@platform/contracts';
import { addDays, firstOfMonth, type SalesInterval } from '@platform/contracts/reports';

export interface SalesRangeChoice {
  id: string;
  label: string;
  /** The range ending on the shop's `today` (YYYY-MM-DD). */
  range(today: string): { from: string; to: string };
  /** The interval the range is read by when it is chosen. */
  interval: SalesInterval;
}

const lastDays = (days: number) => (today: string) => ({ from: addDays(today, -(days - 1)), to: today });

/** The ranges the dashboard offers; the second (30 days by day) is the default. */
export const SALES_RANGES: readonly SalesRangeChoice[] = [
  { id: '7d', label: 'Last 7 days', range: lastDays(7), interval: 'day' },
  { id: '30d', label: 'Last 30 days', range: lastDays(30), interval: 'day' },
  { id: '90d', label: 'Last 90 days', range: lastDays(90), interval: 'week' },
  {
    id: '12m',
    label: 'Last 12 months',
    range: (today) => ({ from: firstOfMonth(today, -11), to: today }),
    interval: 'month',
  },
];
export const DEFAULT_SALES_RANGE = '30d';

export const INTERVAL_LABELS: Record<SalesInterval, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** A period as a label: "2 Nov" for a day, "week of 2 Nov" for a week, "Nov 2026" for a month (in `locale`). */
export function periodLabel(period: string, interval: SalesInterval, locale?: string): string {
  // A calendar day of the shop: formatted at UTC midnight in UTC, so the browser's own zone never moves it.
  const date = new Date(`${period}T00:00:00Z`);
  if (interval === 'month') {
    return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
  }
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
  return interval === 'week' ? `week of ${day}` : day;
}

/** A range as a label: "2 Oct 2026 – 31 Oct 2026". */
export function rangeLabel(from: string, to: string, locale?: string): string {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${format.format(new Date(`${from}T00:00:00Z`))} – ${format.format(new Date(`${to}T00:00:00Z`))}`;
}

/**
 * The change of a figure against the period before, in words: "+12.5% on the period before", "no change on the period
 * before", or "none in the period before" when it had none. Money is compared in cents, exactly; the percentage is
 * rounded to one place.
 */
export function changeText(current: string | number, previous: string | number): string {
  const now = typeof current === 'number' ? current : (parseMinor(current) ?? 0);
  const before = typeof previous === 'number' ? previous : (parseMinor(previous) ?? 0);
  if (now === before) return 'no change on the period before';
  if (before === 0) return 'none in the period before';
  const percent = Math.round(((now - before) / before) * 1000) / 10;
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)}% on the period before`;
}
