// Wall-clock times of a place: a date and time as a person types it in a form ("2026-11-29T23:59", no offset) is a
// moment only with the time zone it was meant in (the shop's, for its staff).

import { wallClockAt } from '@platform/contracts/reports';
/** A date and time without an offset, as an HTML `datetime-local` field sends it (seconds optional). */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const clock = wallClockAt(instant, timeZone);
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The moment a wall-clock time of `timeZone` names (`2026-11-29T23:59` in Asia/Kathmandu is 18:14 UTC). Around a
 * daylight-saving change, a time that does not exist is read with the offset before the change, and a time that
 * exists twice is its first occurrence.
 */
export function wallClockToDate(text: string, timeZone: string): Date {
  const match = LOCAL_DATE_TIME.exec(text);
  if (!match) throw new Error(`not a local date and time: ${text}`);
  const [, year, month, day, hour, minute, second = '0'] = match;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  // The offsets in force half a day before and after: the same, except around a daylight-saving change.
  const candidates = [wall - 43_200_000, wall + 43_200_000].map((around) => wall - offsetAt(around, timeZone));
  const real = candidates.filter((instant) => offsetAt(instant, timeZone) === wall - instant);
  return new Date(real.length > 0 ? Math.min(...real) : (candidates[0] as number));
}

/** A date and time from staff: with its offset as it says, without one in `timeZone`. */
export function staffMoment(text: string, timeZone: string): Date {
  return LOCAL_DATE_TIME.test(text) ? wallClockToDate(text, timeZone) : new Date(text);
}
