import { isCompletable, type SearchCompletions } from '@platform/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import {
  allowedEdits,
  correctableWords,
  damerauDistance,
  normalizeSearch,
  planSearch,
  type SearchPlan,
  searchWords,
} from './search.planning.ts';
import {
  closestCatalogWords,
  insertSynonymGroups,
  listSynonymGroups,
  looselySimilarCatalogWords,
} from './search.repository.ts';

/**
 * The plan of a shopper's `text` with the shop's synonym groups and the catalog words its unknown words may mean
 * (two statements, on the search's own tables); null when nothing in it is searchable. `typing`: the type-ahead's
 * plan, the last word taken as still being typed.
 */
export async function planProductSearch(
  ctx: RequestContext,
  text: string,
  options?: { typing?: boolean },
): Promise<SearchPlan | null> {
  return planSearch(
    text,
    await listSynonymGroups(ctx.scope),
    await closestCatalogWords(ctx.scope, correctableWords(text)),
    options,
  );
}

/** How many products and categories the type-ahead offers at most. */
export const SEARCH_COMPLETION_LIMITS = { products: 6, categories: 3 } as const;

/**
 * What the search's own answers need of the products it searches, in the statements of the module that owns them
 * (the catalog, which builds on the search: the app hands it to the search's routes).
 */
export interface SearchedProducts {
  /** Whether at least one active product matches `plan`. */
  anyMatches(ctx: RequestContext, plan: SearchPlan): Promise<boolean>;
  /**
   * The type-ahead's answer for `plan`, in one statement: the first products of its relevance order and the
   * categories whose name matches, at most `limits` of each.
   */
  completions(
    ctx: RequestContext,
    plan: SearchPlan,
    limits: typeof SEARCH_COMPLETION_LIMITS,
  ): Promise<SearchCompletions>;
}

/**
 * For a search that finds nothing, the closest search that finds something ("Did you mean …?"): each word the
 * catalog does not hold replaced by the catalog word or synonym term nearest to it by Damerau distance, within the
 * edits its length allows (the search itself compares catalog words by trigram only); null when no such search has
 * results, or when the search left words out (`SEARCH_LIMITS`: a suggestion would drop them).
 */
export async function suggestSearch(
  ctx: RequestContext,
  text: string,
  products: SearchedProducts,
): Promise<string | null> {
  const { words, cut } = searchWords(text);
  if (words.length === 0 || cut) return null;
  const groups = await listSynonymGroups(ctx.scope);
  const synonymWords = [
    ...new Set(
      groups
        .flat()
        .map(normalizeSearch)
        .filter((term) => /^[a-z]+$/.test(term)),
    ),
  ];
  const similar = await looselySimilarCatalogWords(ctx.scope, correctableWords(text));
  let changed = false;
  const suggested = words.map((word) => {
    const candidates = similar.get(word);
    if (!candidates) return word;
    let best: { word: string; distance: number } | null = null;
    for (const candidate of [...candidates, ...synonymWords]) {
      const distance = damerauDistance(word, candidate);
      if (distance <= allowedEdits(word.length) && (!best || distance < best.distance)) {
        best = { word: candidate, distance };
      }
    }
    if (!best) return word;
    changed = true;
    return best.word;
  });
  if (!changed) return null;
  const suggestion = suggested.join(' ');
  // The synonym groups read above, and the suggestion's own corrections.
  const plan = planSearch(suggestion, groups, await closestCatalogWords(ctx.scope, correctableWords(suggestion)));
  if (!plan || !(await products.anyMatches(ctx, plan))) return null;
  return suggestion;
}

/**
 * What the header's search box suggests for the text typed so far: the first products of the shop's search (its
 * synonyms, misspellings and relevance order, the last word taken as still being typed) and the categories whose
 * name matches. Nothing below two letters or digits. The plan's reads (synonyms, corrections) and one statement.
 */
export async function completeSearch(
  ctx: RequestContext,
  text: string,
  products: SearchedProducts,
): Promise<SearchCompletions> {
  const empty: SearchCompletions = { products: [], categories: [] };
  if (!isCompletable(text)) return empty;
  // One transaction: the shop is named once for the three statements.
  return inTransaction(ctx, async (tx) => {
    const plan = await planProductSearch(tx, text, { typing: true });
    return plan ? products.completions(tx, plan, SEARCH_COMPLETION_LIMITS) : empty;
  });
}

/** Adds groups of search terms that mean the same (each group a list of one- or more-word terms). */
export async function createSynonymGroups(ctx: RequestContext, groups: string[][]): Promise<void> {
  await insertSynonymGroups(ctx.scope, groups);
}
