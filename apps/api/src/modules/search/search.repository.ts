import { type AnyColumn, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { searchSynonyms, searchWords } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { type SearchPlan, spellingLookups } from './search.planning.ts';

// The search's own tables: the shop's synonym groups (staff-edited) and the words of its catalog (`search_words`,
// kept by a trigger on `products`, migration 0007).

/**
 * The columns of a searchable document, which the module that owns it hands to the fragments below: its weighted
 * `tsvector` (name A, category B, attribute values C, description D), the `tsvector` of its name's head word, and its
 * normalized text (for trigram similarity).
 */
export interface SearchDocument {
  vector: AnyColumn;
  head: AnyColumn;
  text: AnyColumn;
}

/** A full-text query of a plan's (`all`, `any`, `name`, `fields`). */
function tsQuery(text: string): SQL {
  return sql`to_tsquery('english', ${text})`;
}

/**
 * A search plan as SQL over a document's columns, for the statements of the module that owns the documents (the
 * catalog's products): the search decides what matches and how it ranks, the owner which rows are read.
 */
export const searchSql = {
  /** A full-text query of the plan's (`all`, `any`, `name` or `fields`). */
  query: tsQuery,

  /**
   * How well a document answers the plan, higher first. By intent, in tiers: every concept in the name; in the name,
   * category or attribute values; anywhere (description too). A document whose name's head word is what the query
   * names (a khukuri, not a sheath for one) and that holds every concept gains less than a tier: it goes above the
   * accessories for it, not above a document that names the whole query. Within a tier, weighted rank and closeness
   * of spelling (together below 2). NOTE: a strict search's documents all hold every concept: the tests that say so
   * are left out (the same tiers, two full-text matches a row fewer).
   */
  relevance(plan: SearchPlan, document: SearchDocument): SQL {
    const every = plan.strict ? sql`true` : sql`${document.vector} @@ ${tsQuery(plan.all)}`;
    const tiers = plan.noneHasEvery
      ? sql`0`
      : sql`(case when ${document.vector} @@ ${tsQuery(plan.name)} then 16
           when ${document.vector} @@ ${tsQuery(plan.fields)} then 8
           when ${every} then 4 else 0 end
    + case when ${document.head} @@ ${tsQuery(plan.any)} and ${every} then 6 else 0 end)`;
    if (plan.strict || plan.fullTextOnly) {
      return sql`(${tiers} + ts_rank(${document.vector}, ${tsQuery(plan.any)}))`;
    }
    return sql`(${tiers} + ts_rank(${document.vector}, ${tsQuery(plan.any)})
    + word_similarity(${plan.text}, ${document.text}))`;
  },
};

/** How alike (trigram similarity) a catalog word must be to a misspelled one to stand for it. */
const CORRECTION_MIN_SIMILARITY = 0.4;

/**
 * For each of `words` (a search's, `correctableWords`: a bounded few) the catalog holds neither whole nor as the start
 * of a word, the catalog's words it may mean: those it is an inflection or a two-letter swap of ("kardas", "chakmka";
 * `SEARCH_LIMITS.variants` spellings looked up at most) first, then the closest by trigram similarity, at most
 * `limit` of these. Every such word has an entry, possibly empty.
 */
export async function closestCatalogWords(
  scope: TenantScope,
  words: string[],
  limit = 2,
): Promise<Map<string, string[]>> {
  const closest = new Map<string, string[]>();
  if (words.length === 0) return closest;
  const pairs = spellingLookups(words);
  // One statement: the closest words by trigram (a row with no word: none is close), then the variants held whole.
  const rows = await scope.rows<{ query: string; word: string | null; variant: boolean }>(sql`
    with unknown as (
      select q.word from unnest(${sql.param(words)}::text[]) as q(word)
       where not exists (
         select 1 from ${searchWords} where ${scope.where(searchWords, sql`starts_with(${searchWords.word}, q.word)`)}))
    select unknown.word as query, s.word, false as variant
      from unknown
      left join lateral (
        select ${searchWords.word} as word from ${searchWords}
         where ${scope.where(searchWords, sql`similarity(${searchWords.word}, unknown.word) >= ${CORRECTION_MIN_SIMILARITY}`)}
         order by similarity(${searchWords.word}, unknown.word) desc, ${searchWords.word}
         limit ${limit}) s on true
    union all
    select v.word, ${searchWords.word}, true
      from unnest(${sql.param(pairs.map((pair) => pair.word))}::text[],
                  ${sql.param(pairs.map((pair) => pair.form))}::text[]) as v(word, form)
      join unknown on unknown.word = v.word
      join ${searchWords} on ${scope.where(searchWords, sql`${searchWords.word} = v.form`)}`);
  const held = new Set<string>();
  for (const row of rows) {
    if (row.variant) {
      held.add(row.word as string);
    } else {
      closest.set(row.query, [...(closest.get(row.query) ?? []), ...(row.word ? [row.word] : [])]);
    }
  }
  for (const word of words) {
    const found = pairs.filter((pair) => pair.word === word && held.has(pair.form)).map((pair) => pair.form);
    if (closest.has(word) && found.length > 0) {
      closest.set(word, [...new Set([...found, ...(closest.get(word) ?? [])])]);
    }
  }
  return closest;
}

/**
 * For each word the catalog holds neither whole nor as the start of a word, up to 50 catalog words that look
 * somewhat like it (trigram similarity above 0.15, or the same first letter and a length within two), closest
 * first: candidates for a suggestion, not for search.
 */
export async function looselySimilarCatalogWords(scope: TenantScope, words: string[]): Promise<Map<string, string[]>> {
  const similar = new Map<string, string[]>();
  if (words.length === 0) return similar;
  const rows = await scope.rows<{ query: string; word: string }>(sql`
    select q.word as query, s.word
      from unnest(${sql.param(words)}::text[]) as q(word)
      cross join lateral (
        select ${searchWords.word} as word from ${searchWords}
         where ${scope.where(
           searchWords,
           sql`(similarity(${searchWords.word}, q.word) > 0.15
             or (left(${searchWords.word}, 1) = left(q.word, 1) and abs(length(${searchWords.word}) - length(q.word)) <= 2))`,
         )}
         order by similarity(${searchWords.word}, q.word) desc, ${searchWords.word}
         limit 50) s
     where not exists (
       select 1 from ${searchWords} where ${scope.where(searchWords, sql`starts_with(${searchWords.word}, q.word)`)})`);
  for (const row of rows) similar.set(row.query, [...(similar.get(row.query) ?? []), row.word]);
  return similar;
}

/** The shop's synonym groups (every search applies them). */
export async function listSynonymGroups(scope: TenantScope): Promise<string[][]> {
  const rows = await scope.db
    .select({ terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .where(scope.where(searchSynonyms));
  return rows.map((row) => row.terms);
}

/** Adds groups of terms that mean the same (the seed's and the test builders'). */
export async function insertSynonymGroups(scope: TenantScope, groups: string[][]): Promise<void> {
  if (groups.length === 0) return;
  await scope.db.insert(searchSynonyms).values(groups.map((terms) => scope.values({ terms })));
}

/** The shop's synonym groups with their ids, in the order they were made (the newest first when asked). */
export async function listSynonymRows(scope: TenantScope, newestFirst = false) {
  return scope.db
    .select({ id: searchSynonyms.id, terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .where(scope.where(searchSynonyms))
    .orderBy(newestFirst ? desc(searchSynonyms.id) : asc(searchSynonyms.id));
}

export async function insertSynonymGroup(scope: TenantScope, terms: string[]) {
  const [row] = await scope.db
    .insert(searchSynonyms)
    .values(scope.values({ terms }))
    .returning({ id: searchSynonyms.id, terms: searchSynonyms.terms });
  if (!row) throw new Error('synonym insert returned nothing');
  return row;
}

/** Changes a group's words; null when the shop has no such group. */
export async function updateSynonymGroup(scope: TenantScope, id: number, terms: string[]) {
  const [row] = await scope.db
    .update(searchSynonyms)
    .set({ terms })
    .where(scope.where(searchSynonyms, eq(searchSynonyms.id, id)))
    .returning({ id: searchSynonyms.id, terms: searchSynonyms.terms });
  return row ?? null;
}

/** Deletes a group; the words it had, or null when the shop has no such group. */
export async function deleteSynonymGroup(scope: TenantScope, id: number): Promise<string[] | null> {
  const [row] = await scope.db
    .delete(searchSynonyms)
    .where(scope.where(searchSynonyms, eq(searchSynonyms.id, id)))
    .returning({ terms: searchSynonyms.terms });
  return row?.terms ?? null;
}
