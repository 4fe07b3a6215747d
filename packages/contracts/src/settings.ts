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
});
export type SiteSettings = z.infer<typeof SiteSettings>;
