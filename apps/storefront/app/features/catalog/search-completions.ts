// The header search box's type-ahead, without React: its options, what a screen reader hears, what is emphasized.
import type { SearchCompletionProduct, SearchCompletions } from '@platform/contracts';

/** One line of the type-ahead's list: a product (opens its page) or a category (opens its product list). */
export type CompletionOption =
  | { kind: 'product'; key: string; href: string; product: SearchCompletionProduct }
  | { kind: 'category'; key: string; href: string; name: string };

/** The products first, in the search's order, then the categories. */
export function completionOptions(answer: SearchCompletions): CompletionOption[] {
  return [
    ...answer.products.map(
      (product): CompletionOption => ({
        kind: 'product',
        key: `product:${product.slug}`,
        href: `/products/${encodeURIComponent(product.slug)}`,
        product,
      }),
    ),
    ...answer.categories.map(
      (category): CompletionOption => ({
        kind: 'category',
        key: `category:${category.slug}`,
        href: `/products?category=${encodeURIComponent(category.slug)}`,
        name: category.name,
      }),
    ),
  ];
}

/** What the live region says when the suggestions for a text have come. */
export function completionsAnnouncement(count: number): string {
  if (count === 0) return 'No suggestions';
  return count === 1 ? '1 suggestion' : `${count} suggestions`;
}

/** Lower case without accents, letter for letter (a letter that decomposes into more than one is left as it is). */
function fold(text: string): string {
  return [...text]
    .map((char) => {
      const folded = char
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
      return folded.length === 1 ? folded : char.toLowerCase();
    })
    .join('');
}

/** A piece of a text, `typed` when it is the part of a word the shopper typed. */
export interface TextPiece {
  text: string;
  typed: boolean;
}

/**
 * `text` cut into pieces, the beginning of each of its words that a typed word begins with marked (the longest
 * typed word that fits): "Bhojpure Khukuri" for "khu bho" is [Bho]jpure [Khu]kuri. Case and accents are ignored.
 */
export function emphasizeTyped(text: string, typed: string): TextPiece[] {
  const typedWords = [...new Set(fold(typed).split(/[^\p{L}\p{N}]+/u))]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const pieces: TextPiece[] = [];
  const push = (piece: string, isTyped: boolean) => {
    if (!piece) return;
    const last = pieces.at(-1);
    if (last && last.typed === isTyped) last.text += piece;
    else pieces.push({ text: piece, typed: isTyped });
  };
  let at = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    const start = match.index;
    const folded = fold(word);
    const prefix = folded.length === word.length ? typedWords.find((typedWord) => folded.startsWith(typedWord)) : null;
    if (!prefix) continue;
    push(text.slice(at, start), false);
    push(word.slice(0, prefix.length), true);
    at = start + prefix.length;
  }
  push(text.slice(at), false);
  return pieces;
}
