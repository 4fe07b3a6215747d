// The catalog's administration (`/api/admin/products/`, `/categories/`, `/reviews/`): what staff read and write.
// Write bodies are strict allowlists: a field not listed (an id, the shop, a rating) is refused with 400.
import './browser.ts';
import { z } from 'zod';
import { AdminListQuery, adminOrdering, adminPage } from './admin.ts';
import { CountryCode } from './countries.ts';
import { QueryRowId as QueryId, RowId } from './ids.ts';
import { Money, MoneyInput } from './money.ts';

const QueryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** A slug: lower-case letters and digits in words joined by single hyphens (what the database accepts). */
export function slugSchema(max: number) {
  return z
    .string()
    .max(max)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'Use lower-case letters, digits and single hyphens.' });
}

/** A price as staff type it ("85", "85.5" or "85.00", kept as "85.00"): not negative, at most 10 000 000.00. */
export const AdminPrice = MoneyInput.refine((text) => !text.startsWith('-'), {
  error: 'A price cannot be negative.',
}).refine((text) => Number(text) <= 10_000_000, { error: 'A price is at most 10000000.00.' });

/** A made-to-order piece's lead time: whole days, 1 to 365. */
export const LeadTimeDays = z
  .number()
  .int({ error: 'Enter a whole number of days.' })
  .min(1, { error: 'A lead time is at least 1 day.' })
  .max(365, { error: 'A lead time is at most 365 days.' });
/**
 * An HS code as customs papers print it: the Harmonized System's 6 digits, with a national extension of 2 or 4 more
 * (`8211.92`, `8211.92.00`, `821192`), written as the shop writes it.
 */
export const HS_CODE_PATTERN = /^[0-9]{4}\.?[0-9]{2}(\.?[0-9]{2}){0,2}$/;
/** An HS code as a form gives it; '' leaves it unsaid. */
export const HsCodeInput = z
  .string()
  .trim()
  .refine((code) => code === '' || HS_CODE_PATTERN.test(code), {
    error: 'An HS code has 6 digits, and up to 4 more of the country: 8211.92 or 8211.92.00.',
  });

/** A country of origin as a form gives it: its ISO code in any case, kept upper case; '' leaves it unsaid. */
export const OriginCountryInput = z.union([z.literal(''), CountryCode]);

/** A weight in grams: a whole number from 1 to 1 000 000. */
export const WeightGramsInput = z.number().int().min(1).max(1_000_000);

/** A customs description: what the goods are, in a few words customs read (at most 200 characters). */
export const CustomsDescriptionInput = z.string().trim().max(200);

/** A product as the admin list shows it. */
export const AdminProductSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.number().int(),
  price: Money,
  /** The price before a discount (struck through in the shop, which then shows the product as a discount offer). */
  price_before_discount: Money.nullable(),
  stock: z.number().int(),
  low_stock_threshold: z.number().int(),
  /** Made when ordered, shipping within `lead_time_days` (issue 49). */
  made_to_order: z.boolean(),
  lead_time_days: z.number().int().nullable(),
  is_active: z.boolean(),
  /** On the home page's featured shelf. */
  is_featured: z.boolean(),
  /** The main image's URL (under /media/), or null when the product has none. */
  main_image: z.string().nullable(),
  created_at: z.string(),
});
export type AdminProductSummary = z.infer<typeof AdminProductSummary>;
export const AdminProductPage = adminPage(AdminProductSummary);

export const AdminProductOrdering = adminOrdering('name', 'price', 'stock', 'created_at').unwrap();

/** `GET /admin/products/`: pages, search (name or slug), filters, and an ordering of the allowlist. */
export const AdminProductListQuery = AdminListQuery.extend({
  ordering: AdminProductOrdering.optional(),
  category: QueryId.optional(),
  is_active: QueryFlag.optional(),
  low_stock: QueryFlag.optional(),
  is_featured: QueryFlag.optional(),
});
export type AdminProductListQuery = z.infer<typeof AdminProductListQuery>;

