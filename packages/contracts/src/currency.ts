// Display currencies (decision 028): the shop charges in its own currency (USD) and shows prices in others at rates
// it keeps. Plain rules, no schema: the API (public settings, an order's presentment figures, e-mails and invoices)
// and the storefront (its prices once the shopper has a currency) share them.
//
// - A rate is how many units of the currency one unit of the shop's currency buys, kept exactly in millionths
//   ("0.92" is 920000; six decimals at most).
// - A converted amount is computed in integer minor units of the currency (its own decimals: 2 for EUR, INR and NPR,
//   0 for JPY, 3 for KWD), exact, then rounded as the shop chose for that currency:
//   `none`         half up to the currency's minor unit (93.1234 → 93.12);
//   `whole`        half up to whole units (93.50 → 94, 93.49 → 93);
//   `ninety_nine`  up to the nearest price ending in .99 at or above it (93.12 → 93.99, 93.99 → 93.99, 94.00 →
//                  94.99), as shops price; a currency with fewer than two decimals (JPY) has no .99: its exact
//                  amount is rounded up to whole units instead (¥15,719.47 → ¥15,720).
//   Zero stays zero, and a negative amount is its positive amount negated.

/** The currency every shop charges in, which display currencies' rates are against. */
export const SHOP_CURRENCY = 'USD';

/** How a converted amount is rounded (see above). */
export const CURRENCY_ROUNDINGS = ['none', 'whole', 'ninety_nine'] as const;
export type CurrencyRounding = (typeof CURRENCY_ROUNDINGS)[number];

/** What staff read for each rounding. */
export const CURRENCY_ROUNDING_LABELS: Record<CurrencyRounding, string> = {
  none: 'To the cent (the currency’s smallest unit)',
  whole: 'To whole units',
  ninety_nine: 'Up to .99',
};

/** Millionths in one unit of a rate. */
const RATE_SCALE = 1_000_000n;
/** The largest rate a currency may have (one US dollar is at most a million of it). */
export const MAX_RATE_MICROS = 1_000_000 * 1_000_000;

/** A rate as typed or sent, "0.92" or "133.5", to millionths (920000); null when it is not a positive rate. */
export function parseRate(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  const micros = Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0'));
  return micros > 0 && micros <= MAX_RATE_MICROS ? micros : null;
}

