// Countries and regions as a customer names them, with no schema and so no zod: the ISO 3166-1 alpha-2 codes, their
// English names (from `Intl.DisplayNames`: a few hundred bytes of codes, not a table of names) and the regions of the
// countries whose addresses need one. `@platform/contracts/places`: what a page's destination select loads (the
// product page's "Deliver to"), apart from the address's and the shipping's schemas.

export { regionLabel, regionNames } from './regions.ts';

/** Every ISO 3166-1 alpha-2 country code. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const CODES = new Set(COUNTRY_CODES);

/** Whether `code` (upper case) is an ISO 3166-1 alpha-2 country code. */
export function isCountryCode(code: string): boolean {
  return CODES.has(code);
}

/** Other names people write for a few countries (lower case, without accents). */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  turkey: 'TR',
  'czech republic': 'CZ',
  'ivory coast': 'CI',
  burma: 'MM',
  myanmar: 'MM',
  'hong kong': 'HK',
  macau: 'MO',
  macao: 'MO',
  swaziland: 'SZ',
  'north macedonia': 'MK',
  macedonia: 'MK',
  'russian federation': 'RU',
  'korea, republic of': 'KR',
  'republic of korea': 'KR',
  'east timor': 'TL',
  'cape verde': 'CV',
  'vatican city': 'VA',
};

let displayNames: Intl.DisplayNames | undefined;

/** A country's English name ('NP' → 'Nepal'); the code itself for one this runtime cannot name. */
export function countryName(code: string): string {
  displayNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return displayNames.of(code) ?? code;
}

/** Lower case, accents and curly apostrophes gone, spaces collapsed: how two spellings of a name are compared. */
function comparable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

let codesByName: Map<string, string> | undefined;

/**
 * The country a customer wrote, as its code: an ISO 3166-1 alpha-2 code ('np', 'NP') or the country's English name
 * in any case ('Nepal', 'nepal', 'Cote d'Ivoire'); null when it names no country.
 */
export function findCountryCode(text: string): string | null {
  const trimmed = text.trim();
  if (/^[a-z]{2}$/i.test(trimmed) && isCountryCode(trimmed.toUpperCase())) return trimmed.toUpperCase();
  if (!codesByName) {
    codesByName = new Map(Object.entries(COUNTRY_ALIASES));
    for (const code of COUNTRY_CODES) codesByName.set(comparable(countryName(code)), code);
  }
  return codesByName.get(comparable(trimmed)) ?? null;
}

/** The countries as a customer picks one: code and English name, by name. */
export function countryChoices(): { code: string; name: string }[] {
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
}
