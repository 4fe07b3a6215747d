// The administration of display currencies (`/api/admin/currency-settings/`, decision 028): the currencies a shop
// shows prices in besides its own, their rates and rounding, and where the rates come from. A subpath of its own
// (`@platform/contracts/admin-currencies`): only the API and the admin app load it.
import './browser.ts';
import { z } from 'zod';
import { isCurrencyCode, parseRate } from './currency.ts';
import { CurrencyRounding } from './settings.ts';

/**
 * Where the rates come from: typed by staff (`manual`), or fetched once a day from the European Central Bank's
 * reference rates (`ecb`), when the server can reach it; a currency the bank does not publish keeps its typed rate.
 */
export const RATE_SOURCES = ['manual', 'ecb'] as const;
export const RateSource = z.enum(RATE_SOURCES);
export type RateSource = z.infer<typeof RateSource>;

/** What staff read for each source. */
export const RATE_SOURCE_LABELS: Record<RateSource, string> = {
  manual: 'Typed here',
  ecb: 'Fetched daily (European Central Bank)',
};

/** The most currencies a shop shows prices in besides its own. */
export const MAX_DISPLAY_CURRENCIES = 20;

/** A display currency as staff read it: its rate, rounding and decimals, and the day a fetched rate is of. */
export const AdminDisplayCurrency = z.object({
  code: z.string(),
  /** Units of it for one unit of the shop's currency, "0.92". */
  rate: z.string(),
  rounding: CurrencyRounding,
  decimals: z.number().int(),
  /** The day of the published rates this rate was taken from (ISO date); null for a rate typed by staff. */
  rate_date: z.string().nullable(),
});
export type AdminDisplayCurrency = z.infer<typeof AdminDisplayCurrency>;

/** `GET`/`PATCH /admin/currency-settings/`: the shop's display currencies and their source. */
export const AdminCurrencySettings = z.object({
  /** The currency the shop charges in, which the rates are against. */
  shop_currency: z.string(),
  rate_source: RateSource,
  currencies: z.array(AdminDisplayCurrency),
  /** When rates were last fetched for the shop (null: never), and why the last try failed ('' when it did not). */
  fetched_at: z.string().nullable(),
  fetch_error: z.string(),
});
export type AdminCurrencySettings = z.infer<typeof AdminCurrencySettings>;

const RATE_TEXT = 'Enter a rate above 0 with at most six decimals, such as 0.92.';

/** A display currency as staff write it: its code, its rate and how its prices are rounded. */
export const AdminDisplayCurrencyBody = z
  .object({
    code: z
      .string({ error: 'Enter a currency code, such as EUR.' })
      .trim()
      .transform((code) => code.toUpperCase())
      .refine(isCurrencyCode, { error: 'Not a currency code: use its ISO 4217 code, such as EUR.' }),
    rate: z
      .union([z.string(), z.number()], { error: RATE_TEXT })
      .transform((rate) => String(rate).trim())
      .refine((rate) => parseRate(rate) !== null, { error: RATE_TEXT }),
    rounding: CurrencyRounding.default('none'),
  })
  .strip();
export type AdminDisplayCurrencyBody = z.input<typeof AdminDisplayCurrencyBody>;

/** `PATCH /admin/currency-settings/`: the source, and the list of currencies (which replaces the shop's). */
export const AdminCurrencySettingsBody = z
  .object({
    rate_source: RateSource,
    currencies: z
      .array(AdminDisplayCurrencyBody)
      .max(MAX_DISPLAY_CURRENCIES, { error: `A shop shows prices in at most ${MAX_DISPLAY_CURRENCIES} currencies.` }),
  })
  .partial()
  .strict();
export type AdminCurrencySettingsBody = z.infer<typeof AdminCurrencySettingsBody>;
