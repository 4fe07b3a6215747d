import { describe, expect, it } from 'vitest';
import { formatDateTime, formatPrice } from './format.ts';

describe('formatPrice', () => {
  it('shows a decimal string with a $ sign and two decimals, exactly', () => {
    expect(formatPrice('85.00')).toBe('$85.00');
    expect(formatPrice('85.5')).toBe('$85.50');
    expect(formatPrice('120')).toBe('$120.00');
    expect(formatPrice('90071992547409.91')).toBe('$90071992547409.91');
  });

  it('shows nothing for a value that is not an amount', () => {
    expect(formatPrice('')).toBe('');
    expect(formatPrice('abc')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows the date and the time in UTC, and nothing for what is not a date', () => {
    expect(formatDateTime('2026-12-31T23:59:00Z')).toBe('December 31, 2026 at 11:59 PM UTC');
    expect(formatDateTime('not a date')).toBe('');
  });
});
