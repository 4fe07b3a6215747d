import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkSalesRange,
  dateInZone,
  daySpan,
  firstOfMonth,
  isCalendarDate,
  previousSalesRange,
  SalesReportQuery,
} from './reports.ts';

describe('calendar days of a report', () => {
  it('knows the days of the calendar, leap years included', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });

  it('counts whole days across months, years and the changes of summer time', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daySpan('2026-03-28', '2026-03-30')).toBe(3);
    expect(daySpan('2026-11-01', '2026-11-01')).toBe(1);
    expect(firstOfMonth('2026-11-17')).toBe('2026-11-01');
    expect(firstOfMonth('2026-01-17', -2)).toBe('2025-11-01');
  });

  it("tells the day an instant falls on in the shop's zone", () => {
    const instant = new Date('2026-11-01T18:30:00Z');
    expect(dateInZone(instant, 'UTC')).toBe('2026-11-01');
    expect(dateInZone(instant, 'Asia/Kathmandu')).toBe('2026-11-02');
    expect(dateInZone(instant, 'America/Los_Angeles')).toBe('2026-11-01');
  });
});

describe('the range of a report', () => {
  it('refuses an end before the start and a range longer than its interval allows', () => {
    expect(checkSalesRange('2026-11-02', '2026-11-01', 'day')).toEqual({
      to: ['The end of the range cannot be before its start.'],
    });
    expect(checkSalesRange('2026-01-01', '2027-01-01', 'day')).toBeNull();
    expect(checkSalesRange('2026-01-01', '2027-01-02', 'day')).toEqual({
      to: ['A report by day covers at most 366 days.'],
    });
    expect(checkSalesRange('2026-01-01', '2027-01-02', 'week')).toBeNull();
  });

  it('compares with as many days before, or as many whole months before for a report by month', () => {
    expect(previousSalesRange('2026-11-08', '2026-11-14', 'day')).toEqual({ from: '2026-11-01', to: '2026-11-07' });
    expect(previousSalesRange('2026-03-01', '2026-03-31', 'month')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousSalesRange('2026-01-01', '2026-06-30', 'month')).toEqual({ from: '2025-07-01', to: '2025-12-31' });
    // Not whole months: as many days.
    expect(previousSalesRange('2026-03-05', '2026-03-31', 'month')).toEqual({ from: '2026-02-06', to: '2026-03-04' });
    expect(previousSalesRange('2026-03-01', '2026-03-31', 'week')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
  });

  it('takes the interval by name and dates as YYYY-MM-DD, one message per field', () => {
    expect(SalesReportQuery.parse({})).toEqual({ interval: 'day' });
    const refused = SalesReportQuery.safeParse({ from: '1.11.2026', to: '2026-02-30', interval: 'year' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['from', 'Enter a date as YYYY-MM-DD.'],
      ['to', 'Not a day of the calendar.'],
      ['interval', 'Choose day, week or month.'],
    ]);
  });
});
