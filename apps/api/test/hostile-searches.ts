/**
 * Search texts meant to break a search: quotes, SQL fragments, LIKE and tsquery syntax, very long words, only
 * punctuation, markup. Every search of the API answers them with 200 and an empty or sensible list.
 */
export const HOSTILE_SEARCHES: readonly string[] = [
  `"khukuri`,
  `' or 1=1 --`,
  `'; drop table products; --`,
  '%',
  '%%_%',
  '!!!...???',
  '&|!:*()<->',
  'kh:* | !',
  'a'.repeat(200),
  `${'kukri'.repeat(39)}s`,
  'ab '.repeat(66),
  '\\',
  '<script>alert(1)</script>',
];
