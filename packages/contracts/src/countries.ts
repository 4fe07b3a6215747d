// A country code as a form gives it (the codes themselves are `places.ts`'s): apart from the shipping shapes, so that
// the catalog's administration shapes (a product's country of origin) take it without importing those.
import './browser.ts';
import { z } from 'zod';
import { isCountryCode } from './places.ts';

export { COUNTRY_CODES, isCountryCode } from './places.ts';

/** A country's code as a form gives it, in any case; kept upper case. */
export const CountryCode = z
  .string()
  .trim()
  .transform((text) => text.toUpperCase())
  .refine((code) => isCountryCode(code), { error: 'Not a country code (ISO 3166-1 alpha-2).' });
