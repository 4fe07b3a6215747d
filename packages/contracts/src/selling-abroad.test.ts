import { describe, expect, it } from 'vitest';
import { HsCodeInput, OriginCountryInput } from './admin-catalog.ts';
import { ageConfirmationLabel, ageConfirmationRequired, closedDestinationMessage } from './selling-abroad-rules.ts';

describe('selling abroad’s rules', () => {
  it('names the shop’s age in the checkbox and in the refusal', () => {
    expect(ageConfirmationLabel(18)).toBe('I confirm I am 18 or older');
    expect(ageConfirmationRequired(21)).toBe(
      'Some items in your order are sold only to adults. Please tick "I confirm I am 21 or older" to place it.',
    );
  });

  it('finds the message closing a destination: the whole country, or its one region, in any case', () => {
    const restrictions = [
      { country: 'US', region: 'California', message: 'Not to California.' },
      { country: 'SG', region: null, message: 'Not to Singapore.' },
    ];
    expect(closedDestinationMessage(restrictions, { country: 'SG' })).toBe('Not to Singapore.');
    expect(closedDestinationMessage(restrictions, { country: 'SG', region: 'Central' })).toBe('Not to Singapore.');
    expect(closedDestinationMessage(restrictions, { country: 'US', region: 'california' })).toBe('Not to California.');
    expect(closedDestinationMessage(restrictions, { country: 'US', region: 'Oregon' })).toBeNull();
    expect(closedDestinationMessage(restrictions, { country: 'US', region: null })).toBeNull();
    expect(closedDestinationMessage(restrictions, { country: 'NP' })).toBeNull();
  });

  it('takes an HS code of 6 digits with up to 4 national ones, and a country of origin by its code', () => {
    for (const code of ['8211.92', '821192', '8211.92.00', '8211.92.00.10', '', ' 8211.92 ']) {
      expect(HsCodeInput.safeParse(code).success, code).toBe(true);
    }
    for (const code of ['8211', '82.11.92', '8211.9', 'knife', '8211.92.00.10.10']) {
      expect(HsCodeInput.safeParse(code).success, code).toBe(false);
    }
    expect(OriginCountryInput.parse('np')).toBe('NP');
    expect(OriginCountryInput.parse('')).toBe('');
    expect(OriginCountryInput.safeParse('Nepal').success).toBe(false);
  });
});
