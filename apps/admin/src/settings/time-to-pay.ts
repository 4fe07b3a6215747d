// A time to pay as an owner reads and writes it: "7 days", "36 hours", "2 days 12 hours"; the API keeps minutes.

const UNITS: { minutes: number; names: string[]; one: string; many: string }[] = [
  { minutes: 7 * 24 * 60, names: ['w', 'wk', 'wks', 'week', 'weeks'], one: 'week', many: 'weeks' },
  { minutes: 24 * 60, names: ['d', 'day', 'days'], one: 'day', many: 'days' },
  { minutes: 60, names: ['h', 'hr', 'hrs', 'hour', 'hours'], one: 'hour', many: 'hours' },
  { minutes: 1, names: ['m', 'min', 'mins', 'minute', 'minutes'], one: 'minute', many: 'minutes' },
];

/** Minutes as days, hours and minutes, the larger first: 10080 → "7 days", 2160 → "1 day 12 hours". */
export function timeToPayText(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '';
  const parts: string[] = [];
  let rest = Math.round(minutes);
  for (const unit of UNITS.slice(1)) {
    const count = Math.floor(rest / unit.minutes);
    rest -= count * unit.minutes;
    if (count > 0) parts.push(`${count} ${count === 1 ? unit.one : unit.many}`);
  }
  return parts.join(' ');
}

/**
 * The minutes of a time written with its units: "7 days", "7d", "2 days 12 hours", "36 h", "1.5 days", "1,5 days",
 * "2 weeks", "90 minutes"; null for anything else, a bare number among them (days or hours? the owner says).
 */
export function parseTimeToPay(text: string): number | null {
  const written = text.trim().toLowerCase();
  if (!written) return null;
  const part = /(\d+(?:[.,]\d+)?)\s*([a-z]+)\s*(?:,|and)?\s*/gy;
  let minutes = 0;
  let read = 0;
  for (let match = part.exec(written); match; match = part.exec(written)) {
    const unit = UNITS.find((candidate) => candidate.names.includes(match?.[2] ?? ''));
    if (!unit) return null;
    minutes += Number((match[1] ?? '').replace(',', '.')) * unit.minutes;
    read = part.lastIndex;
  }
  return read === written.length && read > 0 ? Math.round(minutes) : null;
}