/** A picture of a product, as staff edit it; one of them may be the main image. */
export const AdminProductImage = z.object({
  id: z.number().int(),
  /** The stored picture (`POST /admin/media/`'s `id`): what a product's `images` list names. */
  media: z.number().int(),
  url: z.string(),
  thumb_url: z.string(),
  alt_text: z.string(),
  order: z.number().int(),
  is_main: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AdminProductImage = z.infer<typeof AdminProductImage>;

/** A product in full, for editing: every editable field, its attributes and pictures, and what only the shop moves. */
export const AdminProduct = AdminProductSummary.extend({
  /**
   * Selling abroad (issue 48): what customs papers say of it (HS code, country of origin as an ISO code, description:
   * '' unsaid; weight in grams, null unsaid), and whether it is sold to adults only (its own flag; a product of an
   * age-restricted category is too, `category_age_restricted`).
   */
  hs_code: z.string(),
  country_of_origin: z.string(),
  customs_description: z.string(),
  weight_grams: z.number().int().nullable(),
  age_restricted: z.boolean(),
  category_age_restricted: z.boolean(),
  price_before_discount: Money.nullable(),
  is_featured: z.boolean(),
  description: z.string(),
  long_html_description: z.string(),
  attributes: z.array(z.object({ key: z.string(), value: z.string() })),
  images: z.array(AdminProductImage),
  review_count: z.number().int(),
  updated_at: z.string(),
  /** Option types in display order (decision 018); empty: the product is sold as it is. */
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  /** Texts the shopper may write for their piece (an engraving), each adding `price` when filled in. */
  personalisation: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      max_length: z.number().int(),
      price: Money,
      required: z.boolean(),
    }),
  ),
  /** One per combination sold, in position order; `price` null is the product's (always so for the default). */
  variants: z.array(
    z.object({
      id: z.number().int(),
      sku: z.string(),
      options: z.record(z.string(), z.string()),
      price: Money.nullable(),
      price_before_discount: Money.nullable(),
      stock: z.number().int(),
      /** Made when ordered with its own lead time; unmarked, it follows the product's (issue 49). */
      made_to_order: z.boolean(),
      lead_time_days: z.number().int().nullable(),
      weight_grams: z.number().int().nullable(),
      image_ids: z.array(z.number().int()),
      is_active: z.boolean(),
      position: z.number().int(),
      /** Its own page (issue 45): lead text (null: the product's), specification values, pictures' alt texts. */
      description: z.string().nullable(),
      attributes: z.array(z.object({ key: z.string(), value: z.string() })),
      image_alt_texts: z.array(z.object({ image_id: z.number().int(), alt_text: z.string() })),
      /** Its own customs details where they differ from the product's (issue 48); null: the product's. */
      hs_code: z.string().nullable(),
      country_of_origin: z.string().nullable(),
      customs_description: z.string().nullable(),
    }),
  ),
});
export type AdminProduct = z.infer<typeof AdminProduct>;
export type AdminProductVariant = AdminProduct['variants'][number];

/** The longest name or value of an option type. */
export const OPTION_TEXT_MAX = 40;
/** An option type's name or value: 1 to 40 characters, trimmed. */
const OptionText = z.string().trim().min(1).max(OPTION_TEXT_MAX);

