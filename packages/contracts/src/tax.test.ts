// The tax arithmetic the storefront and the server share (decision 016): one rounding rule, per line, half up.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  orderTaxes,
  percentToBasisPoints,
  rateFor,
  shareDiscount,
  shownCents,
  TaxPercent,
  taxInGross,
  taxLabel,
  taxNotice,
  taxOnNet,
} from './tax.ts';

describe('rates', () => {
  it('reads percents with up to two decimals as hundredths of a percent, and writes them back', () => {
    expect(percentToBasisPoints('19')).toBe(1900);
    expect(percentToBasisPoints('8.88')).toBe(888);
    expect(percentToBasisPoints('5.5')).toBe(550);
    expect(basisPointsToPercent(550)).toBe('5.50');
    expect(TaxPercent.safeParse('8.875').success).toBe(false);
    expect(TaxPercent.safeParse('100.01').success).toBe(false);
    expect(TaxPercent.safeParse('0').success).toBe(true);
  });

  it('takes a category’s own rate, else the general one, else none', () => {
    const rates = [
      { categoryId: null, name: 'VAT', basisPoints: 1900 },
      { categoryId: 7, name: 'VAT', basisPoints: 700 },
    ];
    expect(rateFor(rates, 7).basisPoints).toBe(700);
    expect(rateFor(rates, 8).basisPoints).toBe(1900);
    expect(rateFor([], 8)).toEqual({ name: '', basisPoints: 0 });
  });
});

describe('rounding, half up to the cent', () => {
  it('rounds the tax on an amount without tax half up: 0.05 at 10% is 0.01, 0.04 is 0.00', () => {
    expect(taxOnNet(5, 1000)).toBe(1);
    expect(taxOnNet(4, 1000)).toBe(0);
    expect(taxOnNet(9999, 1900)).toBe(1900);
    expect(taxOnNet(3015, 888)).toBe(268);
  });

  it('finds the tax inside an amount that holds it: 1.19 at 19% holds 0.19; 20.00 holds 3.19', () => {
    expect(taxInGross(119, 1900)).toBe(19);
    expect(taxInGross(2000, 1900)).toBe(319);
    expect(taxInGross(1, 1900)).toBe(0);
  });

  it('shows an entered price with its tax only where the destination shows prices so and the shop entered them without', () => {
    expect(shownCents(9999, 1900, { display: 'included', pricesIncludeTax: false })).toBe(11899);
    expect(shownCents(9999, 1900, { display: 'included', pricesIncludeTax: true })).toBe(9999);
    expect(shownCents(9999, 888, { display: 'added', pricesIncludeTax: false })).toBe(9999);
    expect(shownCents(9999, 888, { display: 'added', pricesIncludeTax: true })).toBe(9999);
  });

  it('never takes back more tax than a shown price added: the net of a shown price is the entered one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (cents, rate) => {
        const shown = shownCents(cents, rate, { display: 'included', pricesIncludeTax: false });
        expect(shown - taxInGross(shown, rate)).toBe(cents);
      }),
    );
  });
});

describe('shares of a discount', () => {
  it('adds up to the discount exactly, never exceeding an amount, in proportion within a cent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        (amounts, discount) => {
          const shares = shareDiscount(amounts, discount);
          const total = amounts.reduce((sum, cents) => sum + cents, 0);
          expect(shares.reduce((sum, cents) => sum + cents, 0)).toBe(Math.min(discount, total));
          shares.forEach((share, index) => {
            const amount = amounts[index] as number;
            expect(share).toBeLessThanOrEqual(amount);
            if (total > 0) expect(Math.abs(share - (amount * Math.min(discount, total)) / total)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it('gives the odd cent to the largest remainder, then to the earlier line', () => {
    expect(shareDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(shareDiscount([3000, 1000], 1000)).toEqual([750, 250]);
  });
});

describe('an order’s taxes', () => {
  it('taxes each line after its share of the discount, and the shipping, per rate; adds them only where added', () => {
    const added = orderTaxes({
      display: 'added',
      lines: [
        { cents: 3000, name: 'Sales tax', basisPoints: 888 },
        { cents: 1000, name: 'Sales tax', basisPoints: 888 },
      ],
      productDiscountCents: 1000,
      shipping: { cents: 1000, name: 'Sales tax', basisPoints: 888 },
    });
    // 22.50 → 2.00, 7.50 → 0.67, shipping 10.00 → 0.89: per line, not 8.88% of 40.00 (3.552 → 3.55).
    expect(added).toEqual({ taxes: [{ name: 'Sales tax', basisPoints: 888, cents: 356 }], addedCents: 356 });

    const included = orderTaxes({
      display: 'included',
      lines: [
        { cents: 2140, name: 'VAT', basisPoints: 700 },
        { cents: 11900, name: 'VAT', basisPoints: 1900 },
      ],
      productDiscountCents: 0,
      shipping: { cents: 2380, name: 'VAT', basisPoints: 1900 },
    });
    expect(included).toEqual({
      taxes: [
        { name: 'VAT', basisPoints: 700, cents: 140 },
        { name: 'VAT', basisPoints: 1900, cents: 2280 },
      ],
      addedCents: 0,
    });
    // No rate: no tax line at all.
    expect(
      orderTaxes({
        display: 'added',
        lines: [{ cents: 500, name: '', basisPoints: 0 }],
        productDiscountCents: 0,
        shipping: { cents: 0, name: '', basisPoints: 0 },
      }),
    ).toEqual({ taxes: [], addedCents: 0 });
  });

  it('names each tax as the customer reads it, and what the prices hold', () => {
    expect(taxLabel({ name: 'VAT', rate: '19.00', included: true })).toBe('VAT 19% (included)');
    expect(taxLabel({ name: 'Sales tax', rate: '8.88', included: false })).toBe('Sales tax 8.88%');
    expect(taxLabel({ name: 'VAT', rate: '5.50', included: true })).toBe('VAT 5.5% (included)');
    expect(taxNotice({ display: 'included', countryName: 'Germany', taxName: 'VAT' })).toBe(
      'Delivery to Germany: prices include VAT.',
    );
  });
});
