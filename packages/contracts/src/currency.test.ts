// Display currencies' arithmetic (decision 028): rates in millionths, conversion exact in the currency's own minor
// units, and the three roundings, as worked examples a person can check and as properties over any amount and rate.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_ROUNDINGS,
  type CurrencyRounding,
  convertMinor,
  currencyFacts,
  currencyOfCountry,
  formatMinorIn,
  formatRate,
  isCurrencyCode,
  MAX_RATE_MICROS,
  parseRate,
  withCurrencySymbol,
} from './currency.ts';

describe('rates', () => {
  it('reads a positive rate with up to six decimals as millionths, and writes it back without trailing zeros', () => {
    expect(parseRate('0.92')).toBe(920_000);
    expect(parseRate(' 133.5 ')).toBe(133_500_000);
    expect(parseRate('1')).toBe(1_000_000);
    expect(parseRate('0.000001')).toBe(1);
    expect(formatRate(920_000)).toBe('0.92');
    expect(formatRate(133_500_000)).toBe('133.5');
    expect(formatRate(1_000_000)).toBe('1');
    expect(formatRate(1)).toBe('0.000001');
  });

  it('refuses what is not a positive rate of at most six decimals and a million', () => {
    for (const text of ['0', '0.0', '-1', '1.2345678', 'abc', '', '1e3', '1,5', '1000000.000001', '10000000']) {
      expect(parseRate(text), text).toBeNull();
    }
    expect(parseRate('1000000')).toBe(MAX_RATE_MICROS);
  });

  it('writes back every rate it reads', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_RATE_MICROS }), (micros) => {
        expect(parseRate(formatRate(micros))).toBe(micros);
      }),
    );
  });
});

const EUR = { rateMicros: 920_000, decimals: 2 };

describe('converting, worked examples', () => {
  it('converts to the cent, half up: $101.22 at 0.92 is €93.1224, shown €93.12; $0.05 at 0.5 is €0.03', () => {
    expect(convertMinor(10_122, { ...EUR, rounding: 'none' })).toBe(9_312);
    expect(convertMinor(5, { rateMicros: 500_000, decimals: 2, rounding: 'none' })).toBe(3);
  });

  it('rounds up to .99: €93.12 is €93.99, €93.99 stays, €94.00 is €94.99, €0.50 is €0.99', () => {
    const up = (cents: number) => convertMinor(cents, { rateMicros: 1_000_000, decimals: 2, rounding: 'ninety_nine' });
    expect(up(9_312)).toBe(9_399);
    expect(up(9_399)).toBe(9_399);
    expect(up(9_400)).toBe(9_499);
    expect(up(50)).toBe(99);
    expect(convertMinor(10_122, { ...EUR, rounding: 'ninety_nine' })).toBe(9_399);
  });

  it('rounds to whole units half up: ₹8,451.87 is ₹8,452, ₹15.00 stays', () => {
    const whole = (cents: number) => convertMinor(cents, { rateMicros: 83_500_000, decimals: 2, rounding: 'whole' });
    // $101.22 × 83.5 = ₹8,451.87
    expect(whole(10_122)).toBe(845_200);
    // $100.00 × 83.5 = ₹8,350.00; $0.06 × 250 = ₹15.00
    expect(whole(10_000)).toBe(835_000);
    expect(convertMinor(6, { rateMicros: 250_000_000, decimals: 2, rounding: 'whole' })).toBe(1_500);
  });

  it('takes the currency’s decimals: ¥ has none, so $101.22 at 155.3 is ¥15,720 (15,719.466 half up)', () => {
    expect(convertMinor(10_122, { rateMicros: 155_300_000, decimals: 0, rounding: 'none' })).toBe(15_719);
    expect(convertMinor(10_122, { rateMicros: 155_300_000, decimals: 0, rounding: 'whole' })).toBe(15_719);
    // .99 of a currency without minor units: up to whole units.
    expect(convertMinor(10_122, { rateMicros: 155_300_000, decimals: 0, rounding: 'ninety_nine' })).toBe(15_720);
    // Three decimals (KWD): .99 is .990.
    expect(convertMinor(10_000, { rateMicros: 307_000, decimals: 3, rounding: 'ninety_nine' })).toBe(30_990);
  });

  it('keeps zero at zero and converts a negative amount as its positive one, negated', () => {
    for (const rounding of CURRENCY_ROUNDINGS) {
      expect(convertMinor(0, { ...EUR, rounding })).toBe(0);
      expect(convertMinor(-10_122, { ...EUR, rounding })).toBe(-convertMinor(10_122, { ...EUR, rounding }));
    }
  });
});

