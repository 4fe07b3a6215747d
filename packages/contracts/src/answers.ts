import './browser.ts';
import { z } from 'zod';

/** The schema a client parses an API answer with; `T` is what the caller receives. */
export type AnswerSchema<T> = z.ZodType<T>;

/**
 * A list answer read as its array: the API answers a plain array, or `{results}` when it paginates (spec section 7:
 * "list or {results}").
 */
export function listAnswer<T extends z.ZodType>(item: T) {
  return z
    .union([z.array(item), z.object({ results: z.array(item) })])
    .transform((answer): z.output<T>[] => (Array.isArray(answer) ? answer : answer.results));
}

/** The answer of a call that answers 204 without a body (a removal). */
export const NoContent = z.null();
