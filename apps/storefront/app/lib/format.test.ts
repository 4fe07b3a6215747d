import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORMAT, formatter } from './format.ts';

const kathmandu = formatter({ locale: 'en-US', timeZone: 'Asia/Kathmandu' });
const utc = formatter(DEFAULT_FORMAT);

describe('prices', () => {
  it('show a decimal string exactly, with the shop locale’s currency sign, grouping and two decimals', () => {
    expect(utc.price('85.00')).toBe('$85.00');
    expect(utc.price('85.5')).toBe('$85.50');
    expect(utc.price('1250')).toBe('$1,250.00');
    expect(utc.price('90071992547409.91')).toBe('$90,071,992,547,409.91');
    expect(formatter({ locale: 'de-DE', timeZone: 'UTC' }).price('1250.5')).toBe('1.250,50 $');
  });

  it('show nothing for a value that is not an amount', () => {
    expect(utc.price('')).toBe('');
    expect(utc.price('abc')).toBe('');
  });
});

describe('dates', () => {
  it('are the day and the moment in the shop’s time zone, not the server’s or the browser’s', () => {
    expect(utc.date('2026-12-31T23:59:00Z')).toBe('December 31, 2026');
    expect(utc.dateTime('2026-12-31T23:59:00Z')).toBe('December 31, 2026 at 11:59 PM UTC');
    // Kathmandu is 5:45 ahead: the same moment is already the next day, the next year.
    expect(kathmandu.date('2026-12-31T23:59:00Z')).toBe('January 1, 2027');
    expect(kathmandu.dateTime('2026-12-31T23:59:00Z')).toBe('January 1, 2027 at 5:44 AM GMT+5:45');
    expect(formatter({ locale: 'de-DE', timeZone: 'Europe/Berlin' }).date('2024-03-05T10:00:00Z')).toBe('5. März 2024');
  });

  it('show nothing for what is not a date, and fall back to en-US and UTC for a zone the runtime does not know', () => {
    expect(utc.date('not a date')).toBe('');
    expect(kathmandu.dateTime('')).toBe('');
    expect(formatter({ locale: 'en-US', timeZone: 'Mars/Olympus' }).date('2026-12-31T23:59:00Z')).toBe(
      'December 31, 2026',
    );
  });
});

describe('the same text on the server and in the browser', () => {
  const moduleUrl = new URL('./format.ts', import.meta.url).href;
  const script = `
    import { formatter } from ${JSON.stringify(moduleUrl)};
    const f = formatter({ locale: 'en-US', timeZone: 'Asia/Kathmandu' });
    const moments = ['2026-12-31T23:59:00Z', '2024-03-05T18:20:00Z', '2025-07-01T00:00:00Z'];
    console.log(JSON.stringify({
      process: Intl.DateTimeFormat().resolvedOptions(),
      out: [...moments.flatMap((m) => [f.date(m), f.dateTime(m)]), f.price('1250.5'), f.price('0.99')],
    }));`;
  const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

  /** The module's output in a fresh Node process with this time zone and locale of its own. */
  function outputIn(timeZone: string, locale: string) {
    const answer = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repositoryRoot,
      env: { ...process.env, TZ: timeZone, LC_ALL: locale, LANG: locale },
      encoding: 'utf8',
    });
    return JSON.parse(answer) as { process: { timeZone: string; locale: string }; out: string[] };
  }

  it('is identical whatever the process’s own time zone and locale', { timeout: 60_000 }, () => {
    const runs = [
      outputIn('UTC', 'en_US.UTF-8'),
      outputIn('America/Los_Angeles', 'de_DE.UTF-8'),
      outputIn('Pacific/Kiritimati', 'ja_JP.UTF-8'),
    ];
    // The processes really differ in zone and locale…
    expect(new Set(runs.map((run) => run.process.timeZone)).size).toBe(3);
    expect(new Set(runs.map((run) => run.process.locale)).size).toBe(3);
    // …and print the same text.
    const [first, ...others] = runs.map((run) => run.out);
    for (const other of others) expect(other).toEqual(first);
    expect(first).toEqual([
      'January 1, 2027',
      'January 1, 2027 at 5:44 AM GMT+5:45',
      'March 6, 2024',
      'March 6, 2024 at 12:05 AM GMT+5:45',
      'July 1, 2025',
      'July 1, 2025 at 5:45 AM GMT+5:45',
      '$1,250.50',
      '$0.99',
    ]);
  });
});
