/** Turns what a shopper typed into full-text queries, expanding the tenant's synonym groups. Pure: no database. */

export interface SearchPlan {
  /** Normalized text, for trigram similarity (misspellings). */
  text: string;
  /** `to_tsquery('english', …)` text matching documents with every concept of the query. */
  all: string;
  /** The same concepts or-ed: documents with any of them are candidates. */
  any: string;
  /** `all` restricted to the name (weight A): a match in the name ranks first. */
  name: string;
  /** `all` restricted to the name, category and attribute values (weights A–C): these rank before the description. */
  fields: string;
  /** The query's concepts, each a list of alternative terms (one or more words): what a result's words answer. */
  concepts: string[][];
  /**
   * The concepts that carry meaning (stop words left out), each as full-text queries of its own terms (`own`) and of
   * these with the terms of the shop's related concepts (`widened`): a search whose meaning concept no product holds
   * finds nothing.
   */
  meaning: MeaningConcept[];
  /**
   * The concepts' own terms or-ed, set when related concepts widened `any`: a product with one of them ranks above
   * every product found by a related word only.
   */
  own?: string;
  /**
   * No product holds one of the `meaning` concepts (in the products the list reads): the search finds nothing rather
   * than products alike by a few letters.
   */
  unheld?: boolean;
  /**
   * The `meaning` queries of the words of use and need ("splitting", "firewood") of a search that also names a kind
   * of product (a word the head of a product's name holds: "knife"): each a product holds weighs more than the kind.
   */
  uses?: MeaningConcept[];
  /**
   * The list is in an order its words asked ("cheapest khukuri"): the products whose name's head word is what the
   * search names (khukuris, not the sheaths for them) come first in that order, then the others.
   */
  kindFirst?: boolean;
  /**
   * Only documents with every concept (`all`) are candidates: set when enough of them exist to fill a page, so that
   * a common word ("horn") does not make the whole catalog a candidate to rank.
   */
  strict?: boolean;
  /**
   * Only documents with a concept's words are candidates, and closeness of spelling does not rank them: set when the
   * words alone find enough (`FUZZY_SEARCH_MAX_CANDIDATES`), so that the costly trigram comparison is left to the
   * searches that need it, misspellings the catalog's words did not correct.
   */
  fullTextOnly?: boolean;
  /**
   * The ids of every active product with one of the concepts' words, when there are few (`SEARCH_CANDIDATES_MAX`),
   * read from the full-text index: the search reads these products only, not the whole shop.
   */
  candidates?: number[];
  /**
   * No product has every concept: the relevance tiers, which all need every concept, are left out of the rank (the
   * same order, four full-text matches a product fewer).
   */
  noneHasEvery?: boolean;
}

/** A concept of a search that carries meaning, as full-text queries (`SearchPlan.meaning`). */
export interface MeaningConcept {
  own: string;
  widened: string;
}

/** How many products must match every concept before the others are left out. */
export const STRICT_SEARCH_MIN_MATCHES = 24;

/** Up to how many products with one of the concepts' words a search reads by their ids (`candidates`). */
export const SEARCH_CANDIDATES_MAX = 200;

/** How many products with one of the concepts' words leave out the texts that are only alike (trigrams). */
export const FUZZY_SEARCH_MAX_CANDIDATES = 200;

/**
 * What one search may cost, whatever its text: each word, each correction and each spelling looked up adds terms to
 * every statement of the search (and a trigram comparison of the catalog's words), so their number is bounded. The
 * longest shopper query of the relevance set has five words, its longest word ten letters, and a misspelling takes
 * at most three corrections there (`search.relevance.test.ts`).
 */
export const SEARCH_LIMITS = {
  /** Distinct words a search considers, the first ones of the text; the others are left out. */
  words: 8,
  /** Letters (or digits) of a word a search considers: a longer word is read as its beginning (a prefix). */
  wordLength: 24,
  /** Catalog words one misspelled word may stand for (those it inflects or swaps letters of first). */
  correctionsPerWord: 3,
  /** Catalog words all the misspelled words of a search may stand for, the first words' first. */
  corrections: 12,
  /**
   * Spellings (inflection bases, swapped letters) of all the words of a search looked up in the catalog's words, the
   * first words' first; a word's own are fewer than `wordLength` + 6.
   */
  variants: 128,
} as const;

