import './browser.ts';
import { z } from 'zod';
import { ImageVariant } from './catalog.ts';
import { CURRENCY_ROUNDINGS } from './currency.ts';

export const CoreValue = z.object({ id: z.number(), name: z.string(), description: z.string() });

/** How a converted price is rounded (decision 028): to the currency's minor unit, to whole units, or up to .99. */
export const CurrencyRounding = z.enum(CURRENCY_ROUNDINGS);

/**
 * A currency the shop shows prices in (decision 028), beside its own, which it charges: its ISO code, its rate (units
 * of it for one unit of the shop's currency, a decimal string such as "0.92"), its symbol in the shop's locale, its
 * decimals (2 for EUR, INR and NPR; 0 for JPY) and how converted prices are rounded.
 */
export const DisplayCurrency = z.object({
  code: z.string(),
  rate: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  rounding: CurrencyRounding,
});
export type DisplayCurrency = z.infer<typeof DisplayCurrency>;

/** Public site settings of a tenant (spec section 3 "Site settings"), also carrying the company information. */
export const SiteSettings = z.object({
  id: z.number(),
  site_title: z.string(),
  site_description: z.string(),
  favicon: z.string(),
  theme_name: z.string(),
  logo: z.string(),
  google_analytics_id: z.string(),
  contact_email: z.string(),
  social_media_links: z.string(),
  tenant: z.number(),
  tagline: z.string(),
  history_summary: z.string(),
  mission_statement: z.string(),
  vision_statement: z.string(),
  core_values: z.array(CoreValue),
  /** Platform extension: the shop's public address (from its configuration), for canonical links and sitemaps. */
  site_url: z.string(),
  /** Platform extension: the BCP 47 locale and IANA time zone every date and price of the storefront is shown in. */
  locale: z.string(),
  time_zone: z.string(),
  /** Platform extension: the shop takes its card payments through the built-in test gateway (no card is charged);
   * every page shows a test-mode banner. */
  test_mode: z.boolean(),
  /** Platform extension (decision 028): the currencies the shop shows prices in besides its own, in its order. */
  currencies: z.array(DisplayCurrency),
  /** Platform extension (issue 48): the age the buyer of an age-restricted product confirms at checkout. */
  adult_age: z.number(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

/** A picture of the home page: its WebP file, pixel size and variants (as the storefront's `Picture` takes them). */
export const HomePicture = z.object({
  src: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  variants: z.array(ImageVariant),
  /** Empty for a picture that adds nothing to the words beside it. */
  alt: z.string(),
});
export type HomePicture = z.infer<typeof HomePicture>;

/**
 * Where the home page's featured shelf takes its products: those flagged as featured, a category's products, or
 * products the owner chose, in that order.
 */
export const HOME_FEATURED_SOURCES = ['flagged', 'category', 'products'] as const;
export const HomeFeaturedSource = z.enum(HOME_FEATURED_SOURCES);
export type HomeFeaturedSource = z.infer<typeof HomeFeaturedSource>;

/** How many products the featured shelf shows at most. */
export const HOME_FEATURED_LIMIT = 8;

/**
 * Platform extension: the shop's home page (`GET /api/pages/home/`), as its owner wrote it, or defaults made from the
 * shop's name. `intro` and `text` are rich text (HTML, sanitized on write); `featured` names the products by id.
 */
export const HomePage = z.object({
  hero: z.object({
    eyebrow: z.string(),
    title: z.string(),
    intro: z.string(),
    picture: HomePicture.nullable(),
  }),
  story: z.object({
    heading: z.string(),
    text: z.string(),
    picture: HomePicture.nullable(),
  }),
  featured: z.object({
    heading: z.string(),
    source: HomeFeaturedSource,
    /** The category's id (`source: category`). */
    category: z.number().nullable(),
    /** The products' ids in their order (`source: products`). */
    products: z.array(z.number()),
  }),
});
export type HomePage = z.infer<typeof HomePage>;

/** A BCP 47 locale tag the platform's Intl knows (`en-US`, `ne-NP`), written as Intl writes it. */
export function isLocale(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value)[0] === value && Intl.DateTimeFormat.supportedLocalesOf(value).length === 1;
  } catch {
    return false;
  }
}

/** An IANA time zone name (`Asia/Kathmandu`, `UTC`). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
