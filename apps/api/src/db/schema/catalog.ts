import { sql } from 'drizzle-orm';
import { boolean, customType, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Re-encoded images of the media module: full and thumbnail WebP files with their dimensions, and their variants. */
export const mediaImages = pgTable('media_images', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  imageKey: text('image_key').notNull(),
  thumbKey: text('thumb_key').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  thumbWidth: integer('thumb_width').notNull(),
  thumbHeight: integer('thumb_height').notNull(),
  /** Widths of the AVIF and WebP variants, smallest first; empty for pictures stored before variants existed. */
  variantWidths: integer('variant_widths').array().notNull().default(sql`'{}'`),
  /**
   * The centre pixel's colour, `#rrggbb` (the product cards' background); '' when transparent or unreadable, null
   * until read (pictures stored before it was: the media module's job reads them).
   */
  centreColour: text('centre_colour'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const categories = pgTable('categories', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  /** Every product of the category is sold to adults only (migration 0091). */
  ageRestricted: boolean('age_restricted').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable('products', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  categoryId: integer('category_id').notNull(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  longHtmlDescription: text('long_html_description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  priceBeforeDiscountCents: integer('price_before_discount_cents'),
  stock: integer('stock').notNull().default(0),
  lowStockThreshold: integer('low_stock_threshold').notNull().default(2),
  /** Made when ordered (migration 0095): on sale at stock 0, shipping within `leadTimeDays`. */
  madeToOrder: boolean('made_to_order').notNull().default(false),
  leadTimeDays: integer('lead_time_days'),
  isActive: boolean('is_active').notNull().default(true),
  isFeatured: boolean('is_featured').notNull().default(false),
  mainImageId: integer('main_image_id'),
  mainImageAlt: text('main_image_alt').notNull().default(''),
  reviewCount: integer('review_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
  searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
  searchText: text('search_text').notNull().default(''),
  /** Option types in display order (decision 018, migration 0075); empty: the product is bought as it is. */
  options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
  /** Texts the shopper may write for their piece (an engraving), each adding its price when filled in. */
  personalisation: jsonb('personalisation')
    .$type<{ key: string; label: string; max_length: number; price_cents: number; required: boolean }[]>()
    .notNull()
    .default([]),
  /** The range of prices its variants on sale are sold at (its own price without any); kept by triggers (0075). */
  priceMinCents: integer('price_min_cents').notNull().default(0),
  priceMaxCents: integer('price_max_cents').notNull().default(0),
  /** The name's head word (migration 0060, generated): what kind of thing the product is. */
  searchHead: tsvector('search_head').generatedAlwaysAs(sql`''::tsvector`),
  /** What customs papers say of it (migration 0091): HS code, origin (ISO code), description; '' unsaid. */
  hsCode: text('hs_code').notNull().default(''),
  countryOfOrigin: text('country_of_origin').notNull().default(''),
  customsDescription: text('customs_description').notNull().default(''),
  weightGrams: integer('weight_grams'),
  /** Sold to adults only (as is every product of a category that is). */
  ageRestricted: boolean('age_restricted').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One combination of a product's options as sold (decision 018, migration 0075): `optionValues` in the order of the
 * product's option types; a null price is the product's (always so for the default variant, the first on sale by
 * position). Its stock is part of the product's, which the triggers keep as the sum of its variants'.
 */
export const productVariants = pgTable('product_variants', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  productId: integer('product_id').notNull(),
  sku: text('sku').notNull(),
  optionValues: text('option_values').array().notNull(),
  priceCents: integer('price_cents'),
  priceBeforeDiscountCents: integer('price_before_discount_cents'),
  stock: integer('stock').notNull().default(0),
  /** Made when ordered with its own lead time (migration 0095); unmarked, it follows its product's. */
  madeToOrder: boolean('made_to_order').notNull().default(false),
  leadTimeDays: integer('lead_time_days'),
  weightGrams: integer('weight_grams'),
  imageIds: integer('image_ids').array().notNull().default(sql`'{}'`),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
  /** Its own lead text (migration 0085); null: the product's `description`. */
  description: text('description'),
  /** Its own specification values: each replaces the product's attribute of its key, or adds one after them. */
  attributes: jsonb('attributes').$type<{ key: string; value: string }[]>().notNull().default([]),
  /** Its own alt texts of the product's pictures (`product_images` ids); a picture not named keeps the product's. */
  imageAltTexts: jsonb('image_alt_texts').$type<{ image_id: number; alt_text: string }[]>().notNull().default([]),
  /** Its own customs details where they differ from the product's (migration 0091); null: the product's. */
  hsCode: text('hs_code'),
  countryOfOrigin: text('country_of_origin'),
  customsDescription: text('customs_description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A destination closed to some products (migration 0092): a country (or one region of it) where the shop does not
 * deliver the products named, those of the categories named, or (naming neither) any product; `message` is the
 * shop's, shown to the shopper.
 */
export const shippingRestrictions = pgTable('shipping_restrictions', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  countryCode: text('country_code').notNull(),
  region: text('region'),
  productIds: integer('product_ids').array().notNull().default(sql`'{}'`),
  categoryIds: integer('category_ids').array().notNull().default(sql`'{}'`),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A row per change of the price a product (`variantId` null: its own, its default variant's) or a variant (its own,
 * or the product's while its own is null) is sold at, from when (decision 020, migration 0076). Written by triggers
 * when a transaction that changed a price commits; append-only for the application.
 */
export const priceHistory = pgTable('price_history', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  productId: integer('product_id').notNull(),
  variantId: integer('variant_id'),
  priceCents: integer('price_cents').notNull(),
  effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
});

/** A product's old address, merged into another product as one of its variants (migration 0075). */
export const productRedirects = pgTable('product_redirects', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  oldSlug: text('old_slug').notNull(),
  productId: integer('product_id').notNull(),
  variantId: integer('variant_id'),
});

export const productImages = pgTable('product_images', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  productId: integer('product_id').notNull(),
  imageId: integer('image_id').notNull(),
  altText: text('alt_text').notNull().default(''),
  order: integer('order').notNull().default(0),
});

export const productAttributes = pgTable('product_attributes', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  productId: integer('product_id').notNull(),
  key: text('key').notNull(),
  value: text('value').notNull(),
  order: integer('order').notNull().default(0),
});

export const productReviews = pgTable('product_reviews', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  productId: integer('product_id').notNull(),
  userId: integer('user_id').notNull(),
  rating: smallint('rating').notNull(),
  comment: text('comment').notNull(),
  isVerifiedPurchase: boolean('is_verified_purchase').notNull().default(false),
  /** Hidden by staff: not shown on the storefront, not counted in the product's rating (migration 0012). */
  isHidden: boolean('is_hidden').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const searchSynonyms = pgTable('search_synonyms', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  terms: text('terms').array().notNull(),
});

/** Groups of related words (staff-edited): a search for one also finds, below, the products described by another. */
export const searchConcepts = pgTable('search_concepts', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  terms: text('terms').array().notNull(),
});

/** The words of the shop's catalog (kept by a trigger on products), for reading misspelled search words. */
export const searchWords = pgTable('search_words', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  word: text('word').notNull(),
  /** Only a description's word: known, so not a misspelling, but never offered as a correction. */
  described: boolean('described').notNull().default(false),
});

/** The stock ledger: every change of a product's stock, written by the `products` trigger (migration 0008). */
export const stockMovements = pgTable('stock_movements', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  productId: integer('product_id').notNull(),
  /** The variant whose stock moved (decision 018); null for a product bought as it is. */
  variantId: integer('variant_id'),
  quantity: integer('quantity').notNull(),
  reason: text('reason', { enum: ['initial', 'order', 'cancellation', 'expiry', 'adjustment', 'return'] }).notNull(),
  orderId: integer('order_id'),
  note: text('note').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What each customer has paid for (orders paid and not cancelled), kept by the order lifecycle (migration 0009). */
export const purchases = pgTable('purchases', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  userId: integer('user_id').notNull(),
  productId: integer('product_id').notNull(),
  paidOrders: integer('paid_orders').notNull(),
});
