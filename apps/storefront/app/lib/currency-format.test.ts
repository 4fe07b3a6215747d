// Prices in a display currency as the storefront writes them (decision 028): converted by the contracts' arithmetic,
// rounded as the shop rounds the currency, grouped as the shop's locale groups numbers, marked as approximate.
import type { DisplayCurrency } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { convertedPrice, currencyAmount } from './currency-format.ts';

const currency = (code: string, rate: string, symbol: string, rounding: DisplayCurrency['rounding']) => ({
  code,
  rate,
  symbol,
  decimals: 2,
  rounding,
});

describe('a price in the shopper’s currency', () => {
  it('is converted, rounded as the shop rounds the currency, and marked as approximate', () => {
    expect(convertedPrice(currency('EUR', '0.92', '€', 'none'), 'en-US')('101.22')).toBe('≈ €93.12');
    expect(convertedPrice(currency('GBP', '0.79', '£', 'ninety_nine'), 'en-US')('101.22')).toBe('≈ £79.99');
    // Whole units show no decimals: 101.22 × 133.6 = 13,522.99.
    expect(convertedPrice(currency('NPR', '133.6', 'NPR', 'whole'), 'en-US')('101.22')).toBe('≈ NPR 13,523');
    expect(convertedPrice(currency('EUR', '0.92', '€', 'none'), 'de-DE')('1101.22')).toBe('≈ €1.013,12');
  });

  it('is nothing for what is not an amount', () => {
    expect(convertedPrice(currency('EUR', '0.92', '€', 'none'), 'en-US')('about ten')).toBe('');
  });

  it('writes an amount with its symbol and the digits asked', () => {
    expect(currencyAmount('8953.00', '₹', 0, 'en-US')).toBe('₹8,953');
    expect(currencyAmount('98.64', '€', 2, 'en-US')).toBe('€98.64');
    expect(currencyAmount('16651', '¥', 0, 'en-US')).toBe('¥16,651');
  });
});