/** `PUT /admin/products/{id}/options/`: the product's option types and personalisation fields; variants follow. */
export const AdminProductOptionsBody = z
  .object({
    options: z
      .array(
        z
          .object({
            name: OptionText,
            values: z
              .array(OptionText)
              .min(1, { error: 'An option has at least one value.' })
              .max(20)
              .refine((values) => new Set(values).size === values.length, {
                error: 'Each value appears once in an option.',
              }),
          })
          .strict(),
      )
      .max(3, { error: 'A product has at most three options.' })
      .refine((options) => new Set(options.map((option) => option.name)).size === options.length, {
        error: 'Each option has its own name.',
      }),
    personalisation: z
      .array(
        z
          .object({
            key: z
              .string()
              .min(1)
              .max(30)
              .regex(/^[a-z][a-z0-9_]*$/, {
                error: 'Use lower-case letters, digits and underscores, starting with a letter.',
              }),
            label: z.string().trim().min(1).max(40),
            max_length: z.number().int().min(1).max(200),
            price: AdminPrice,
            required: z.boolean(),
          })
          .strict(),
      )
      .max(3, { error: 'A product has at most three personalisation fields.' })
      .refine((fields) => new Set(fields.map((field) => field.key)).size === fields.length, {
        error: 'Each personalisation field has its own key.',
      }),
  })
  .strict();
export type AdminProductOptionsBody = z.infer<typeof AdminProductOptionsBody>;

/** The most specification values and picture texts a variant has of its own. */
export const VARIANT_ATTRIBUTES_MAX = 30;

/**
 * A variant's own specification values (issue 45): each replaces the product's attribute of the same key (or is
 * added after them); a key appears once.
 */
export const AdminVariantAttributes = z
  .array(z.object({ key: z.string().trim().min(1).max(100), value: z.string().trim().min(1).max(500) }).strict())
  .max(VARIANT_ATTRIBUTES_MAX)
  .refine((attributes) => new Set(attributes.map((attribute) => attribute.key)).size === attributes.length, {
    error: 'Each specification appears once.',
  });

/** A variant's own alt texts of its product's pictures (`image_id`: the picture's id in the product's `images`). */
export const AdminVariantImageAlts = z
  .array(z.object({ image_id: z.number().int(), alt_text: z.string().trim().min(1).max(200) }).strict())
  .max(VARIANT_ATTRIBUTES_MAX)
  .refine((texts) => new Set(texts.map((text) => text.image_id)).size === texts.length, {
    error: 'Each picture has one text.',
  });

/** One variant's changes in the grid: the fields given change, the others stay. */
export const AdminVariantChange = z
  .object({
    id: z.number().int(),
    sku: z.string().trim().min(1).max(64).optional(),
    price: AdminPrice.nullable().optional(),
    price_before_discount: AdminPrice.nullable().optional(),
    stock: z.number().int().min(0).max(1_000_000).optional(),
    made_to_order: z.boolean().optional(),
    lead_time_days: LeadTimeDays.nullable().optional(),
    weight_grams: z.number().int().min(1).max(1_000_000).nullable().optional(),
    image_ids: z.array(z.number().int()).max(20).optional(),
    is_active: z.boolean().optional(),
    position: z.number().int().min(0).max(10_000).optional(),
    /** Its own lead text; null or blank: the product's. */
    description: z.string().trim().max(5000).nullable().optional(),
    attributes: AdminVariantAttributes.optional(),
    image_alt_texts: AdminVariantImageAlts.optional(),
    /** Its own customs details (issue 48); null or blank: the product's. */
    hs_code: HsCodeInput.nullable().optional(),
    country_of_origin: OriginCountryInput.nullable().optional(),
    customs_description: CustomsDescriptionInput.nullable().optional(),
  })
  .strict();
export type AdminVariantChange = z.infer<typeof AdminVariantChange>;

/** `PATCH /admin/products/{id}/variants/`: the variant grid's save (and a bulk stock count) in one call. */
export const AdminProductVariantsBody = z
  .object({
    variants: z
      .array(AdminVariantChange)
      .min(1)
      .max(8000)
      .refine((variants) => new Set(variants.map((variant) => variant.id)).size === variants.length, {
        error: 'Each variant appears once.',
      }),
  })
  .strict();
export type AdminProductVariantsBody = z.infer<typeof AdminProductVariantsBody>;

