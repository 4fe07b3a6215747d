import { describe, expect, it } from 'vitest';
import { parseSearchIntent } from './search.intent.ts';

describe('parseSearchIntent', () => {
  it('reads an upper bound from "under", "below", "less than", "cheaper than" and "up to"', () => {
    for (const words of ['under', 'below', 'less than', 'cheaper than', 'up to', 'Under']) {
      expect(parseSearchIntent(`khukuri ${words} 90`), words).toEqual({ text: 'khukuri', maxPriceCents: 9000 });
    }
  });

  it('reads a lower bound from "over", "above", "more than" and "at least"', () => {
    for (const words of ['over', 'above', 'more than', 'at least']) {
      expect(parseSearchIntent(`khukuri ${words} 150`), words).toEqual({ text: 'khukuri', minPriceCents: 15000 });
    }
  });

  it('reads a range from "between N and M", "from N to M" and "$N-$M", whichever bound comes first', () => {
    expect(parseSearchIntent('khukuri between 50 and 100')).toEqual({
      text: 'khukuri',
      minPriceCents: 5000,
      maxPriceCents: 10000,
    });
    expect(parseSearchIntent('from $100 to $50 sheath')).toEqual({
      text: 'sheath',
      minPriceCents: 5000,
      maxPriceCents: 10000,
    });
    expect(parseSearchIntent('$80-$120.50 kukri')).toEqual({
      text: 'kukri',
      minPriceCents: 8000,
      maxPriceCents: 12050,
    });
  });

  it('takes currency words and signs as prices, a lone priced amount as a budget', () => {
    expect(parseSearchIntent('kukri under $90')).toEqual({ text: 'kukri', maxPriceCents: 9000 });
    expect(parseSearchIntent('kukri over 100 dollars')).toEqual({ text: 'kukri', minPriceCents: 10000 });
    expect(parseSearchIntent('kukri 60 usd')).toEqual({ text: 'kukri', maxPriceCents: 6000 });
    expect(parseSearchIntent('$45.50 knife')).toEqual({ text: 'knife', maxPriceCents: 4550 });
  });

  it('leaves numbers without a price word as search words (sizes)', () => {
    expect(parseSearchIntent('12 inch')).toEqual({ text: '12 inch' });
    expect(parseSearchIntent('fits 10 to 12 inch')).toEqual({ text: 'fits 10 to 12 inch' });
    expect(parseSearchIntent('ww2 khukuri')).toEqual({ text: 'ww2 khukuri' });
  });

  it('reads orders from superlatives, the first one asked winning', () => {
    expect(parseSearchIntent('cheapest khukuri')).toEqual({ text: 'khukuri', sort: 'price' });
    expect(parseSearchIntent('cheap kukri')).toEqual({ text: 'kukri', sort: 'price' });
    expect(parseSearchIntent('the lightest one')).toEqual({ text: '', sort: 'weight' });
    expect(parseSearchIntent('heaviest khukuri')).toEqual({ text: 'khukuri', sort: '-weight' });
    expect(parseSearchIntent('longest blade')).toEqual({ text: 'blade', sort: '-length' });
    expect(parseSearchIntent('newest lightest')).toEqual({ text: '', sort: '-created_at' });
  });

  it('combines a price and an order, and leaves other text as written', () => {
    expect(parseSearchIntent('lightest khukuri under 100')).toEqual({
      text: 'khukuri',
      maxPriceCents: 10000,
      sort: 'weight',
    });
    expect(parseSearchIntent('  Angkhola Khukuri ')).toEqual({ text: 'Angkhola Khukuri' });
  });
});
