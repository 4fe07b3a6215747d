// Phone numbers of delivery addresses. The `/min` metadata checks a number's country code and length (not every
// number range), which is what a form needs, at a fraction of the full metadata's size.
import { type CountryCode, isValidPhoneNumber } from 'libphonenumber-js/min';

/** The field message of a contact number that is not a phone number. */
export const PHONE_NOT_VALID = 'Enter a valid phone number (with its country code if it is not from this country).';

/**
 * Whether `text` is a phone number: in international form ('+977 1 4410000'), or national form of the delivery
 * country (`countryCode`, ISO 3166-1 alpha-2) when it has one.
 */
export function isPhoneNumber(text: string, countryCode: string | null): boolean {
  const trimmed = text.trim();
  if (!/^[+\d][\d\s().-]*$/.test(trimmed)) return false;
  try {
    return countryCode
      ? isValidPhoneNumber(trimmed, countryCode as CountryCode)
      : trimmed.startsWith('+') && isValidPhoneNumber(trimmed);
  } catch {
    return false;
  }
}
