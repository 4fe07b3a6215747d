import { type AnyColumn, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { searchConcepts, searchSynonyms, searchWords } from '../../db/schema/index.ts';
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
    return sql`(${searchSql.intentRank(plan, document)} + ${searchSql.wordRank(plan, document)})`;
  },

  /**
   * The part of a document's relevance that words of use and related concepts add: 32 for a document holding one of
   * the search's own words when related concepts widened it (above the 24 every other part adds up to at most), and
   * for each word of use (`uses`) 3 when it holds the word, 1 when it holds only a related one: so words of use
   * outweigh a word naming the kind of product.
   */
  intentRank(plan: SearchPlan, document: SearchDocument): SQL {
    const parts: SQL[] = [];
    if (plan.own) parts.push(sql`case when ${document.vector} @@ ${tsQuery(plan.own)} then 32 else 0 end`);
    for (const use of plan.uses ?? []) {
      parts.push(sql`case when ${document.vector} @@ ${tsQuery(use.own)} then 3
        when ${document.vector} @@ ${tsQuery(use.widened)} then 1 else 0 end`);
    }
    return parts.length === 0 ? sql`0` : sql`(${sql.join(parts, sql` + `)})`;
  },

  /**
   * For the documents an aggregate reads, one character per `meaning` concept of the plan: "0" when none holds it,
   * "1" when some do, "2" when the head word of some one's name does (a word naming a kind of product).
   */
  meaningHeld(plan: SearchPlan, document: SearchDocument): SQL<string> {
    if (plan.meaning.length === 0) return sql<string>`''`;
    return sql<string>`concat(${sql.join(
      plan.meaning.map(
        (concept) => sql`case when bool_or(${document.head} @@ ${tsQuery(concept.own)}) then '2'
          when bool_or(${document.vector} @@ ${tsQuery(concept.widened)}) then '1' else '0' end`,
      ),
      sql`, `,
    )})`;
  },

  /**
   * For a list in an order asked in words (`kindFirst`): the documents with every concept first, and of those, the
   * ones of the kind the search names (its name's head word).
   */
  ofNamedKind(plan: SearchPlan, document: SearchDocument): SQL[] {
    return [
      sql`(${document.vector} @@ ${tsQuery(plan.all)}) desc`,
      sql`(${document.head} @@ ${tsQuery(plan.any)}) desc`,
    ];
  },

  /** The relevance tiers, full-text rank and closeness of spelling (`relevance`). */
  wordRank(plan: SearchPlan, document: SearchDocument): SQL {
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
         where ${scope.where(
           searchWords,
           sql`not ${searchWords.described} and similarity(${searchWords.word}, unknown.word) >= ${CORRECTION_MIN_SIMILARITY}`,
         )}
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
           sql`not ${searchWords.described} and (similarity(${searchWords.word}, q.word) > 0.15
             or (left(${searchWords.word}, 1) = left(q.word, 1) and abs(length(${searchWords.word}) - length(q.word)) <= 2))`,
         )}
         order by similarity(${searchWords.word}, q.word) desc, ${searchWords.word}
         limit 50) s
     where not exists (
       select 1 from ${searchWords} where ${scope.where(searchWords, sql`starts_with(${searchWords.word}, q.word)`)})`);
  for (const row of rows) similar.set(row.query, [...(similar.get(row.query) ?? []), row.word]);
  return similar;
}

/**
 * The search's staff-edited groups of words: synonyms (words that mean the same) and related concepts (words that
 * answer one another's searches, ranked below the search's own words). Both tables have the same shape.
 */
export type WordGroupKind = 'synonyms' | 'concepts';

const WORD_GROUP_TABLES = { synonyms: searchSynonyms, concepts: searchConcepts } as const;

/** The shop's synonym groups and related concept groups (every search applies them), in one statement. */
export async function listWordGroups(scope: TenantScope): Promise<Record<WordGroupKind, string[][]>> {
  // The terms as JSON text: drivers differ in whether they parse the array and JSON columns of a raw statement.
  const rows = await scope.rows<{ kind: WordGroupKind; terms: string }>(sql`
    select 'synonyms' as kind, array_to_json(${searchSynonyms.terms})::text as terms
      from ${searchSynonyms} where ${scope.where(searchSynonyms)}
    union all
    select 'concepts', array_to_json(${searchConcepts.terms})::text
      from ${searchConcepts} where ${scope.where(searchConcepts)}`);
  const groups: Record<WordGroupKind, string[][]> = { synonyms: [], concepts: [] };
  for (const row of rows) groups[row.kind].push(JSON.parse(row.terms) as string[]);
  return groups;
}

/** Adds groups of words (the seed's and the test builders'): synonyms unless `kind` says otherwise. */
export async function insertSynonymGroups(
  scope: TenantScope,
  groups: string[][],
  kind: WordGroupKind = 'synonyms',
): Promise<void> {
  if (groups.length === 0) return;
  await scope.db.insert(WORD_GROUP_TABLES[kind]).values(groups.map((terms) => scope.values({ terms })));
}

/** The shop's groups of `kind` with their ids, in the order they were made (the newest first when asked). */
export async function listSynonymRows(scope: TenantScope, newestFirst = false, kind: WordGroupKind = 'synonyms') {
  const table = WORD_GROUP_TABLES[kind];
  return scope.db
    .select({ id: table.id, terms: table.terms })
    .from(table)
    .where(scope.where(table))
    .orderBy(newestFirst ? desc(table.id) : asc(table.id));
}

export async function insertSynonymGroup(scope: TenantScope, terms: string[], kind: WordGroupKind = 'synonyms') {
  const table = WORD_GROUP_TABLES[kind];
  const [row] = await scope.db
    .insert(table)
    .values(scope.values({ terms }))
    .returning({ id: table.id, terms: table.terms });
  if (!row) throw new Error('word group insert returned nothing');
  return row;
}

/** Changes a group's words; null when the shop has no such group. */
export async function updateSynonymGroup(
  scope: TenantScope,
  id: number,
  terms: string[],
  kind: WordGroupKind = 'synonyms',
) {
  const table = WORD_GROUP_TABLES[kind];
  const [row] = await scope.db
    .update(table)
    .set({ terms })
    .where(scope.where(table, eq(table.id, id)))
    .returning({ id: table.id, terms: table.terms });
  return row ?? null;
}

/** Deletes a group; the words it had, or null when the shop has no such group. */
export async function deleteSynonymGroup(
  scope: TenantScope,
  id: number,
  kind: WordGroupKind = 'synonyms',
): Promise<string[] | null> {
  const table = WORD_GROUP_TABLES[kind];
  const [row] = await scope.db
    .delete(table)
    .where(scope.where(table, eq(table.id, id)))
    .returning({ terms: table.terms });
  return row?.terms ?? null;
}
