import { boolean, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Where the home page's featured shelf takes its products from. */
export type HomeFeaturedSource = 'flagged' | 'category' | 'products';

export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  token: text('token').notNull().unique(),
  domains: text('domains').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const siteSettings = pgTable('site_settings', {
  tenantId: integer('tenant_id')
    .notNull()
    .primaryKey()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  siteTitle: text('site_title').notNull().default(''),
  siteDescription: text('site_description').notNull().default(''),
  favicon: text('favicon').notNull().default(''),
  themeName: text('theme_name').notNull().default(''),
  logo: text('logo').notNull().default(''),
  googleAnalyticsId: text('google_analytics_id').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  socialMediaLinks: text('social_media_links').notNull().default(''),
  tagline: text('tagline').notNull().default(''),
  historySummary: text('history_summary').notNull().default(''),
  missionStatement: text('mission_statement').notNull().default(''),
  visionStatement: text('vision_statement').notNull().default(''),
  /** How the storefront formats dates and prices: a BCP 47 locale and an IANA time zone. */
  locale: text('locale').notNull().default('en-US'),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** The seller on the shop's invoices and credit notes. */
  legalName: text('legal_name').notNull().default(''),
  legalAddress: text('legal_address').notNull().default(''),
  taxNumber: text('tax_number').notNull().default(''),
  /**
   * Selling abroad (migration 0093): the shop's country (ISO code; '' unset), its notice of import duties ('': the
   * platform's), the age an age-restricted order's buyer confirms, and whether its courier takes an adult's signature.
   */
  country: text('country').notNull().default(''),
  dutiesNotice: text('duties_notice').notNull().default(''),
  adultAge: smallint('adult_age').notNull().default(18),
  adultSignature: boolean('adult_signature').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The shop's home page (migration 0088): its hero, its story and what its featured shelf shows. */
export const homePages = pgTable('home_pages', {
  tenantId: integer('tenant_id')
    .notNull()
    .primaryKey()
    .references(() => tenants.id),
  heroEyebrow: text('hero_eyebrow').notNull().default(''),
  heroTitle: text('hero_title').notNull().default(''),
  /** Rich text, sanitized on write. */
  heroIntro: text('hero_intro').notNull().default(''),
  heroImage: text('hero_image').notNull().default(''),
  heroImageAlt: text('hero_image_alt').notNull().default(''),
  storyHeading: text('story_heading').notNull().default(''),
  /** Rich text, sanitized on write. */
  storyText: text('story_text').notNull().default(''),
  storyImage: text('story_image').notNull().default(''),
  storyImageAlt: text('story_image_alt').notNull().default(''),
  featuredHeading: text('featured_heading').notNull().default(''),
  featuredSource: text('featured_source').$type<HomeFeaturedSource>().notNull().default('flagged'),
  featuredCategoryId: integer('featured_category_id'),
  featuredProductIds: integer('featured_product_ids').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const coreValues = pgTable('core_values', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
});

export const auditLog = pgTable('audit_log', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  actorUserId: integer('actor_user_id'),
  actorRole: text('actor_role').notNull().default(''),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull().default(''),
  summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
  requestId: text('request_id').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
