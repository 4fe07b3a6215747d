import { parseMinor } from '@platform/contracts';
import { ValidationError } from './errors.ts';

// What staff's forms share: a price field read or refused with the field's error, and a slug taken by a writer racing
// this one answered like a slug found taken.

/** A price field in minor units; a field error when it is not an amount. */
export function priceCents(price: string, field = 'price'): number {
  const cents = parseMinor(price);
  if (cents === null) throw new ValidationError({ [field]: ['A valid amount is required, e.g. "85.00".'] });
  return cents;
}

/** Whether a database error (or one it wraps) is a unique violation: two writers raced for the same slug. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a write; a slug taken meanwhile by another writer answers like a slug found taken. */
export async function withSlugConflict<T>(write: () => Promise<T>, fields: Record<string, string[]>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError(fields);
    throw error;
  }
}
