import './browser.ts';
import { z } from 'zod';
import { formatMinor, parseMinor } from './minor-units.ts';

/** A decimal amount with two places on the wire, e.g. "85.00". */
export const Money = z.string().regex(/^-?\d+\.\d{2}$/);
export type Money = z.infer<typeof Money>;

/**
 * An amount as a person types it: "110", "110.5" or "110.50" (a sign only where the field allows one), kept as the
 * wire writes it, "110.00". Every amount staff type is read with it.
 */
export const MoneyInput = z
  .string({ error: 'Enter an amount such as 110 or 110.50.' })
  .trim()
  .regex(/^-?\d{1,13}(\.\d{1,2})?$/, { error: 'Enter an amount such as 110 or 110.50.' })
  .transform((text) => formatMinor(parseMinor(text) ?? 0));

export { formatMinor, parseMinor } from './minor-units.ts';
