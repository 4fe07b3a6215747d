import { describe, expect, it } from 'vitest';
import { shopWallTime, validityText, wallTimeToSend } from './validity.ts';

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

describe("a discount's dates in its form", () => {
  it("shows a stored moment as the shop's wall time, whatever the browser's zone", () => {
    expect(shopWallTime('2026-11-28T18:15:00Z', 'Asia/Kathmandu')).toBe('2026-11-29T00:00');
    expect(shopWallTime('2026-12-31T18:14:00+00:00', 'Asia/Kathmandu')).toBe('2026-12-31T23:59');
    expect(shopWallTime('2026-06-01T12:00:00Z', 'America/New_York')).toBe('2026-06-01T08:00');
    expect(shopWallTime('2026-12-01T09:00', 'Asia/Kathmandu')).toBe('2026-12-01T09:00');
    expect(shopWallTime(null, 'UTC')).toBe('');
    expect(shopWallTime('not a date', 'UTC')).toBe('');
  });

  it("sends the wall time as typed, for the API to read in the shop's zone, and null for an empty field", () => {
    expect(wallTimeToSend('2026-12-01T09:00')).toBe('2026-12-01T09:00');
    expect(wallTimeToSend('')).toBeNull();
    expect(wallTimeToSend(null)).toBeNull();
  });
});
