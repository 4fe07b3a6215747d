import { describe, expect, it } from 'vitest';
import { leadTimeText, madeToOrderText } from './made-to-order.ts';

describe('how a lead time reads', () => {
  it('is whole weeks from two weeks on, else days', () => {
    expect(madeToOrderText(21)).toBe('Made to order — ships in about 3 weeks');
    expect(leadTimeText(14)).toBe('about 2 weeks');
    expect(leadTimeText(17)).toBe('about 2 weeks');
    expect(leadTimeText(18)).toBe('about 3 weeks');
    expect(leadTimeText(10)).toBe('about 10 days');
    expect(leadTimeText(1)).toBe('about 1 day');
  });
});
