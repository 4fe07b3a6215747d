// The answers' schemas (@platform/contracts, built with zod), loaded with the first answer the browser parses rather
// than in its first load: a page's first render reads the answers the server rendered it with.
import type { AnswerSchema } from '@platform/contracts';

type Contracts = typeof import('@platform/contracts');

/** A schema the client loads when it first parses an answer with it. */
export type LazyContract<T> = () => Promise<AnswerSchema<T>>;

let loading: Promise<Contracts> | undefined;

/** The contracts, loaded once: for a schema the browser checks a request's body with before it sends it. */
export function loadContracts(): Promise<Contracts> {
  loading ??= import('@platform/contracts');
  return loading;
}

/** The contract of a call, picked from the contracts once they are loaded: `contract((c) => c.Product)`. */
export function contract<T>(pick: (contracts: Contracts) => AnswerSchema<T>): LazyContract<T> {
  return async () => pick(await loadContracts());
}
