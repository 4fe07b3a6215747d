import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  correctableWords,
  damerauDistance,
  explainMatch,
  inflectionBases,
  limitCorrections,
  normalizeSearch,
  planSearch,
  SEARCH_LIMITS,
  searchWords,
  spellingLookups,
  wordVariants,
} from './search.planning.ts';

describe('planSearch', () => {
  it('normalizes case, accents and punctuation', () => {
    expect(normalizeSearch('  Gurkhá   KNIFE!! ')).toBe('gurkha knife');
  });

  it('returns nothing to search for blank or punctuation-only text', () => {
    expect(planSearch('   ', [])).toBeNull();
    expect(planSearch('?!', [])).toBeNull();
  });

  it('ands words with prefix matching, numbers matched whole', () => {
    expect(planSearch('horn 12', [])).toEqual({
      text: 'horn 12',
      all: 'horn:* & 12',
      any: 'horn:* | 12',
      name: 'horn:*A & 12:A',
      fields: 'horn:*ABC & 12:ABC',
      concepts: [['horn'], ['12']],
      meaning: [
        { own: 'horn:*', widened: 'horn:*' },
        { own: '12', widened: '12' },
      ],
    });
  });

  it('reads a small number and its Roman numeral as one another, the numeral matched whole', () => {
    const plan = planSearch('world war 2', [['ww2', 'wwii', 'world war']]);
    expect(plan?.concepts).toEqual([
      ['ww2', 'wwii', 'world war'],
      ['2', 'ii'],
    ]);
    expect(plan?.all).toBe('(ww2:* | wwii:* | (world <-> war)) & (2 | ii)');
    expect(plan?.meaning[1]).toEqual({ own: '(2 | ii)', widened: '(2 | ii)' });
    // "v" is five, not the start of "village"; "II" typed keeps its own prefix and is also 2.
    expect(planSearch('mk 5', [])?.all).toBe('mk:* & (5 | v)');
    expect(planSearch('mk II', [])?.all).toBe('mk:* & (ii:* | 2)');
    // Larger numbers are sizes and prices: as they are.
    expect(planSearch('12 inch', [])?.all).toBe('12 & inch:*');
  });

  it('widens a concept with the related concept groups it is in, stop words carrying no meaning', () => {
    const related = [['trekking', 'trail', 'campfire']];
    const plan = planSearch('khukuri for trekking', [], new Map(), { related });
    expect(plan?.all).toBe('khukuri:* & for:* & trekking:*');
    expect(plan?.any).toBe('khukuri:* | for:* | (trekking:* | trail:* | campfire:*)');
    expect(plan?.own).toBe('khukuri:* | for:* | trekking:*');
    expect(plan?.meaning).toEqual([
      { own: 'khukuri:*', widened: 'khukuri:*' },
      { own: 'trekking:*', widened: '(trekking:* | trail:* | campfire:*)' },
    ]);
    // An inflection of a related term joins its group too; without related groups nothing is widened.
    expect(planSearch('trails', [], new Map(), { related })?.any).toBe(
      '(trails:* | trekking:* | trail:* | campfire:*)',
    );
    expect(planSearch('trekking', [])?.own).toBeUndefined();
  });

  it('expands a synonym, including a term of several words, into its whole group', () => {
    const groups = [['khukuri', 'kukri', 'gurkha knife']];
    expect(planSearch('Gurkha knife horn', groups)?.all).toBe('(khukuri:* | kukri:* | (gurkha <-> knife)) & horn:*');
    expect(planSearch('kukri', groups)?.any).toBe('(khukuri:* | kukri:* | (gurkha <-> knife))');
  });

  it('lets a misspelled word also stand for the catalog words it is closest to', () => {
    const corrections = new Map([['sirupati', ['sirupate']]]);
    expect(planSearch('Sirupati horn', [], corrections)?.all).toBe('(sirupati:* | sirupate:*) & horn:*');
  });

  it('offers only words of three or more letters for correction, once each', () => {
    expect(correctableWords('Sirupati 12 inch, sirupati of ox')).toEqual(['sirupati', 'inch']);
  });

  it('restricts the name and field queries to their weights, phrases included', () => {
    const plan = planSearch('gurkha knife', [['khukuri', 'gurkha knife']]);
    expect(plan?.name).toBe('(khukuri:*A | (gurkha:A <-> knife:A))');
    expect(plan?.fields).toBe('(khukuri:*ABC | (gurkha:ABC <-> knife:ABC))');
  });

  it('reads an inflected word the stemmer does not know as its synonym group', () => {
    const groups = [
      ['khukuri', 'kukri'],
      ['sharpen', 'whetstone'],
    ];
    expect(planSearch('kukris', groups)?.all).toBe('(khukuri:* | kukri:*)');
    expect(planSearch('sharpener', groups)?.all).toBe('(sharpen:* | whetstone:*)');
    expect(planSearch('sharpening', groups)?.all).toBe('(sharpen:* | whetstone:*)');
  });

  it('reads a misspelling of a synonym term, swapped letters counting one edit, only for a word the catalog lacks', () => {
    const groups = [
      ['gurkha', 'gorkha'],
      ['wedding', 'bihe'],
    ];
    const unknown = new Map([
      ['gurhka', []],
      ['ghurka', []],
    ]);
    expect(planSearch('gurhka', groups, unknown)?.all).toBe('(gurkha:* | gorkha:*)');
    expect(planSearch('ghurka', groups, unknown)?.all).toBe('(gurkha:* | gorkha:*)');
    // "bedding" is not misspelled when the catalog holds it: it stays itself.
    expect(planSearch('bedding', groups)?.all).toBe('bedding:*');
  });
});