/** `POST /admin/products/{id}/stock/`: a correction of the stock with its reason, recorded in the ledger. */
export const AdminStockAdjustmentBody = z
  .object({
    change: z
      .number()
      .int()
      .min(-1_000_000)
      .max(1_000_000)
      .refine((value) => value !== 0, { error: 'A change of 0 changes nothing.' }),
    reason: z.string().trim().min(1).max(200),
    /** The variant whose stock is corrected: required for a product sold in options (decision 018). */
    variant_id: RowId.optional(),
  })
  .strict();
export type AdminStockAdjustmentBody = z.infer<typeof AdminStockAdjustmentBody>;

/** One movement of the stock ledger. */
export const AdminStockMovement = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  reason: z.string(),
  order_id: z.number().int().nullable(),
  /** The number of the order it was for (what staff and the customer know it by); null without an order. */
  order_number: z.string().nullable(),
  /** The variant whose stock moved, for a product sold in options; null otherwise. */
  variant_id: z.number().int().nullable(),
  /** That variant's label, its option values ("15 inch / Satin"); null without a variant. */
  variant: z.string().nullable(),
  note: z.string(),
  created_at: z.string(),
});
export type AdminStockMovement = z.infer<typeof AdminStockMovement>;

/** `GET /admin/products/{id}/stock/`: the product's stock and its movements, newest first. */
export const AdminStockLedger = z.object({
  product: z.number().int(),
  stock: z.number().int(),
  movements: z.array(AdminStockMovement),
});
export type AdminStockLedger = z.infer<typeof AdminStockLedger>;

/** `PATCH /admin/products/{id}/images/{imageId}/`. */
export const AdminProductImageBody = z
  .object({
    alt_text: z.string().trim().max(200),
    order: z.number().int().min(0).max(10_000),
    is_main: z.boolean(),
  })
  .partial()
  .strict();
export type AdminProductImageBody = z.infer<typeof AdminProductImageBody>;

/** A category as staff see it, with the number of its products. */
export const AdminCategory = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  /** Every product of it is sold to adults only (issue 48). */
  age_restricted: z.boolean(),
  product_count: z.number().int(),
  created_at: z.string(),
});
export type AdminCategory = z.infer<typeof AdminCategory>;
export const AdminCategoryPage = adminPage(AdminCategory);

export const AdminCategoryListQuery = AdminListQuery.extend({
  ordering: adminOrdering('position', 'name', 'created_at'),
});
export type AdminCategoryListQuery = z.infer<typeof AdminCategoryListQuery>;

const categoryFields = {
  name: z.string().trim().min(1).max(100),
  slug: slugSchema(100),
  /** Rich text: sanitized on write. */
  description: z.string().max(50_000),
  position: z.number().int().min(-1_000_000).max(1_000_000),
  age_restricted: z.boolean(),
};

/** `POST /admin/categories/`: without a slug, one is derived from the name, unique in the shop. */
export const AdminCategoryCreateBody = z
  .object({
    ...categoryFields,
    slug: categoryFields.slug.optional(),
    description: categoryFields.description.optional(),
    position: categoryFields.position.optional(),
    age_restricted: categoryFields.age_restricted.optional(),
  })
  .strict();
export type AdminCategoryCreateBody = z.infer<typeof AdminCategoryCreateBody>;

export const AdminCategoryUpdateBody = z.object(categoryFields).partial().strict();
export type AdminCategoryUpdateBody = z.infer<typeof AdminCategoryUpdateBody>;

/** A review as staff moderate it. */
export const AdminReview = z.object({
  id: z.number().int(),
  product: z.number().int(),
  product_name: z.string(),
  user: z.object({ id: z.number().int(), username: z.string() }),
  rating: z.number().int(),
  comment: z.string(),
  is_verified_purchase: z.boolean(),
  is_hidden: z.boolean(),
  created_at: z.string(),
});
export type AdminReview = z.infer<typeof AdminReview>;
export const AdminReviewPage = adminPage(AdminReview);

export const AdminReviewListQuery = AdminListQuery.extend({
  ordering: adminOrdering('created_at', 'rating'),
  product: QueryId.optional(),
  is_hidden: QueryFlag.optional(),
});
export type AdminReviewListQuery = z.infer<typeof AdminReviewListQuery>;