/**
 * Lower case, accents and punctuation removed, single spaces. A possessive's "'s" goes with its apostrophe
 * ("Farmer's" is "farmer"): left as a word of its own, the lone "s" is a word no product holds, and the search of a
 * product's own name found nothing.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['\u2019]s\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The words of `text` a search considers (`SEARCH_LIMITS`): normalized, each cut to its first `wordLength`
 * characters, a repeated word once, the first `words` of them. `last`: whether the text's last word is the last of
 * these (the word being typed, for the type-ahead); `cut`: whether words were left out.
 */
export function searchWords(text: string): { words: string[]; last: boolean; cut: boolean } {
  const normalized = normalizeSearch(text);
  const all = normalized ? normalized.split(' ').map((word) => word.slice(0, SEARCH_LIMITS.wordLength)) : [];
  const distinct = [...new Set(all)];
  const words = distinct.slice(0, SEARCH_LIMITS.words);
  return { words, last: words.length > 0 && words.at(-1) === all.at(-1), cut: distinct.length > words.length };
}

function lexeme(word: string, weights = '', whole = false): string {
  // Prefix matching lets a shopper find "khukuri" while typing "khuk"; numbers match whole ("12" is not "120").
  return whole || /^\d+$/.test(word) ? (weights ? `${word}:${weights}` : word) : `${word}:*${weights}`;
}

/**
 * The Roman numerals of the small numbers a name counts in ("Mk II", "World War II"): a search's "2" also finds
 * "II", and "II" also "2". Larger numbers are sizes and prices more often than ranks ("12 inch").
 */
const ROMAN_NUMERALS = ['ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix'];

/**
 * The other way of writing a word that is a small number or its Roman numeral: the numeral for "2" to "9" (matched
 * whole: "v" is not the start of "village"), the number for "ii" to "ix"; none for any other word.
 */
function numeralAlternative(word: string): { term: string; whole: boolean } | null {
  if (/^[2-9]$/.test(word)) return { term: ROMAN_NUMERALS[Number(word) - 2] as string, whole: true };
  const index = ROMAN_NUMERALS.indexOf(word);
  return index < 0 ? null : { term: String(index + 2), whole: false };
}

function alternative(term: string, weights = '', whole = false): string {
  const words = term.split(' ');
  if (words.length === 1) return lexeme(term, weights, whole);
  // The words of a phrase match whole, one after the other.
  return `(${words.map((word) => (weights ? `${word}:${weights}` : word)).join(' <-> ')})`;
}

/** Endings an inflected form adds to its word: plurals, "-ing", "-er", "-ed". */
const INFLECTION_SUFFIXES = ['ings', 'ing', 'ers', 'er', 'ed', 'es', 's'];

/**
 * The words `word` may be an inflection of, by a suffix-aware rule that works on words no dictionary knows
 * ("kukris" → "kukri", "sharpening" → "sharpen", "honing" → "hone", "cutters" → "cut"); at least three letters.
 */
export function inflectionBases(word: string): string[] {
  const bases = new Set<string>();
  for (const suffix of INFLECTION_SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    const base = word.slice(0, -suffix.length);
    if (base.length < 3) continue;
    bases.add(base);
    if (suffix !== 's') bases.add(`${base}e`);
    if (/([b-df-hj-np-tv-z])\1$/.test(base)) bases.add(base.slice(0, -1));
  }
  if (word.endsWith('ies') && word.length > 5) bases.add(`${word.slice(0, -3)}y`);
  bases.delete(word);
  return [...bases];
}

/**
 * Edit distance where inserting, deleting or replacing a letter, or swapping two neighbours ("gurhka" for
 * "gurkha"), each count one (Damerau, optimal string alignment).
 */
export function damerauDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** How many edits a misspelling of a word of `length` letters may have: more for longer words. */
export function allowedEdits(length: number): number {
  if (length < 4) return 0;
  if (length < 6) return 1;
  return 2;
}