/** Millionths to the rate's text, without trailing zeros: 920000 → "0.92", 133500000 → "133.5", 1000000 → "1". */
export function formatRate(micros: number): string {
  const units = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${units}.${fraction}` : String(units);
}

/** What converting needs of a currency: its rate, its decimals and its rounding. */
export interface ConversionRule {
  rateMicros: number;
  decimals: number;
  rounding: CurrencyRounding;
}

/** `numerator / denominator` rounded half up (both non-negative). */
function halfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * An amount in the shop's currency (cents) in another currency's minor units, at its rate, rounded as the shop
 * chose (see the head of this file). Exact: integers throughout.
 */
export function convertMinor(cents: number, rule: ConversionRule): number {
  if (cents < 0) return -convertMinor(-cents, rule);
  if (cents === 0) return 0;
  const unit = 10n ** BigInt(rule.decimals);
  // cents × rate / 100 units, in minor units of the currency: × 10^decimals.
  const exact = BigInt(cents) * BigInt(rule.rateMicros) * unit;
  const minor = halfUp(exact, 100n * RATE_SCALE);
  switch (rule.rounding) {
    case 'none':
      return Number(minor);
    case 'whole':
      return Number(halfUp(minor, unit) * unit);
    case 'ninety_nine': {
      if (rule.decimals < 2) {
        const perUnit = 100n * RATE_SCALE * unit;
        return Number(((exact + perUnit - 1n) / perUnit) * unit);
      }
      const ending = unit - unit / 100n;
      // The smallest whole n ≥ 0 with n × unit + ending ≥ the amount.
      const over = minor - ending;
      const whole = over <= 0n ? 0n : (over + unit - 1n) / unit;
      return Number(whole * unit + ending);
    }
  }
}

/** Minor units of a currency with `decimals` to its decimal text: 18399 → "183.99"; with 0 decimals, 27000 → "27000". */
export function formatMinorIn(minor: number, decimals: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const units = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return `${negative ? '-' : ''}${units}`;
}

/**
 * An amount written with its currency's symbol, from its number as already written ("183.99", "26,588"): the symbol
 * first, and a space after one made of letters ("€183.99", "A$45.99", "NPR 26,588").
 */
export function withCurrencySymbol(symbol: string, number: string): string {
  const negative = number.startsWith('-');
  const digits = negative ? number.slice(1) : number;
  return `${negative ? '-' : ''}${symbol}${/\p{L}$/u.test(symbol) ? ' ' : ''}${digits}`;
}

/** A currency code this runtime's Intl knows (ISO 4217, in use), "EUR"; not lowercase, not made up. */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

/** Facts already worked out, by locale and code: a number format costs more to build than the rest of a page's settings. */
const KNOWN_FACTS = new Map<string, Readonly<{ symbol: string; decimals: number }>>();
/** At most this many kept (locales times currencies); past it, the kept ones are forgotten and worked out again. */
const KNOWN_FACTS_KEPT = 1_000;

/** A currency's symbol in a locale ("€", "A$", "NPR") and its decimals (2 for EUR, INR and NPR; 0 for JPY). */
export function currencyFacts(code: string, locale = 'en-US'): Readonly<{ symbol: string; decimals: number }> {
  const key = `${locale} ${code}`;
  const known = KNOWN_FACTS.get(key);
  if (known) return known;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
  } catch {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
  }
  const symbol = format.formatToParts(0).find((part) => part.type === 'currency')?.value ?? code;
  const facts = Object.freeze({ symbol, decimals: format.resolvedOptions().maximumFractionDigits ?? 2 });
  if (KNOWN_FACTS.size >= KNOWN_FACTS_KEPT) KNOWN_FACTS.clear();
  KNOWN_FACTS.set(key, facts);
  return facts;
}

// The currency each country uses (ISO 4217 by ISO 3166), grouped by currency: where a shopper delivers suggests the
// currency they read prices in. Countries of several currencies are under their own.
const COUNTRY_CURRENCIES =
  'EUR:AD AT AX BE BG BL CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM TF VA XK YT;' +
  'USD:AS BQ EC FM GU IO MH MP PR PW SV TC TL UM US VG VI;GBP:GB GG IM JE;AUD:AU CC CX HM KI NF NR TV;' +
  'NZD:CK NU NZ PN TK;CHF:CH LI;DKK:DK FO GL;NOK:BV NO SJ;XOF:BF BJ CI GW ML NE SN TG;XAF:CF CG CM GA GQ TD;' +
  'XCD:AG AI DM GD KN LC MS VC;XPF:NC PF WF;MAD:EH MA;ILS:IL PS;XCG:CW SX;' +
  'AED:AE;AFN:AF;ALL:AL;AMD:AM;AOA:AO;ARS:AR;AWG:AW;AZN:AZ;BAM:BA;BBD:BB;BDT:BD;BHD:BH;BIF:BI;BMD:BM;BND:BN;' +
  'BOB:BO;BRL:BR;BSD:BS;BTN:BT;BWP:BW;BYN:BY;BZD:BZ;CAD:CA;CDF:CD;CLP:CL;CNY:CN;COP:CO;CRC:CR;CUP:CU;CVE:CV;' +
  'CZK:CZ;DJF:DJ;DOP:DO;DZD:DZ;EGP:EG;ERN:ER;ETB:ET;FJD:FJ;FKP:FK;GEL:GE;GHS:GH;GIP:GI;GMD:GM;GNF:GN;GTQ:GT;' +
  'GYD:GY;HKD:HK;HNL:HN;HTG:HT;HUF:HU;IDR:ID;INR:IN;IQD:IQ;IRR:IR;ISK:IS;JMD:JM;JOD:JO;JPY:JP;KES:KE;KGS:KG;' +
  'KHR:KH;KMF:KM;KPW:KP;KRW:KR;KWD:KW;KYD:KY;KZT:KZ;LAK:LA;LBP:LB;LKR:LK;LRD:LR;LSL:LS;LYD:LY;MDL:MD;MGA:MG;' +
  'MKD:MK;MMK:MM;MNT:MN;MOP:MO;MRU:MR;MUR:MU;MVR:MV;MWK:MW;MXN:MX;MYR:MY;MZN:MZ;NAD:NA;NGN:NG;NIO:NI;NPR:NP;' +
  'OMR:OM;PAB:PA;PEN:PE;PGK:PG;PHP:PH;PKR:PK;PLN:PL;PYG:PY;QAR:QA;RON:RO;RSD:RS;RUB:RU;RWF:RW;SAR:SA;SBD:SB;' +
  'SCR:SC;SDG:SD;SEK:SE;SGD:SG;SHP:SH;SLE:SL;SOS:SO;SRD:SR;SSP:SS;STN:ST;SYP:SY;SZL:SZ;THB:TH;TJS:TJ;TMT:TM;' +
  'TND:TN;TOP:TO;TRY:TR;TTD:TT;TWD:TW;TZS:TZ;UAH:UA;UGX:UG;UYU:UY;UZS:UZ;VES:VE;VND:VN;VUV:VU;WST:WS;YER:YE;' +
  'ZAR:ZA;ZMW:ZM;ZWG:ZW';

let byCountry: Map<string, string> | null = null;

/** The currency a country (its ISO code, "DE") uses; null for one not listed. */
export function currencyOfCountry(country: string): string | null {
  if (!byCountry) {
    byCountry = new Map();
    for (const group of COUNTRY_CURRENCIES.split(';')) {
      const [code = '', countries = ''] = group.split(':');
      for (const each of countries.split(' ')) byCountry.set(each, code);
    }
  }
  return byCountry.get(country) ?? null;
}
