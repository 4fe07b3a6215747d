import { describe, expect, it } from 'vitest';
import { isPhoneNumber } from './phone.ts';
import { COUNTRY_CODES, countryChoices, countryName, deliveryEstimateText, findCountryCode } from './shipping.ts';

describe('countries', () => {
  it('are the ISO 3166-1 alpha-2 codes, each with an English name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(countryName(code), code).not.toBe(code);
    expect(countryName('NP')).toBe('Nepal');
    expect(countryChoices()[0]?.name.localeCompare(countryChoices()[1]?.name ?? '')).toBeLessThan(0);
  });

  it('are found by code or English name in any case, accents and apostrophes aside, and a few other names', () => {
    expect(findCountryCode('NP')).toBe('NP');
    expect(findCountryCode(' np ')).toBe('NP');
    expect(findCountryCode('nepal')).toBe('NP');
    expect(findCountryCode("Cote d'Ivoire")).toBe('CI');
    expect(findCountryCode('United States of America')).toBe('US');
    expect(findCountryCode('UK')).toBe('GB');
    expect(findCountryCode('Turkey')).toBe('TR');
    expect(findCountryCode('XX')).toBeNull();
    expect(findCountryCode('Narnia')).toBeNull();
    expect(findCountryCode('')).toBeNull();
  });
});

describe('phone numbers', () => {
  it('are international, or national numbers of the delivery country', () => {
    expect(isPhoneNumber('+977 1 4410000', null)).toBe(true);
    expect(isPhoneNumber('+977 1 4410000', 'DE')).toBe(true);
    expect(isPhoneNumber('01 4410000', 'NP')).toBe(true);
    expect(isPhoneNumber('01 4410000', null)).toBe(false);
    expect(isPhoneNumber('01 4410000', 'FR')).toBe(false);
    expect(isPhoneNumber('call me', 'NP')).toBe(false);
    expect(isPhoneNumber('+1', null)).toBe(false);
  });
});

describe('delivery estimates', () => {
  it('read as a range of business days, or one day', () => {
    expect(deliveryEstimateText(3, 7)).toBe('3–7 business days');
    expect(deliveryEstimateText(1, 1)).toBe('1 business day');
    expect(deliveryEstimateText(10, 10)).toBe('10 business days');
  });
});
