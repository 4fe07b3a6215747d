import { describe, expect, it } from 'vitest';
import { parseTimeToPay, timeToPayText } from './time-to-pay.ts';

describe('a time to pay as the owner writes it', () => {
  it('reads days, hours, weeks and minutes, in words or letters, with decimals and several parts', () => {
    expect(parseTimeToPay('7 days')).toBe(10_080);
    expect(parseTimeToPay('7d')).toBe(10_080);
    expect(parseTimeToPay(' 1 Week ')).toBe(10_080);
    expect(parseTimeToPay('36 hours')).toBe(2160);
    expect(parseTimeToPay('36h')).toBe(2160);
    expect(parseTimeToPay('2 days 12 hours')).toBe(3600);
    expect(parseTimeToPay('2 days and 12 hours')).toBe(3600);
    expect(parseTimeToPay('2 days, 12 hours')).toBe(3600);
    expect(parseTimeToPay('1.5 days')).toBe(2160);
    expect(parseTimeToPay('1,5 days')).toBe(2160);
    expect(parseTimeToPay('90 minutes')).toBe(90);
    expect(parseTimeToPay('1 hour 30 min')).toBe(90);
  });

  it('refuses a bare number, an unknown unit and anything else', () => {
    for (const text of ['', '7', 'seven days', '7 fortnights', '7 days please', 'days 7', '-2 days']) {
      expect(parseTimeToPay(text), text).toBeNull();
    }
  });

  it('writes minutes back as days and hours, the way they are read', () => {
    expect(timeToPayText(10_080)).toBe('7 days');
    expect(timeToPayText(1440)).toBe('1 day');
    expect(timeToPayText(2160)).toBe('1 day 12 hours');
    expect(timeToPayText(60)).toBe('1 hour');
    expect(timeToPayText(90)).toBe('1 hour 30 minutes');
    expect(timeToPayText(43_200)).toBe('30 days');
    for (const minutes of [60, 90, 1440, 2160, 10_080, 43_200]) {
      expect(parseTimeToPay(timeToPayText(minutes))).toBe(minutes);
    }
  });
});
