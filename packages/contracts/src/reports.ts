// The sales report (`GET /admin/reports/sales/`): paid orders per day, week or month of the shop's own calendar, with
// the period before for comparison. Dates are calendar days of the shop's time zone, written YYYY-MM-DD; the
// arithmetic on them is done on whole days, never on instants, so it is the same in every browser and server.
import './browser.ts';
import { z } from 'zod';
import type { FieldErrors } from './errors.ts';
import { Money } from './money.ts';

/** How a report groups its days: by day, by week (from Monday) or by calendar month. */
export const SALES_INTERVALS = ['day', 'week', 'month'] as const;
export const SalesInterval = z.enum(SALES_INTERVALS, { error: 'Choose day, week or month.' });
export type SalesInterval = z.infer<typeof SalesInterval>;

/** The longest range one report covers, in days, by interval: a year by day, three by week, five by month. */
export const MAX_SALES_SPAN_DAYS: Readonly<Record<SalesInterval, number>> = { day: 366, week: 1098, month: 1830 };

/** The days a report covers when it is not told: the last 30, today included. */
export const DEFAULT_SALES_DAYS = 30;

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a day of the calendar written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function toUtc(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `days` days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** How many days lie from `from` to `to`, both counted: 1 for one day. */
export function daySpan(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS) + 1;
}

/** The first day of the month `months` months after the month of `date` (before it when negative). */
export function firstOfMonth(date: string, months = 0): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return fromUtc(Date.UTC(year, month - 1 + months, 1));
}

/** What a clock in `timeZone` shows at `instant`: its year, month (1–12), day, hour (0–23), minute and second. */
export function wallClockAt(instant: Date | number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

const dayOf = (clock: ReturnType<typeof wallClockAt>) =>
  `${clock.year}-${twoDigits(clock.month)}-${twoDigits(clock.day)}`;

/** The calendar day an instant falls on in a time zone, YYYY-MM-DD. */
export function dateInZone(instant: Date, timeZone: string): string {
  return dayOf(wallClockAt(instant, timeZone));
}

/** The wall-clock time an instant shows in a time zone, as a `datetime-local` field holds it: YYYY-MM-DDTHH:mm. */
export function wallTimeInZone(instant: Date, timeZone: string): string {
  const clock = wallClockAt(instant, timeZone);
  return `${dayOf(clock)}T${twoDigits(clock.hour)}:${twoDigits(clock.minute)}`;
}

/** Why a report cannot cover `from`…`to` by `interval` (field errors), or null when it can. */
export function checkSalesRange(from: string, to: string, interval: SalesInterval): FieldErrors | null {
  if (toUtc(from) > toUtc(to)) return { to: ['The end of the range cannot be before its start.'] };
  const max = MAX_SALES_SPAN_DAYS[interval];
  if (daySpan(from, to) > max) return { to: [`A report by ${interval} covers at most ${max} days.`] };
  return null;
}

/**
 * The range just before `from`…`to`, of equal length, to compare with: as many whole months before for a report by
 * month over whole months (November against October), otherwise as many days before.
 */
export function previousSalesRange(from: string, to: string, interval: SalesInterval): { from: string; to: string } {
  const wholeMonths = from === firstOfMonth(from) && addDays(to, 1) === firstOfMonth(to, 1);
  if (interval === 'month' && wholeMonths) {
    const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
    const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
    const months = (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
    return { from: firstOfMonth(from, -months), to: addDays(from, -1) };
  }
  const days = daySpan(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

const CalendarDate = z
  .string()
  .regex(DATE_PATTERN, { error: 'Enter a date as YYYY-MM-DD.', abort: true })
  .refine(isCalendarDate, { error: 'Not a day of the calendar.' });

/** `GET /admin/reports/sales/`: the range (by default the last 30 days, today included) and its interval. */
export const SalesReportQuery = z.object({
  from: CalendarDate.optional(),
  to: CalendarDate.optional(),
  interval: SalesInterval.default('day'),
});
export type SalesReportQuery = z.infer<typeof SalesReportQuery>;

/**
 * What paid orders add up to: how many, their units, and their money split as the orders hold it. `revenue` is what
 * was paid, `goods − discounts + shipping + tax_added` (the orders' totals); `tax_included` is the tax the prices held
 * (VAT), a part of goods and shipping, never added again. `refunds` is the money given back in the period of orders
 * counted as revenue (on any day); `net` is `revenue − refunds`.
 */
export const SalesFigures = z.object({
  orders: z.number().int(),
  units: z.number().int(),
  /** The orders' subtotals: their lines at the prices the customer was shown (with any VAT they hold). */
  goods: Money,
  discounts: Money,
  shipping: Money,
  /** Tax the totals added (sales tax). */
  tax_added: Money,
  /** Tax the prices and the shipping held (VAT): inside goods and shipping. */
  tax_included: Money,
  revenue: Money,
  refunds: Money,
  net: Money,
});
export type SalesFigures = z.infer<typeof SalesFigures>;

/** One period of a series: its first day (a Monday for weeks, the 1st for months) and its figures. */
export const SalesPeriod = SalesFigures.extend({ period: z.string() });
export type SalesPeriod = z.infer<typeof SalesPeriod>;

/** A range's series (every period present, zeros for one without sales) and totals. */
export const SalesRange = z.object({
  from: z.string(),
  to: z.string(),
  series: z.array(SalesPeriod),
  totals: SalesFigures,
});
export type SalesRange = z.infer<typeof SalesRange>;

/** A product among the best sellers of the range (`product_id` null: a product deleted since). */
export const TopProduct = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  units: z.number().int(),
  revenue: Money,
});
export type TopProduct = z.infer<typeof TopProduct>;

/**
 * The sales report: the range asked for, the one before it, and the products that sold best in the range. Its days
 * are cut at midnight in `time_zone`, the shop's (its site settings'; UTC for a shop that has not set one).
 */
export const SalesReport = SalesRange.extend({
  currency: z.string(),
  time_zone: z.string(),
  interval: SalesInterval,
  previous: SalesRange,
  top_products: z.array(TopProduct),
});
export type SalesReport = z.infer<typeof SalesReport>;
