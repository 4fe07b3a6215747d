import { describe, expect, it } from 'vitest';
import { correctableWords, normalizeSearch, planSearch } from './catalog.search.ts';

describe('planSearch', () => {
  it('normalizes case, accents and punctuation', () => {
    expect(normalizeSearch('  Gurkhá   KNIFE!! ')).toBe('gurkha knife');
  });

  it('returns nothing to search for blank or punctuation-only text', () => {
    expect(planSearch('   ', [])).toBeNull();
    expect(planSearch('?!', [])).toBeNull();
  });

  it('ands words with prefix matching, numbers matched whole', () => {
    expect(planSearch('horn 12', [])).toEqual({ text: 'horn 12', all: 'horn:* & 12', any: 'horn:* | 12' });
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
});
