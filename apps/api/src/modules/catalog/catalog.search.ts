/** Turns what a shopper typed into full-text queries, expanding the tenant's synonym groups. Pure: no database. */

export interface SearchPlan {
  /** Normalized text, for trigram similarity (misspellings). */
  text: string;
  /** `to_tsquery('english', …)` text matching documents with every concept of the query. */
  all: string;
  /** The same concepts or-ed: documents with any of them are candidates. */
  any: string;
  /**
   * Only documents with every concept (`all`) are candidates: set when enough of them exist to fill a page, so that
   * a common word ("horn") does not make the whole catalog a candidate to rank.
   */
  strict?: boolean;
}

/** How many products must match every concept before the others are left out. */
export const STRICT_SEARCH_MIN_MATCHES = 24;

/** Lower case, accents and punctuation removed, single spaces. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function lexeme(word: string): string {
  // Prefix matching lets a shopper find "khukuri" while typing "khuk"; numbers match whole ("12" is not "120").
  return /^\d+$/.test(word) ? word : `${word}:*`;
}

function alternative(term: string): string {
  const words = term.split(' ');
  return words.length === 1 ? lexeme(term) : `(${words.map((word) => word).join(' <-> ')})`;
}

/**
 * A plan for `text`, or null when nothing searchable remains. Each synonym group is a list of equivalent terms
 * (one or more words); a term found in the text becomes "any of the group". `corrections` gives, for a misspelled
 * word, the catalog's words it may mean.
 */
export function planSearch(
  text: string,
  synonymGroups: readonly (readonly string[])[],
  corrections: ReadonlyMap<string, readonly string[]> = new Map(),
): SearchPlan | null {
  const normalized = normalizeSearch(text);
  if (!normalized) return null;
  const groups = synonymGroups.map((group) => group.map(normalizeSearch).filter(Boolean));
  const terms = groups
    .flatMap((group, index) => group.map((term) => ({ words: term.split(' '), index })))
    .sort((a, b) => b.words.length - a.words.length);
  const words = normalized.split(' ');
  const concepts: string[] = [];
  for (let i = 0; i < words.length; ) {
    const match = terms.find((term) => term.words.every((word, offset) => words[i + offset] === word));
    if (match) {
      const group = groups[match.index] ?? [];
      concepts.push(`(${group.map(alternative).join(' | ')})`);
      i += match.words.length;
    } else {
      // A word the catalog does not hold also stands for the catalog's words it is closest to.
      const word = words[i] as string;
      const alternatives = corrections.get(word) ?? [];
      concepts.push(alternatives.length > 0 ? `(${[word, ...alternatives].map(lexeme).join(' | ')})` : lexeme(word));
      i += 1;
    }
  }
  return { text: normalized, all: concepts.join(' & '), any: concepts.join(' | ') };
}

/** The words of `text` that may be misspellings worth correcting: letters only, three or more. */
export function correctableWords(text: string): string[] {
  return [...new Set(normalizeSearch(text).split(' '))].filter((word) => /^[a-z]{3,100}$/.test(word));
}
