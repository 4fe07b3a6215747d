// Rules of the catalog that need no schema: the list's page size, when the search box completes, a product's
// average rating (the storefront's first load imports them through `@platform/contracts/plain`).

export const DEFAULT_PAGE_SIZE = 24;

/** The shortest text the type-ahead completes, in letters and digits (accents and punctuation left out). */
export const SEARCH_COMPLETION_MIN_LENGTH = 2;

/** Whether the type-ahead completes `text`: the API answers an empty list, and the search box asks nothing, below. */
export function isCompletable(text: string): boolean {
  const letters = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return letters.length >= SEARCH_COMPLETION_MIN_LENGTH;
}

/** A product's average rating from its reviews, to two decimals; null without reviews. */
export function averageRating(reviewCount: number, ratingSum: number): number | null {
  return reviewCount === 0 ? null : Math.round((ratingSum / reviewCount) * 100) / 100;
}

/** A bound of the product list's price filter: a decimal string such as "50" or "85.00", never negative. */
export const PRICE_BOUND_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

/** Whether `text` is a bound of the price filter (PRICE_BOUND_PATTERN). */
export function isPriceBound(text: string): boolean {
  return PRICE_BOUND_PATTERN.test(text);
}

/** The longest review comment, in characters (after trimming). */
export const REVIEW_COMMENT_MAX = 2000;
