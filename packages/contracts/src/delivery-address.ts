// The delivery address rules both sides apply beyond "not blank": a country of the list, a phone number.
// `@platform/contracts/address`, apart from the package's index: the phone metadata stays out of the pages that do
// not check an address (the index is part of every page's first load).
import type { DeliveryAddress } from './orders.ts';
import { isPhoneNumber, PHONE_NOT_VALID } from './phone.ts';
import { COUNTRY_NOT_FOUND, findCountryCode } from './shipping.ts';

/**
 * The filled-in address fields that are not what they should be, with their messages: a country that is not one of
 * the list, a contact number that is not a phone number (of the delivery country, or in international form).
 */
export function invalidAddressFields(address: DeliveryAddress): Partial<Record<keyof DeliveryAddress, string>> {
  const problems: Partial<Record<keyof DeliveryAddress, string>> = {};
  const countryCode = address.country.trim() ? findCountryCode(address.country) : null;
  if (address.country.trim() && !countryCode) problems.country = COUNTRY_NOT_FOUND;
  if (address.contact_number.trim() && !isPhoneNumber(address.contact_number, countryCode)) {
    problems.contact_number = PHONE_NOT_VALID;
  }
  return problems;
}

export { isPhoneNumber, PHONE_NOT_VALID } from './phone.ts';
