// Selling abroad (issue 48, decision 029): the shapes the storefront reads of it, and its rules' texts
// (`selling-abroad-rules.ts`). No schema of the administration here: the package's index loads this.
import './browser.ts';
import { z } from 'zod';

export * from './selling-abroad-rules.ts';

/** A destination closed to a product, as the product page reads it (`message` is the shop's). */
export const ShippingRestrictionNote = z.object({
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  /** One region of the country (its name), or null for the whole country. */
  region: z.string().nullable(),
  message: z.string(),
});
export type ShippingRestrictionNote = z.infer<typeof ShippingRestrictionNote>;
