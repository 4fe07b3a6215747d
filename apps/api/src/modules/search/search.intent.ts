/**
 * What a shopper's words ask beyond the products they name: a price range ("under 90", "between 50 and 100", "$80"),
 * an order ("cheapest", "lightest", "longest", "newest"). Pure: the words that ask it are taken out of the text
 * searched, and the answer says what was understood so that the results page can show it and let it go.
 */

/** An order asked in words: by price, by a measured attribute (weight, length) or by age. */
export type IntentSort = 'price' | '-price' | 'weight' | '-weight' | 'length' | '-length' | '-created_at';

export interface SearchIntent {
  /** The text left to search, the price and order words taken out (as the shopper wrote it otherwise). */
  text: string;
  /** Bounds of the price asked, in minor units, inclusive. */
  minPriceCents?: number;
  maxPriceCents?: number;
  /** The order asked. */
  sort?: IntentSort;
}

/** Words for the shop's currency, before or after an amount: they only say that the number is a price. */
const CURRENCY = String.raw`(?:\$|usd|us\$|dollars?|bucks)`;
const AMOUNT = String.raw`(\d{1,8}(?:\.\d{1,2})?)`;
/** An amount, with or without its currency word on either side; a lone number is a price only after a price word. */
const PRICE = String.raw`(?:${CURRENCY}\s*)?${AMOUNT}(?:\s*${CURRENCY})?`;
/** An amount with its currency word: a price even without a price word ("khukuri $100"). */
const PRICED = String.raw`(?:${CURRENCY}\s*${AMOUNT}|${AMOUNT}\s*${CURRENCY})`;

const UPPER = String.raw`(?:under|below|less\s+than|cheaper\s+than|up\s+to|at\s+most|max(?:imum)?|no\s+more\s+than|within)`;
const LOWER = String.raw`(?:over|above|more\s+than|at\s+least|min(?:imum)?|from|pricier\s+than|starting\s+at)`;

/** Words that ask for an order, and the order each asks ("cheap" lists the cheapest first, filtering nothing). */
const SORT_WORDS: Record<string, IntentSort> = {
  cheap: 'price',
  cheaper: 'price',
  cheapest: 'price',
  inexpensive: 'price',
  affordable: 'price',
  budget: 'price',
  lowest: 'price',
  expensive: '-price',
  priciest: '-price',
  dearest: '-price',
  lightest: 'weight',
  lighter: 'weight',
  heaviest: '-weight',
  heavier: '-weight',
  longest: '-length',
  longer: '-length',
  shortest: 'length',
  shorter: 'length',
  smallest: 'length',
  newest: '-created_at',
  latest: '-created_at',
};

/** Words that only join the others to an order word or a price ("the cheapest one", "priced under 90"). */
const FILLER = new Set([
  'the',
  'a',
  'an',
  'price',
  'priced',
  'prices',
  'costing',
  'cost',
  'costs',
  'one',
  'ones',
  'most',
]);

function cents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The price range and order `text` asks in words, and the text left to search. Price words: "under / below / less
 * than / cheaper than / up to N" (at most N), "over / above / more than / at least / from N" (at least N),
 * "between N and M", "N to M", "N-M" with a currency word, "$N" / "N dollars" alone (at most N); order words:
 * "cheap(est)", "expensive", "lightest", "heaviest", "longest", "shortest", "newest". A number with no price or
 * currency word stays a search word ("12 inch").
 */
export function parseSearchIntent(text: string): SearchIntent {
  let rest = ` ${text.toLowerCase()} `;
  const intent: Omit<SearchIntent, 'text'> = {};
  const take = (pattern: string, apply: (match: RegExpExecArray) => void) => {
    const regex = new RegExp(String.raw`(?<![\p{L}\p{N}])${pattern}(?![\p{L}\p{N}])`, 'iu');
    for (let match = regex.exec(rest); match; match = regex.exec(rest)) {
      apply(match);
      rest = `${rest.slice(0, match.index)} ${rest.slice(match.index + match[0].length)}`;
    }
  };
  // A range needs a price word or a currency word: "10 to 12 inch" is a size.
  take(String.raw`(?:between|from)\s+${PRICE}\s*(?:and|to|-|–)\s*${PRICE}`, (match) => {
    const [low, high] = [cents(match[1] as string), cents(match[2] as string)].sort((a, b) => a - b);
    intent.minPriceCents = low;
    intent.maxPriceCents = high;
  });
  take(String.raw`${CURRENCY}\s*${AMOUNT}\s*(?:and|to|-|–)\s*${CURRENCY}?\s*${AMOUNT}`, (match) => {
    const [low, high] = [cents(match[1] as string), cents(match[2] as string)].sort((a, b) => a - b);
    intent.minPriceCents = low;
    intent.maxPriceCents = high;
  });
  take(String.raw`${UPPER}\s+${PRICE}`, (match) => {
    intent.maxPriceCents = cents(match[1] as string);
  });
  take(String.raw`${LOWER}\s+${PRICE}`, (match) => {
    intent.minPriceCents = cents(match[1] as string);
  });
  take(PRICED, (match) => {
    intent.maxPriceCents ??= cents((match[1] ?? match[2]) as string);
  });
  // Order words: the first one asked wins.
  let sort: IntentSort | undefined;
  const words = rest.split(/\s+/).filter(Boolean);
  const kept = words.filter((word) => {
    const asked = SORT_WORDS[word.replace(/[^\p{L}]/gu, '')];
    if (!asked) return true;
    sort ??= asked;
    return false;
  });
  if (sort) intent.sort = sort;
  const changed = intent.sort !== undefined || intent.minPriceCents !== undefined || intent.maxPriceCents !== undefined;
  const left = changed ? kept.filter((word) => !FILLER.has(word)) : kept;
  // A low bound above the high one ("over 200 under 100") asks for nothing: the two are swapped.
  if (
    intent.minPriceCents !== undefined &&
    intent.maxPriceCents !== undefined &&
    intent.minPriceCents > intent.maxPriceCents
  ) {
    [intent.minPriceCents, intent.maxPriceCents] = [intent.maxPriceCents, intent.minPriceCents];
  }
  return { text: changed ? left.join(' ') : text.trim(), ...intent };
}
