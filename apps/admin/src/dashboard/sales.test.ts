import { describe, expect, it } from 'vitest';
import { changeText, periodLabel, rangeLabel, SALES_RANGES } from './sales.ts';

describe("the dashboard's sales", () => {
  it("offers ranges that end on the shop's today", () => {
    const ranges = Object.fromEntries(SALES_RANGES.map((choice) => [choice.id, choice.range('2026-11-25')]));
    expect(ranges).toEqual({
      '7d': { from: '2026-11-19', to: '2026-11-25' },
      '30d': { from: '2026-10-27', to: '2026-11-25' },
      '90d': { from: '2026-08-28', to: '2026-11-25' },
      '12m': { from: '2025-12-01', to: '2026-11-25' },
    });
  });

  it('names periods by their calendar day, whatever the zone of the browser', () => {
    expect(periodLabel('2026-11-02', 'day', 'en-GB')).toBe('2 Nov');
    expect(periodLabel('2026-11-02', 'week', 'en-GB')).toBe('week of 2 Nov');
    expect(periodLabel('2026-11-01', 'month', 'en-GB')).toBe('Nov 2026');
    expect(rangeLabel('2026-10-01', '2026-10-31', 'en-GB')).toBe('1 Oct 2026 – 31 Oct 2026');
  });

  it('tells the change against the period before, money compared exactly', () => {
    expect(changeText('112.50', '100.00')).toBe('+12.5% on the period before');
    expect(changeText(2, 3)).toBe('−33.3% on the period before');
    expect(changeText('0.10', '0.10')).toBe('no change on the period before');
    expect(changeText(4, 0)).toBe('none in the period before');
    expect(changeText('0.00', '50.00')).toBe('−100% on the period before');
  });
});
