import './browser.ts';
import { z } from 'zod';

/** A decimal amount with two places on the wire, e.g. "85.00". */
export const Money = z.string().regex(/^-?\d+\.\d{2}$/);
export type Money = z.infer<typeof Money>;

export { formatMinor, parseMinor } from './minor-units.ts';
