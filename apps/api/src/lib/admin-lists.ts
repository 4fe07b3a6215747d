import { asc, desc } from 'drizzle-orm';

// What staff's lists share: their text search taken literally, and their `field` / `-field` orderings.

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `field` ascending or `-field` descending. */
export type Ordering<T extends string> = T | `-${T}`;

/** The direction of an ordering: descending for `-field`. */
export function direction(ordering: string): typeof asc {
  return ordering.startsWith('-') ? desc : asc;
}