/** `PATCH /admin/reviews/{id}/`: hide a review from the storefront (and its averages), or show it again. */
export const AdminReviewBody = z.object({ is_hidden: z.boolean() }).strict();
export type AdminReviewBody = z.infer<typeof AdminReviewBody>;

/**
 * A group of the shop's search words that mean the same (spelling variants, transliterations); the shop's related
 * concepts (`/admin/concepts/`: words that answer one another's searches, ranked below the search's own words) have
 * the same shapes.
 */
export const AdminSynonymGroup = z.object({ id: z.number().int(), terms: z.array(z.string()) });
export type AdminSynonymGroup = z.infer<typeof AdminSynonymGroup>;
export const AdminSynonymPage = adminPage(AdminSynonymGroup);

/** `GET /admin/synonyms/`: every group of the shop (no pages), in the order they were made. */
export const AdminSynonymListQuery = AdminListQuery.pick({ ordering: true, page: true, page_size: true });
export type AdminSynonymListQuery = z.infer<typeof AdminSynonymListQuery>;

/** A group's words: 2 to 20 words or short phrases, each 1 to 60 characters, no duplicates. */
export const AdminSynonymBody = z
  .object({
    terms: z
      .array(z.string().trim().toLowerCase().min(1).max(60))
      .min(2, { error: 'A synonym group has at least two words.' })
      .max(20)
      .refine((terms) => new Set(terms).size === terms.length, { error: 'Each word appears once in a group.' }),
  })
  .strict();
export type AdminSynonymBody = z.infer<typeof AdminSynonymBody>;

// ── Shipping restrictions (issue 48) ─────────────────────────────────────────────────────────────────────────────

/**
 * A destination closed to some products, as staff see it: a country (its code and English name) or one region of
 * it, the products and categories it closes (neither: every product), and the shop's message to the shopper.
 */
export const AdminShippingRestriction = z.object({
  id: z.number().int(),
  country: z.string(),
  country_name: z.string(),
  region: z.string().nullable(),
  product_ids: z.array(z.number().int()),
  category_ids: z.array(z.number().int()),
  message: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminShippingRestriction = z.infer<typeof AdminShippingRestriction>;
export const AdminShippingRestrictionPage = adminPage(AdminShippingRestriction);

/** `GET /admin/shipping-restrictions/`: pages, search in the message, by country, an ordering of the allowlist. */
export const AdminShippingRestrictionListQuery = AdminListQuery.extend({
  ordering: adminOrdering('country', 'created_at'),
  country: z.string().trim().max(2).optional(),
});
export type AdminShippingRestrictionListQuery = z.infer<typeof AdminShippingRestrictionListQuery>;

const uniqueIds = (max: number, what: string) =>
  z
    .array(RowId)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, { error: `Each ${what} appears once.` });

const restrictionFields = {
  country: CountryCode,
  /** A region of the country (for one with a list of them, one of its list); null or blank: the whole country. */
  region: z.string().trim().max(100).nullable(),
  product_ids: uniqueIds(200, 'product'),
  category_ids: uniqueIds(100, 'category'),
  message: z.string().trim().min(1, { error: 'Write what the shopper reads.' }).max(300),
};

/** `POST /admin/shipping-restrictions/`: a country and the shop's message; the products and categories it closes. */
export const AdminShippingRestrictionCreateBody = z
  .object(restrictionFields)
  .partial()
  .required({ country: true, message: true })
  .strict();
export type AdminShippingRestrictionCreateBody = z.infer<typeof AdminShippingRestrictionCreateBody>;

/** `PATCH /admin/shipping-restrictions/{id}/`: the fields given change (the lists replaced as a whole). */
export const AdminShippingRestrictionUpdateBody = z.object(restrictionFields).partial().strict();
export type AdminShippingRestrictionUpdateBody = z.infer<typeof AdminShippingRestrictionUpdateBody>;
