// The delivery address rules both sides apply beyond "not blank": a country of the list, a postal code of that
// country (the maintained patterns of `postcode-validator`), a phone number.
// `@platform/contracts/address`, apart from the package's index: the phone metadata stays out of the pages that do
// not check an address (the index is part of every page's first load).
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { DeliveryAddress } from './orders.ts';
import { isPhoneNumber, PHONE_NOT_VALID } from './phone.ts';
import { findRegion, REGION_NOT_FOUND, REGION_REQUIRED, regionNames } from './regions.ts';
import { COUNTRY_NOT_FOUND, countryName, findCountryCode } from './shipping.ts';

/** Why a postal code is refused: it is not written as the country writes them. */
export function postalCodeNotValid(countryCode: string): string {
  return `Enter a valid postal code for ${countryName(countryCode)}.`;
}

/**
 * The filled-in address fields that are not what they should be, with their messages: a country that is not one of
 * the list, a postal code not written as that country writes them (where its form is known), a contact number that is
 * not a phone number (of the delivery country, or in international form), and, for a country whose addresses need
 * one, a missing region or one not of its list.
 */
export function invalidAddressFields(address: DeliveryAddress): Partial<Record<keyof DeliveryAddress, string>> {
  const problems: Partial<Record<keyof DeliveryAddress, string>> = {};
  const countryCode = address.country.trim() ? findCountryCode(address.country) : null;
  if (address.country.trim() && !countryCode) problems.country = COUNTRY_NOT_FOUND;
  const postalCode = address.postalCode.trim();
  if (
    countryCode &&
    postalCode &&
    postcodeValidatorExistsForCountry(countryCode) &&
    !postcodeValidator(postalCode, countryCode)
  ) {
    problems.postalCode = postalCodeNotValid(countryCode);
  }
  if (address.contact_number.trim() && !isPhoneNumber(address.contact_number, countryCode)) {
    problems.contact_number = PHONE_NOT_VALID;
  }
  if (countryCode && regionNames(countryCode).length > 0) {
    if (!address.region?.trim()) problems.region = REGION_REQUIRED;
    else if (!findRegion(countryCode, address.region)) problems.region = REGION_NOT_FOUND;
  }
  return problems;
}

/**
 * A valid address as it is kept: the country as its English name, and the region as its name for a country that
 * needs one, none for any other (a region typed for one country is not carried to another).
 */
export function keptAddress(address: DeliveryAddress): DeliveryAddress {
  const { region, ...fields } = address;
  const code = findCountryCode(address.country);
  const kept = { ...fields, country: code ? countryName(code) : address.country };
  const name = code && region ? findRegion(code, region) : null;
  return name ? { ...kept, region: name } : kept;
}

export { isPhoneNumber, PHONE_NOT_VALID } from './phone.ts';
export { findRegion, REGION_NOT_FOUND, regionLabel, regionNames } from './regions.ts';
