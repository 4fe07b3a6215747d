import { describe, expect, it } from 'vitest';
import { formatPrice } from './format.ts';

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