describe('planSearch while typing', () => {
  const groups = [
    ['khukuri', 'kukri', 'gurkha knife'],
    ['gurkha', 'gorkha'],
    ['silver', 'chandi'],
  ];

  it('lets the last word stand for the synonym terms it begins, keeping its own prefix', () => {
    expect(planSearch('kukr', groups, new Map(), { typing: true })?.all).toBe(
      '(kukr:* | khukuri:* | kukri:* | (gurkha <-> knife))',
    );
    expect(planSearch('sil', groups, new Map(), { typing: true })?.all).toBe('(sil:* | silver:* | chandi:*)');
    // A whole term needs nothing more.
    expect(planSearch('kukri', groups, new Map(), { typing: true })?.all).toBe(
      '(khukuri:* | kukri:* | (gurkha <-> knife))',
    );
    // Only the last word is being typed, and a beginning of two letters is too short to stand for a term.
    expect(planSearch('kuk sil', groups, new Map(), { typing: true })?.all).toBe(
      'kuk:* & (sil:* | silver:* | chandi:*)',
    );
    expect(planSearch('si', groups, new Map(), { typing: true })?.all).toBe('si:*');
    expect(planSearch('kukr', groups)?.all).toBe('kukr:*');
  });

  it('completes the last word of a term of several words', () => {
    expect(planSearch('gurkha kni', groups, new Map(), { typing: true })?.all).toBe(
      '(khukuri:* | kukri:* | (gurkha <-> knife))',
    );
  });

  it('reads a misspelled beginning of a term, for a word the catalog does not hold', () => {
    const unknown = new Map([['gurhk', []]]);
    expect(planSearch('gurhk', groups, unknown, { typing: true })?.all).toBe('(gurhk:* | gurkha:* | gorkha:*)');
    expect(planSearch('gurhk', groups, unknown)?.all).toBe('gurhk:*');
    // A word the catalog holds is not taken for a misspelling.
    expect(planSearch('gurhk', groups, new Map(), { typing: true })?.all).toBe('gurhk:*');
  });
});

