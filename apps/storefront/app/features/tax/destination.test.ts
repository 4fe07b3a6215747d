import type { DisplayCurrency } from '@platform/contracts';
import type { TaxDestination } from '@platform/contracts/tax';
import { describe, expect, it } from 'vitest';
import { parseDestination } from './destination.tsx';
import { shopperCurrency, shownAmount } from './destination-prices.ts';

const germany: TaxDestination = {
  country: 'DE',
  country_name: 'Germany',
  display: 'included',
  prices_include_tax: false,
  rates: [
    { category_id: null, name: 'VAT', rate: '19.00' },
    { category_id: 4, name: 'VAT', rate: '7.00' },
  ],
  notice: 'Prices include VAT for Germany.',
};

describe('the shopper destination', () => {
  it('reads a stored country and region, and nothing from a text it did not write', () => {
    expect(parseDestination('{"country":"US","region":"New York"}')).toEqual({ country: 'US', region: 'New York' });
    expect(parseDestination('{"country":"US","region":""}')).toEqual({ country: 'US', region: null });
    expect(parseDestination('null')).toBeNull();
    expect(parseDestination('{"country":"DE"}')).toEqual({ country: 'DE', region: null });
    expect(parseDestination(null)).toBeNull();
    expect(parseDestination('Germany')).toBeNull();
    expect(parseDestination('{"country":"germany"}')).toBeNull();
  });
});

describe('a price as a destination shows it', () => {
  it('adds the general rate to an entered price where the tax is included, per unit, half up', () => {
    expect(shownAmount('99.99', germany, null)).toBe('118.99');
    expect(shownAmount('0.05', germany, null)).toBe('0.06');
  });

  it("takes a category's own rate before the general one", () => {
    expect(shownAmount('10.00', germany, 4)).toBe('10.70');
    expect(shownAmount('10.00', germany, 5)).toBe('11.90');
  });

  it('leaves the entered price where the tax is added at checkout, or already in it, or there is none', () => {
    const added: TaxDestination = { ...germany, display: 'added' };
    expect(shownAmount('99.99', added, null)).toBe('99.99');
    expect(shownAmount('99.99', { ...germany, prices_include_tax: true }, null)).toBe('99.99');
    expect(shownAmount('99.99', { ...germany, rates: [] }, null)).toBe('99.99');
  });
});

describe('the currency a shopper reads prices in (decision 028)', () => {
  const listed: DisplayCurrency[] = [
    { code: 'EUR', rate: '0.92', symbol: '€', decimals: 2, rounding: 'none' },
    { code: 'NPR', rate: '133.6', symbol: 'NPR', decimals: 2, rounding: 'whole' },
  ];

  it('is the one chosen when the shop lists it, else the destination’s when listed, else the shop’s own', () => {
    expect(shopperCurrency('NPR', 'DE', listed)?.code).toBe('NPR');
    expect(shopperCurrency('USD', 'DE', listed)).toBeNull();
    expect(shopperCurrency('GBP', 'DE', listed)).toBeNull();
    expect(shopperCurrency(null, 'DE', listed)?.code).toBe('EUR');
    expect(shopperCurrency(null, 'NP', listed)?.code).toBe('NPR');
    expect(shopperCurrency(null, 'AU', listed)).toBeNull();
    expect(shopperCurrency(null, null, listed)).toBeNull();
    expect(shopperCurrency(null, 'DE', [])).toBeNull();
  });
});
