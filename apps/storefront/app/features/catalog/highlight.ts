/**
 * A text cut into pieces, each marked when it is one of `words` (lower case, as a search's match names them): the
 * words of a product's name that answer the search.
 */
export function highlightPieces(text: string, words: readonly string[]): { text: string; marked: boolean }[] {
  if (words.length === 0) return [{ text, marked: false }];
  const wanted = new Set(words);
  const pieces: { text: string; marked: boolean }[] = [];
  for (const part of text.split(/([\p{L}\p{N}]+)/u)) {
    if (!part) continue;
    const marked = wanted.has(part.toLowerCase());
    const last = pieces[pieces.length - 1];
    if (last && last.marked === marked && !marked) last.text += part;
    else pieces.push({ text: part, marked });
  }
  return pieces;
}
