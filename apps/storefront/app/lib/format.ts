// The storefront's one formatting module: every date and price on a page goes through a `Formatter` made for the
// shop's locale and time zone (its public settings, fixed in the page). Nothing here reads the process's or the
// browser's own locale or zone, so the server's render and the browser's hydration print the same text.
import { formatMinor, parseMinor } from '@platform/contracts/plain';

/** Where a shop formats: a BCP 47 locale and an IANA time zone (site settings `locale` and `time_zone`). */
export interface FormatSettings {
  locale: string;
  timeZone: string;
}

/** A shop without settings: American English, UTC. */
export const DEFAULT_FORMAT: FormatSettings = { locale: 'en-US', timeZone: 'UTC' };

/** The currency of every price the shop shows (cards are charged in it too). */
const CURRENCY = 'USD';

export interface Formatter {
  /** A price from the server's decimal string, exactly (no floats): "$1,250.00" in en-US; '' when not an amount. */
  price(amount: string): string;
  /** A day, e.g. "March 5, 2024" in en-US; '' when not a date. */
  date(iso: string): string;
  /** A moment with its time and zone, e.g. "March 5, 2024 at 3:45 PM GMT+5:45"; '' when not a date. */
  dateTime(iso: string): string;
}

/**
 * ICU versions differ in the spaces they print (a narrow no-break space before "PM" in newer ones): every kind of
 * space becomes a plain one, so a server and a browser with different ICU data still print the same text.
 */
function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, ' ');
}

/** The locale when this runtime can format in it (a malformed tag throws), else the default's. */
function usableLocale(locale: string): string {
  try {
    new Intl.NumberFormat(locale);
    return locale;
  } catch {
    return DEFAULT_FORMAT.locale;
  }
}

/**
 * The formats of dates in a locale and zone, made when a page first shows a date: the first date format a page builds
 * loads the runtime's calendar and time zone data (tens of milliseconds of a phone's main thread), which a page of
 * prices only never needs. A zone this runtime does not know: UTC, the same fallback on both sides.
 */
function dateFormats(locale: string, timeZone: string) {
  const make = (zone: string) => {
    const day = { year: 'numeric', month: 'long', day: 'numeric', timeZone: zone } as const;
    return {
      day: new Intl.DateTimeFormat(locale, day),
      moment: new Intl.DateTimeFormat(locale, { ...day, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
    };
  };
  let made: ReturnType<typeof make> | undefined;
  return () => {
    if (!made) {
      try {
        made = make(timeZone);
      } catch {
        made = make(DEFAULT_FORMAT.timeZone);
      }
    }
    return made;
  };
}

function makeFormatter(settings: FormatSettings): Formatter {
  const locale = usableLocale(settings.locale);
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const dates = dateFormats(locale, settings.timeZone);
  const when = (iso: string, format: 'day' | 'moment') => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : plainSpaces(dates()[format].format(date));
  };
  return {
    price(amount) {
      const minor = parseMinor(amount);
      if (minor === null) return '';
      // A decimal string is formatted exactly (Intl.NumberFormat v3), whatever its size.
      return plainSpaces(money.format(formatMinor(minor) as unknown as number));
    },
    date: (iso) => when(iso, 'day'),
    dateTime: (iso) => when(iso, 'moment'),
  };
}

const formatters = new Map<string, Formatter>();

/** The formatter of a locale and time zone (made once per pair: Intl formatters are costly to build). */
export function formatter(settings: FormatSettings = DEFAULT_FORMAT): Formatter {
  const key = `${settings.locale}|${settings.timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made = makeFormatter(settings);
    formatters.set(key, made);
  }
  return made;
}