describe('converting, for any amount and rate', () => {
  const cases = fc.record({
    cents: fc.integer({ min: 1, max: 10_000_000_00 }),
    rateMicros: fc.integer({ min: 1, max: 50_000_000_000 }),
    decimals: fc.constantFrom(0, 2, 3),
  });
  /** The exact amount in minor units, as a fraction num / den. */
  const exact = ({ cents, rateMicros, decimals }: { cents: number; rateMicros: number; decimals: number }) => ({
    num: BigInt(cents) * BigInt(rateMicros) * 10n ** BigInt(decimals),
    den: 100n * 1_000_000n,
  });

  it('to the minor unit is within half a minor unit of the exact amount', () => {
    fc.assert(
      fc.property(cases, (input) => {
        const shown = BigInt(convertMinor(input.cents, { ...input, rounding: 'none' }));
        const { num, den } = exact(input);
        // |shown − num/den| ≤ 1/2, and a half goes up.
        expect(2n * (shown * den - num) <= den).toBe(true);
        expect(2n * (num - shown * den) < den).toBe(true);
      }),
    );
  });

  it('to whole units is a whole number within half a unit of the minor-unit amount', () => {
    fc.assert(
      fc.property(cases, (input) => {
        const unit = 10 ** input.decimals;
        const minor = convertMinor(input.cents, { ...input, rounding: 'none' });
        const whole = convertMinor(input.cents, { ...input, rounding: 'whole' });
        expect(whole % unit).toBe(0);
        expect(Math.abs(whole - minor) * 2).toBeLessThanOrEqual(unit);
      }),
    );
  });

  it('up to .99 ends in .99, is never below the minor-unit amount and less than a unit above it (with two decimals)', () => {
    fc.assert(
      fc.property(cases, (input) => {
        const unit = 10 ** input.decimals;
        const minor = convertMinor(input.cents, { ...input, rounding: 'none' });
        const up = convertMinor(input.cents, { ...input, rounding: 'ninety_nine' });
        expect(up % unit).toBe(input.decimals < 2 ? 0 : unit - unit / 100);
        expect(up).toBeGreaterThanOrEqual(minor);
        // Up to whole units from the exact amount (no .99 without two decimals): at most a unit above.
        if (input.decimals < 2) expect(up - minor).toBeLessThanOrEqual(unit);
        else expect(up - minor).toBeLessThan(unit);
      }),
    );
  });

  it('never shows a dearer amount as cheaper, whatever the rounding', () => {
    fc.assert(
      fc.property(
        cases,
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom<CurrencyRounding>(...CURRENCY_ROUNDINGS),
        (input, more, rounding) => {
          const rule = { ...input, rounding };
          expect(convertMinor(input.cents + more, rule)).toBeGreaterThanOrEqual(convertMinor(input.cents, rule));
        },
      ),
    );
  });
});

describe('writing amounts', () => {
  it('writes minor units with the currency’s decimals', () => {
    expect(formatMinorIn(18_399, 2)).toBe('183.99');
    expect(formatMinorIn(5, 2)).toBe('0.05');
    expect(formatMinorIn(27_000, 0)).toBe('27000');
    expect(formatMinorIn(30_990, 3)).toBe('30.990');
    expect(formatMinorIn(-120, 2)).toBe('-1.20');
  });

  it('puts the symbol first, with a space after one made of letters', () => {
    expect(withCurrencySymbol('€', '183.99')).toBe('€183.99');
    expect(withCurrencySymbol('A$', '45.99')).toBe('A$45.99');
    expect(withCurrencySymbol('NPR', '26,588')).toBe('NPR 26,588');
    expect(withCurrencySymbol('€', '-9.20')).toBe('-€9.20');
  });

  it('knows codes in use, their symbols and decimals', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(currencyFacts('EUR')).toEqual({ symbol: '€', decimals: 2 });
    expect(currencyFacts('INR')).toEqual({ symbol: '₹', decimals: 2 });
    expect(currencyFacts('NPR')).toEqual({ symbol: 'NPR', decimals: 2 });
    expect(currencyFacts('JPY').decimals).toBe(0);
  });

  it("keeps each locale's facts apart, and gives the same ones again without working them out anew", () => {
    const euro = currencyFacts('EUR', 'de-DE');
    expect(currencyFacts('EUR', 'de-DE')).toBe(euro);
    expect(Object.isFrozen(euro)).toBe(true);
    expect(currencyFacts('CAD', 'en-CA').symbol).toBe('$');
    expect(currencyFacts('CAD', 'en-US').symbol).toBe('CA$');
    // A locale the runtime does not know falls back to en-US, and is kept under its own name.
    expect(currencyFacts('CAD', 'not a locale')).toEqual({ symbol: 'CA$', decimals: 2 });
    // Past the most kept, the facts are worked out again, the same.
    for (const code of Intl.supportedValuesOf('currency'))
      for (const locale of ['en-GB', 'fr-FR', 'ja-JP', 'hi-IN']) currencyFacts(code, locale);
    expect(currencyFacts('EUR', 'de-DE')).toEqual(euro);
  });

  it('knows the currency a country uses', () => {
    expect(currencyOfCountry('DE')).toBe('EUR');
    expect(currencyOfCountry('GB')).toBe('GBP');
    expect(currencyOfCountry('AU')).toBe('AUD');
    expect(currencyOfCountry('IN')).toBe('INR');
    expect(currencyOfCountry('NP')).toBe('NPR');
    expect(currencyOfCountry('US')).toBe('USD');
    expect(currencyOfCountry('ZZ')).toBeNull();
  });

  it('names only currencies in use, for every country it lists', () => {
    const codes = new Set(Intl.supportedValuesOf('currency'));
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let listed = 0;
    for (const first of letters) {
      for (const second of letters) {
        const code = currencyOfCountry(`${first}${second}`);
        if (code === null) continue;
        listed += 1;
        expect(codes.has(code), `${first}${second}: ${code}`).toBe(true);
      }
    }
    expect(listed).toBeGreaterThan(230);
  });
});
