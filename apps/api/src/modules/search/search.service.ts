import { isCompletable, type SearchCompletions } from '@platform/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { parseSearchIntent, type SearchIntent } from './search.intent.ts';
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
  listWordGroups,
  looselySimilarCatalogWords,
  type WordGroupKind,
} from './search.repository.ts';

/**
 * How long an instance keeps a shop's synonym and concept groups without reading them again. A staff change empties
 * the instance's copy at once (the audit's `shop.changed` event, before the change's answer goes out), and the other
 * instances' copies as soon as the relay brings them the event (with Redis: `lib/event-relay.ts`); without a relay,
 * or while Redis is away, they see it within this time.
 */
export const WORD_GROUPS_TTL_MS = 30_000;

type WordGroups = Awaited<ReturnType<typeof listWordGroups>>;

/** Per app (its event bus), per shop: the groups read, and until when they are kept. */
const wordGroupCaches = new WeakMap<object, Map<number, { groups: Promise<WordGroups>; until: number }>>();

/** The shop's synonym and concept groups, read at most once per `WORD_GROUPS_TTL_MS` and after each staff change. */
async function shopWordGroups(ctx: RequestContext): Promise<WordGroups> {
  let cache = wordGroupCaches.get(ctx.deps.events);
  if (!cache) {
    const created = new Map<number, { groups: Promise<WordGroups>; until: number }>();
    cache = created;
    wordGroupCaches.set(ctx.deps.events, created);
    ctx.deps.events.on(
      'shop.changed',
      ({ tenantId, entity }) => {
        if (entity === 'synonyms' || entity === 'concepts') created.delete(tenantId);
      },
      { awaited: true, everyInstance: true },
    );
  }
  const now = Date.now();
  const kept = cache.get(ctx.tenant.id);
  if (kept && kept.until > now) return kept.groups;
  const groups = listWordGroups(ctx.scope);
  cache.set(ctx.tenant.id, { groups, until: now + WORD_GROUPS_TTL_MS });
  // A failed read is not kept.
  groups.catch(() => cache.delete(ctx.tenant.id));
  return groups;
}

/**
 * The plan of a shopper's `text` (its price and order words already taken out: `parseSearchIntent`) with the shop's
 * synonym and related concept groups (kept: `shopWordGroups`) and the catalog words its unknown words may mean (one
 * or two statements, on the search's own tables); null when nothing in it is searchable. `typing`: the type-ahead's plan, the last word taken
 * as still being typed.
 */
export async function planProductSearch(
  ctx: RequestContext,
  text: string,
  options?: { typing?: boolean },
): Promise<SearchPlan | null> {
  const groups = await shopWordGroups(ctx);
  return planSearch(text, groups.synonyms, await closestCatalogWords(ctx.scope, correctableWords(text)), {
    ...options,
    related: groups.concepts,
  });
}

/** How many products and categories the type-ahead offers at most. */
export const SEARCH_COMPLETION_LIMITS = { products: 6, categories: 3 } as const;

/**
 * What the search's own answers need of the products it searches, in the statements of the module that owns them
 * (the catalog, which builds on the search: the app hands it to the search's routes).
 */
export interface SearchedProducts {
  /** Whether at least one active product matches `plan` (and holds each of its meaning words: `unheld`). */
  anyMatches(ctx: RequestContext, plan: SearchPlan): Promise<boolean>;
  /**
   * The type-ahead's answer for `plan`: the first products of its relevance order within the price bounds its words
   * asked (`intent`), none when a meaning word is held by no product, and the categories whose name matches, at
   * most `limits` of each.
   */
  completions(
    ctx: RequestContext,
    plan: SearchPlan,
    limits: typeof SEARCH_COMPLETION_LIMITS,
    intent: SearchIntent,
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
  // The price and order words are kept as they are, after the words corrected.
  const intent = parseSearchIntent(text);
  const { words, cut } = searchWords(intent.text);
  if (words.length === 0 || cut) return null;
  const asked = searchWords(text).words.filter((word) => !words.includes(word));
  const { synonyms: groups, concepts } = await shopWordGroups(ctx);
  const synonymWords = [
    ...new Set(
      groups
        .flat()
        .map(normalizeSearch)
        .filter((term) => /^[a-z]+$/.test(term)),
    ),
  ];
  const similar = await looselySimilarCatalogWords(ctx.scope, correctableWords(intent.text));
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
  // The groups read above, and the suggestion's own corrections.
  const plan = planSearch(suggestion, groups, await closestCatalogWords(ctx.scope, correctableWords(suggestion)), {
    related: concepts,
  });
  if (!plan || !(await products.anyMatches(ctx, plan))) return null;
  return [suggestion, ...asked].join(' ');
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
  // The price and order words apply as the list applies them; the rest is what is being typed.
  const intent = parseSearchIntent(text);
  // Each statement on its own, outside a transaction: one round trip each (decision 010).
  const plan = await planProductSearch(ctx, intent.text, { typing: true });
  return plan ? products.completions(ctx, plan, SEARCH_COMPLETION_LIMITS, intent) : empty;
}

/**
 * Adds groups of search terms (each a list of one- or more-word terms): that mean the same (synonyms), or that are
 * related (`concepts`).
 */
export async function createSynonymGroups(
  ctx: RequestContext,
  groups: string[][],
  kind: WordGroupKind = 'synonyms',
): Promise<void> {
  await insertSynonymGroups(ctx.scope, groups, kind);
  wordGroupCaches.get(ctx.deps.events)?.delete(ctx.tenant.id);
}
