import { z } from 'zod';

/** A decimal amount with two places on the wire, e.g. "85.00". */
export const Money = z.string().regex(/^-?\d+\.\d{2}$/);
export type Money = z.infer<typeof Money>;

/** Integer minor units (cents) to the wire format. Exact: no floating point. */
export function formatMinor(minor: number | bigint): Money {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const units = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units}.${cents}`;
}

/** The wire format (or a plain decimal string) to integer minor units; null when it is not a money amount. */
export function parseMinor(text: string): number | null {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, units = '0', fraction = ''] = match;
  const minor = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return sign ? -minor : minor;
}

/** A percent change on the wire: "-10", "12.5", "7.25" (at most two decimals), above -100 and at most 1000. */
export const PercentChange = z
  .string()
  .trim()
  .regex(/^[-+]?\d{1,4}(\.\d{1,2})?$/, { error: 'A percent like 10, -12.5 or 7.25.' })
  .refine((text) => Number(text) > -100 && Number(text) <= 1000, {
    error: 'A percent change is above -100 and at most 1000.',
  })
  .refine((text) => Number(text) !== 0, { error: 'A change of 0% changes nothing.' });
export type PercentChange = z.infer<typeof PercentChange>;

/**
 * An amount in minor units changed by a percent given as a decimal string ("-12.5"), rounded to the nearest minor
 * unit, halves away from zero. Exact: the percent is read as hundredths of a percent and the product is a BigInt, so
 * no floating point rounds on the way. Null when the percent is not a decimal with at most two places.
 */
export function changeByPercent(minor: number, percent: string): number | null {
  const match = /^([-+])?(\d+)(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!match || !Number.isSafeInteger(minor)) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  const factor = 10_000n + (sign === '-' ? -hundredths : hundredths);
  const scaled = BigInt(minor) * factor;
  const quotient = scaled / 10_000n;
  const remainder = scaled % 10_000n;
  const abs = remainder < 0n ? -remainder : remainder;
  const rounded = abs * 2n >= 10_000n ? quotient + (scaled < 0n ? -1n : 1n) : quotient;
  return Number(rounded);
}
