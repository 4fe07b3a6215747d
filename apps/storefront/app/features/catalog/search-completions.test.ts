import { describe, expect, it } from 'vitest';
import { completionOptions, completionsAnnouncement, emphasizeTyped } from './search-completions.ts';

const marked = (text: string, typed: string) =>
  emphasizeTyped(text, typed)
    .map((piece) => (piece.typed ? `[${piece.text}]` : piece.text))
    .join('');

describe('the typed part of a suggestion', () => {
  it('is the beginning of each word a typed word begins, whatever the case and accents', () => {
    expect(marked('Bhojpure Khukuri 12 inch', 'kh')).toBe('Bhojpure [Kh]ukuri 12 inch');
    expect(marked('Bhojpure Khukuri 12 inch', 'KHU bho 12')).toBe('[Bho]jpure [Khu]kuri [12] inch');
    expect(marked('Khukuri Khukuri', 'khuk')).toBe('[Khuk]uri [Khuk]uri');
    expect(marked('Crème brûlée', 'creme bru')).toBe('[Crème] [brû]lée');
  });

  it('takes the longest typed word that fits, and marks nothing inside a word', () => {
    expect(marked('Kitchen Khukuri', 'k kh')).toBe('[K]itchen [Kh]ukuri');
    expect(marked('Sirupate', 'pate')).toBe('Sirupate');
  });

  it('leaves a name the typed text does not begin (a synonym, a misspelling) as it is', () => {
    expect(emphasizeTyped("Farmer's Khukuri", 'kukr')).toEqual([{ text: "Farmer's Khukuri", typed: false }]);
    expect(emphasizeTyped('Khukuri', '!!')).toEqual([{ text: 'Khukuri', typed: false }]);
  });
});

describe('the suggestions', () => {
  it('list the products, then the categories, each with the address it opens', () => {
    const options = completionOptions({
      products: [
        {
          slug: 'bhojpure-khukuri',
          name: 'Bhojpure Khukuri',
          price: '89.50',
          thumbnail: null,
          category: { name: 'Traditional', slug: 'traditional' },
        },
      ],
      categories: [{ slug: 'service & more', name: 'Service & More' }],
    });
    expect(options.map((option) => [option.kind, option.href])).toEqual([
      ['product', '/products/bhojpure-khukuri'],
      ['category', '/products?category=service%20%26%20more'],
    ]);
  });

  it('are announced by their number', () => {
    expect([0, 1, 5].map(completionsAnnouncement)).toEqual(['No suggestions', '1 suggestion', '5 suggestions']);
  });
});
