import './browser.ts';
import { z } from 'zod';

export const CoreValue = z.object({ id: z.number(), name: z.string(), description: z.string() });

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
});
export type SiteSettings = z.infer<typeof SiteSettings>;

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
