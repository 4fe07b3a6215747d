import { describe, expect, it } from 'vitest';
import { staffMoment, wallClockToDate } from './time-zones.ts';

describe('a wall-clock time of a place', () => {
  it('is the moment its time zone names', () => {
    expect(wallClockToDate('2026-11-29T23:59', 'Asia/Kathmandu').toISOString()).toBe('2026-11-29T18:14:00.000Z');
    expect(wallClockToDate('2026-07-01T12:00:30', 'Europe/Berlin').toISOString()).toBe('2026-07-01T10:00:30.000Z');
    expect(wallClockToDate('2026-01-01T12:00', 'Europe/Berlin').toISOString()).toBe('2026-01-01T11:00:00.000Z');
    expect(wallClockToDate('2026-06-01T00:00', 'UTC').toISOString()).toBe('2026-06-01T00:00:00.000Z');
    // 02:30 does not exist in Berlin on 29 March 2026: read with the winter offset.
    expect(wallClockToDate('2026-03-29T02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 exists twice on 25 October 2026: its first occurrence, in summer time.
    expect(wallClockToDate('2026-10-25T02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('leaves a time with an offset as it says', () => {
    expect(staffMoment('2026-11-29T23:59:00+00:00', 'Asia/Kathmandu').toISOString()).toBe('2026-11-29T23:59:00.000Z');
    expect(staffMoment('2026-11-29T23:59', 'Asia/Kathmandu').toISOString()).toBe('2026-11-29T18:14:00.000Z');
  });
});