/** The variants of a word worth looking up in the catalog's words: its inflection bases and its swapped letters. */
export function wordVariants(word: string): string[] {
  const variants = new Set(inflectionBases(word));
  for (let i = 0; i + 1 < word.length; i += 1) {
    if (word[i] === word[i + 1]) continue;
    variants.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  variants.delete(word);
  return [...variants];
}

/** The spellings of `words` to look up in the catalog's words: their variants, `SEARCH_LIMITS.variants` at most. */
export function spellingLookups(words: readonly string[]): { word: string; form: string }[] {
  return words.flatMap((word) => wordVariants(word).map((form) => ({ word, form }))).slice(0, SEARCH_LIMITS.variants);
}

/**
 * The corrections of the misspelled ones of `words` within `SEARCH_LIMITS`: at most `correctionsPerWord` each (the
 * closest first, as given) and `corrections` in all, the first words' first. A word with an entry keeps it.
 */
export function limitCorrections(
  words: readonly string[],
  corrections: ReadonlyMap<string, readonly string[]>,
): Map<string, readonly string[]> {
  const limited = new Map<string, readonly string[]>();
  let left: number = SEARCH_LIMITS.corrections;
  for (const word of words) {
    const closest = corrections.get(word);
    if (!closest) continue;
    const kept = closest.slice(0, Math.min(SEARCH_LIMITS.correctionsPerWord, left));
    left -= kept.length;
    limited.set(word, kept);
  }
  return limited;
}

/** The shortest word being typed that stands for the synonym terms it begins ("kuk" for "kukri"). */
const TYPED_PREFIX_MIN_LENGTH = 3;

/**
 * Whether a word the shopper typed stands for a word of a synonym term: the same word, an inflection of it, or,
 * for a word the catalog does not hold (`fuzzy`), a misspelling within the edits its length allows. A word still
 * being typed (`typing`) also stands for the terms it begins, and, fuzzy, for those whose beginning it misspells.
 */
function standsFor(typed: string, term: string, fuzzy: boolean, typing = false): boolean {
  if (typed === term) return true;
  if (typing && typed.length >= TYPED_PREFIX_MIN_LENGTH && term.startsWith(typed)) return true;
  const forms = [typed, ...inflectionBases(typed)];
  if (forms.includes(term)) return true;
  if (!fuzzy || !/^[a-z]+$/.test(typed)) return false;
  // A beginning one letter shorter or longer than the word typed: a letter left out or added.
  const targets = typing
    ? [term, ...[-1, 0, 1].map((extra) => term.slice(0, typed.length + extra))].filter(
        (target) => target.length >= TYPED_PREFIX_MIN_LENGTH,
      )
    : [term];
  return forms.some((form) =>
    targets.some((target) => {
      const edits = allowedEdits(Math.min(form.length, target.length));
      return edits > 0 && Math.abs(form.length - target.length) <= edits && damerauDistance(form, target) <= edits;
    }),
  );
}

/**
 * A plan for `text`, or null when nothing searchable remains; only the words, and the corrections, within
 * `SEARCH_LIMITS` count (`searchWords`, `limitCorrections`). Each synonym group is a list of equivalent terms
 * (one or more words); a term found in the text, inflected or (for a word the catalog does not hold) misspelled,
 * becomes "any of the group". `corrections` has an entry for each word the catalog does not hold: the catalog's
 * words it may mean (possibly none). With `typing` (the type-ahead), the text's last word, when the search considers
 * it, is taken as still being typed: it also stands for the synonym terms it begins or misspells the beginning of,
 * and keeps its own prefix match.
 */
export function planSearch(
  text: string,
  synonymGroups: readonly (readonly string[])[],
  corrections: ReadonlyMap<string, readonly string[]> = new Map(),
  options: { typing?: boolean; related?: readonly (readonly string[])[] } = {},
): SearchPlan | null {
  const { words, last } = searchWords(text);
  if (words.length === 0) return null;
  const closest = limitCorrections(words, corrections);
  const groups = synonymGroups.map((group) => group.map(normalizeSearch).filter(Boolean));
  const terms = groups
    .flatMap((group, index) => group.map((term) => ({ words: term.split(' '), index })))
    .sort((a, b) => b.words.length - a.words.length);
  // Each concept is a list of alternative terms; the tsqueries are written from them with and without weights.
  const concepts: string[][] = [];
  /** The words typed for each concept. */
  const typedWords: string[][] = [];
  /** A concept's term matched whole although it is no number (a Roman numeral standing for one), by concept. */
  const wholeTerms = new Map<number, string>();
  for (let i = 0; i < words.length; ) {
    const match = terms.find((term) =>
      term.words.every((word, offset) => {
        const typed = words[i + offset];
        const typing = options.typing === true && last && i + offset === words.length - 1;
        return typed !== undefined && standsFor(typed, word, closest.has(typed), typing);
      }),
    );
    if (match) {
      const group = groups[match.index] ?? [];
      const typed = words[i] as string;
      // A word being typed may be the start of a catalog word outside the group too ("sil" of "silk", not only of
      // "silver").
      const beingTyped = options.typing === true && last && match.words.length === 1 && i === words.length - 1;
      concepts.push(beingTyped && !group.includes(typed) ? [typed, ...group] : group);
      typedWords.push(words.slice(i, i + match.words.length));
      i += match.words.length;
    } else {
      // A word the catalog does not hold also stands for the catalog's words it is closest to; a small number for
      // its Roman numeral ("world war 2" is "world war II"), and such a numeral for its number.
      const word = words[i] as string;
      const numeral = numeralAlternative(word);
      if (numeral?.whole) wholeTerms.set(concepts.length, numeral.term);
      concepts.push([word, ...(numeral ? [numeral.term] : []), ...(closest.get(word) ?? [])]);
      typedWords.push([word]);
      i += 1;
    }
  }
  const relatedGroups = (options.related ?? []).map((group) => group.map(normalizeSearch).filter(Boolean));
  // A related group joins a concept when one of its terms is the concept's typed words or one of its alternatives.
  const related = concepts.map((terms, index) => {
    const typed = (typedWords[index] ?? []).join(' ');
    const found = new Set<string>();
    for (const group of relatedGroups) {
      if (group.some((term) => terms.includes(term) || term === typed || standsFor(typed, term, false))) {
        for (const term of group) if (!terms.includes(term)) found.add(term);
      }
    }
    return [...found];
  });
  const write = (weights: string) =>
    concepts.map((terms, index) =>
      terms.length === 1
        ? alternative(terms[0] as string, weights)
        : `(${terms.map((term) => alternative(term, weights, wholeTerms.get(index) === term)).join(' | ')})`,
    );
  const plain = write('');
  const widened = concepts.map((terms, index) => {
    const all = [...terms, ...(related[index] ?? [])];
    return all.length === 1
      ? alternative(all[0] as string)
      : `(${all.map((term) => alternative(term, '', wholeTerms.get(index) === term)).join(' | ')})`;
  });
  const meaning = widened
    .map((query, index) => ({ own: plain[index] as string, widened: query }))
    .filter((_, index) => !(concepts[index]?.length === 1 && isStopWord(concepts[index]?.[0] as string)));
  const hasRelated = related.some((terms) => terms.length > 0);
  return {
    text: words.join(' '),
    all: plain.join(' & '),
    any: (hasRelated ? widened : plain).join(' | '),
    name: write('A').join(' & '),
    fields: write('ABC').join(' & '),
    concepts,
    meaning,
    ...(hasRelated ? { own: plain.join(' | ') } : {}),
  };
}

/** The words a search of `text` considers that may be misspellings worth correcting: letters only, three or more. */
export function correctableWords(text: string): string[] {
  return searchWords(text).words.filter((word) => /^[a-z]{3,}$/.test(word));
}

export type MatchField = 'name' | 'category' | 'attributes' | 'description';

/** Words full-text search leaves out (English stop words a shopper types): never highlighted. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'is', 'of', 'on', 'or', 'the', 'to', 'with']);

/**
 * Whether a word carries no meaning: a stop word, or a misspelling of one of three letters or more by one edit
 * ("wth", "fro") that the catalog offered no correction for.
 */
function isStopWord(word: string): boolean {
  if (STOP_WORDS.has(word)) return true;
  return /^[a-z]+$/.test(word) && [...STOP_WORDS].some((stop) => stop.length >= 3 && damerauDistance(word, stop) === 1);
}

/** Whether a word of a product (normalized) answers a term's word: as a prefix, as the search reads it, or inflected. */
function answers(word: string, term: string): boolean {
  if (/^\d+$/.test(term)) return word === term;
  return [term, ...inflectionBases(term)].some((form) => word.startsWith(form) || form === word);
}

/**
 * Why a product matched a search: the fields holding one of its concepts' terms, in the order search ranks them, and
 * the product's words that matched (lower case, as written), for highlighting. Plain text only: HTML is stripped
 * from a field before it is read.
 */
export function explainMatch(
  plan: Pick<SearchPlan, 'concepts'>,
  fields: Readonly<Record<MatchField, string>>,
): { fields: MatchField[]; words: string[] } {
  const terms = plan.concepts
    .flat()
    .map((term) => term.split(' '))
    .filter((words) => words.length > 1 || !STOP_WORDS.has(words[0] as string));
  const found: MatchField[] = [];
  const words = new Set<string>();
  for (const field of ['name', 'category', 'attributes', 'description'] as const) {
    const written = fields[field]
      .replace(/<[^>]*>/g, ' ')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    const normalized = written.map(normalizeSearch);
    let matched = false;
    for (const term of terms) {
      for (let i = 0; i + term.length <= normalized.length; i += 1) {
        if (term.every((word, offset) => answers(normalized[i + offset] as string, word))) {
          matched = true;
          for (let offset = 0; offset < term.length; offset += 1) words.add(written[i + offset] as string);
        }
      }
    }
    if (matched) found.push(field);
  }
  return { fields: found, words: [...words] };
}
