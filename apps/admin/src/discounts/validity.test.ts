import { describe, expect, it } from 'vitest';
import { validityText } from './validity.ts';

describe("a discount's validity in the list", () => {
  it("writes both ends in the shop's time zone, not the reader's", () => {
    expect(
      validityText({ starts_at: '2026-11-28T18:15:00Z', ends_at: '2026-11-29T18:14:00Z' }, 'Asia/Kathmandu', 'en-GB'),
    ).toBe('From 29 Nov 2026, 00:00 until 29 Nov 2026, 23:59');
    expect(validityText({ starts_at: '2026-11-28T18:15:00Z', ends_at: null }, 'UTC', 'en-GB')).toBe(
      'From 28 Nov 2026, 18:15',
    );
  });

  it('says when only the end is set, and "Always" when neither is', () => {
    expect(validityText({ starts_at: null, ends_at: '2026-12-31T18:14:00Z' }, 'Asia/Kathmandu', 'en-GB')).toBe(
      'Until 31 Dec 2026, 23:59',
    );
    expect(validityText({ starts_at: null, ends_at: null }, 'Asia/Kathmandu', 'en-GB')).toBe('Always');
  });
});