describe('the limits of a search', () => {
  /** Distinct three-letter words: 50 of them fill the 200 characters a search may have. */
  const words = [...'qz'].flatMap((first) => [...'abcdefghijklmnopqrstuvwxyz'].map((middle) => `${first}${middle}x`));
  const fifty = words.slice(0, 50);

  it('considers the first eight distinct words of a text, each of 24 characters at most', () => {
    expect(SEARCH_LIMITS.words).toBe(8);
    expect(searchWords(fifty.join(' '))).toEqual({ words: fifty.slice(0, 8), last: false, cut: true });
    expect(searchWords('Sheath sheath SHEATH khukuri')).toEqual({
      words: ['sheath', 'khukuri'],
      last: true,
      cut: false,
    });
    expect(searchWords(`${'kukri'.repeat(39)}s`).words).toEqual(['kukri'.repeat(5).slice(0, 24)]);
    expect(searchWords('!!!')).toEqual({ words: [], last: false, cut: false });
  });

  it('plans a search of 50 unknown words with eight concepts and at most 12 corrections, three a word', () => {
    const corrections = new Map(fifty.map((word) => [word, ['horn', 'handle', 'hone', 'home', 'hole']]));
    const plan = planSearch(fifty.join(' '), [], corrections);
    expect(plan?.concepts).toHaveLength(SEARCH_LIMITS.words);
    expect(plan?.text).toBe(fifty.slice(0, 8).join(' '));
    const kept = plan?.concepts.map((concept) => concept.length - 1);
    expect(kept).toEqual([3, 3, 3, 3, 0, 0, 0, 0]);
    expect(plan?.concepts[0]).toEqual(['qax', 'horn', 'handle', 'hone']);
  });

  it('reads a repeated word once and the text beyond the limits not at all', () => {
    const groups = [['khukuri', 'kukri']];
    expect(planSearch('kukri kukri sheath kukri', groups)?.all).toBe('(khukuri:* | kukri:*) & sheath:*');
    expect(planSearch([...fifty.slice(0, 8), 'kukri'].join(' '), groups)).toEqual(
      planSearch(fifty.slice(0, 8).join(' '), groups),
    );
  });

  it('takes the last word as being typed only when the search considers it', () => {
    const groups = [['silver', 'chandi']];
    expect(planSearch('khukuri sil', groups, new Map(), { typing: true })?.all).toBe(
      'khukuri:* & (sil:* | silver:* | chandi:*)',
    );
    // The eighth word is not the one being typed: it keeps its own prefix only.
    const cut = planSearch([...fifty.slice(0, 7), 'sil', 'khukuri'].join(' '), groups, new Map(), { typing: true });
    expect(cut?.concepts.at(-1)).toEqual(['sil']);
  });

  it('looks up at most eight words and 128 of their spellings in the catalog', () => {
    expect(correctableWords(fifty.join(' '))).toEqual(fifty.slice(0, 8));
    // Eight words of 24 letters, no two neighbours alike: 23 swapped spellings each, 184 in all.
    const alphabet = 'abcdefghijklmnopqrstuvwxyz'.repeat(2);
    const long = Array.from({ length: 8 }, (_, i) => alphabet.slice(i, i + 24));
    const lookups = spellingLookups(correctableWords(long.join(' ')));
    expect(lookups).toHaveLength(SEARCH_LIMITS.variants);
    expect(lookups[0]).toEqual({ word: long[0], form: 'bacdefghijklmnopqrstuvwx' });
    expect(spellingLookups(['chakmka', 'kardas']).map((lookup) => lookup.form)).toContain('chakmak');
  });

  it('keeps the corrections of the first words first, within 12 in all and three a word', () => {
    const corrections = new Map([
      ['one', ['a', 'b', 'c', 'd']],
      ['two', []],
      ['three', ['e']],
    ]);
    expect(limitCorrections(['three', 'one', 'two', 'four'], corrections)).toEqual(
      new Map([
        ['three', ['e']],
        ['one', ['a', 'b', 'c']],
        ['two', []],
      ]),
    );
  });
});

describe('word variants', () => {
  it('finds the bases of plurals, -ing and -er forms, with a dropped e or a doubled consonant', () => {
    expect(inflectionBases('kukris')).toContain('kukri');
    expect(inflectionBases('honing')).toContain('hone');
    expect(inflectionBases('cutters')).toContain('cut');
    expect(inflectionBases('sharpeners')).toContain('sharpen');
    expect(inflectionBases('accessories')).toContain('accessory');
    expect(inflectionBases('dap')).toEqual([]);
  });

  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(damerauDistance('gurhka', 'gurkha')).toBe(1);
    expect(damerauDistance('kurki', 'kukri')).toBe(1);
    expect(damerauDistance('ghurka', 'gurkha')).toBe(2);
    expect(damerauDistance('', 'abc')).toBe(3);
  });

  it('allows more edits for longer words', () => {
    expect([3, 4, 5, 6, 12].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });

  it('offers the swapped-letter spellings and inflection bases of a word for lookup', () => {
    expect(wordVariants('chakmka')).toContain('chakmak');
    expect(wordVariants('kardas')).toContain('karda');
    expect(wordVariants('kardas')).not.toContain('kardas');
  });
});

describe('explainMatch', () => {
  const groups = [['khukuri', 'kukri', 'gurkha knife']];
  const product = {
    name: 'Sirupate Khukuri — 10" blade',
    category: 'Khukuris',
    attributes: 'Buffalo horn Steel',
    description: '<p>A <b>Gurkha knife</b> for the kitchen: 10 inches.</p>',
  };

  it('finds synonyms, phrases, inflections and numbers in each field, in ranking order', () => {
    const plan = planSearch('kukris horns 10', groups);
    expect(plan && explainMatch(plan, product)).toEqual({
      fields: ['name', 'category', 'attributes', 'description'],
      words: ['khukuri', '10', 'khukuris', 'horn', 'gurkha', 'knife'],
    });
  });

  it('reads the text of the HTML only, and never marks stop words or parts of numbers', () => {
    const plan = planSearch('the b 1', []);
    // The tag <b> is no word of the description; "1" is not the start of "10".
    expect(plan && explainMatch(plan, product)).toEqual({
      fields: ['name', 'attributes'],
      words: ['blade', 'buffalo'],
    });
  });
});
