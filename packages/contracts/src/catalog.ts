import './browser.ts';
import { z } from 'zod';
import { PRICE_BOUND_PATTERN } from './catalog-rules.ts';
import { PageNumber, QueryRowId, RowId } from './ids.ts';
import { Money, parseMinor } from './money.ts';
import { ShippingRestrictionNote } from './selling-abroad.ts';

export {
  averageRating,
  DEFAULT_PAGE_SIZE,
  isCompletable,
  isPriceBound,
  PRICE_BOUND_PATTERN,
  REVIEW_COMMENT_MAX,
  SEARCH_COMPLETION_MIN_LENGTH,
} from './catalog-rules.ts';

/** A category (spec section 3); `description` is sanitized HTML. */
export const Category = z.object({ id: z.number(), slug: z.string(), name: z.string(), description: z.string() });
export type Category = z.infer<typeof Category>;

/**
 * One width of a stored picture, in AVIF and in WebP (paths under /media/), for a `srcset`: a picture's variants come
 * smallest first, never wider than the picture; a picture stored before variants existed has none.
 */
export const ImageVariant = z.object({ width: z.number(), height: z.number(), avif: z.string(), webp: z.string() });
export type ImageVariant = z.infer<typeof ImageVariant>;

/** The main image of a product: full and thumbnail WebP paths under /media/, with their pixel sizes and variants. */
export const MainImage = z.object({
  image: z.string(),
  thumb_image: z.string(),
  alt_text: z.string(),
  width: z.number(),
  height: z.number(),
  thumb_width: z.number(),
  thumb_height: z.number(),
  variants: z.array(ImageVariant),
  /** The colour of the picture's centre pixel, `#rrggbb` (the card's background); null while it is not known. */
  centre_colour: z.string().nullable(),
});
export type MainImage = z.infer<typeof MainImage>;

export const ProductImage = z.object({
  id: z.number(),
  image: z.string(),
  alt_text: z.string(),
  order: z.number(),
  width: z.number(),
  height: z.number(),
  variants: z.array(ImageVariant),
});
export type ProductImage = z.infer<typeof ProductImage>;

export const ProductAttribute = z.object({ id: z.number(), key: z.string(), value: z.string(), order: z.number() });
export type ProductAttribute = z.infer<typeof ProductAttribute>;

export const Review = z.object({
  id: z.number(),
  product: z.number(),
  user: z.object({ username: z.string() }),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  created_at: z.string(),
  is_verified_purchase: z.boolean(),
});
export type Review = z.infer<typeof Review>;

/**
 * Product options (decision 018). An option type is a name and its values in display order ("Blade length": "10
 * inch", "12 inch"); a product sold in options has a variant per combination it sells.
 */
export const ProductOptionType = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOptionType = z.infer<typeof ProductOptionType>;

/**
 * A text the shopper writes for their piece (an engraving): `key` is its customization key, `label` what the page
 * asks, at most `max_length` characters, adding `price` to the unit when filled in; `required` fields must be.
 */
export const PersonalisationField = z.object({
  key: z.string(),
  label: z.string(),
  max_length: z.number().int(),
  price: Money,
  required: z.boolean(),
});
export type PersonalisationField = z.infer<typeof PersonalisationField>;

/** A variant's own specification value (issue 45): it replaces the product's attribute of the same key. */
export const VariantAttribute = z.object({ key: z.string(), value: z.string() });
export type VariantAttribute = z.infer<typeof VariantAttribute>;

/** A variant's own alt text of one of its product's pictures (`image_id`: the picture's `id` in `images`). */
export const VariantImageAlt = z.object({ image_id: z.number(), alt_text: z.string() });
export type VariantImageAlt = z.infer<typeof VariantImageAlt>;

/**
 * One combination of a product's options as sold: its own SKU, price, stock and weight. `options` maps each option
 * type's name to this variant's value; `image_ids` names pictures of the product's `images` shown for it (first
 * first; empty: the product's). The default variant is what the product's own `price` and `stock` answer.
 */
export const ProductVariant = z.object({
  id: z.number(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  price: Money,
  /** Its own (the default variant's is the product's); null when none or not above its price (decision 020). */
  price_before_discount: Money.nullable(),
  /** With a before-discount price: the lowest price of the 30 days before its price took effect (decision 020). */
  lowest_price_30_days: Money.nullable().optional(),
  stock: z.number(),
  /** Platform extension (issue 49): made when ordered, on sale at stock 0, shipping within `lead_time_days`. */
  made_to_order: z.boolean().optional(),
  lead_time_days: z.number().nullable().optional(),
  weight_grams: z.number().nullable(),
  image_ids: z.array(z.number()),
  is_default: z.boolean(),
  /**
   * Platform extension (issue 45), the variant's own page: its lead text (null: the product's `description`); its
   * specification values, each replacing the product's attribute of the same `key` (or added after them); its alt
   * texts of the product's `images` (by `id`; a picture not named keeps its own). The product page shows them while
   * the variant is chosen.
   */
  description: z.string().nullable().optional(),
  attributes: z.array(VariantAttribute).optional(),
  image_alt_texts: z.array(VariantImageAlt).optional(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

/** A product as lists show it (cards, gallery, cart): the detail without reviews and the long description. */
export const ProductSummary = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  price: Money,
  /** Null when none, or when it is not above `price`: only a reduction is announced (decision 020). */
  price_before_discount: Money.nullable(),
  /**
   * Platform extension (decision 020, Article 6a of Directive 98/6/EC): with a before-discount price, the lowest
   * price of the 30 days before the current price took effect; null without one, or when no earlier price is known.
   */
  lowest_price_30_days: Money.nullable().optional(),
  stock: z.number(),
  description: z.string(),
  main_image: MainImage.nullable(),
  category: z.object({ name: z.string(), slug: z.string() }),
  attributes: z.array(ProductAttribute),
  review_count: z.number(),
  average_rating: z.number().nullable(),
  is_active: z.boolean(),
  /**
   * Sold in options (decision 018): how many variants are on sale (0: none, the product is bought as it is), and
   * the lowest of their prices when they differ, which a card shows as "From $85.00" (null when they do not).
   * `stock` is then the units of every variant together.
   */
  variant_count: z.number(),
  price_from: Money.nullable(),
  /**
   * Platform extension (issue 49): made when ordered, the product itself or one of its variants on sale: on sale at
   * stock 0 (its card says no SOLD OUT). The product's own answer says it of its default variant.
   */
  made_to_order: z.boolean().optional(),
  /**
   * In a search's answer only: why the product matched, for highlighting. `fields`: where the search's words were
   * found (name, category, attributes, description), in that order; `words`: the product's own words that matched,
   * lower case, as they are written in it.
   */
  search_match: z
    .object({
      fields: z.array(z.enum(['name', 'category', 'attributes', 'description'])),
      words: z.array(z.string()),
    })
    .optional(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

/** A product page's data (spec section 3 "Product"); `long_html_description` is sanitized HTML. */
export const Product = ProductSummary.extend({
  long_html_description: z.string(),
  images: z.array(ProductImage),
  reviews: z.array(Review),
  /**
   * Sold in options: the option types, the variants on sale (at least two; none for a product bought as it is) and
   * the texts a shopper may write. On the detail, `price`, `price_before_discount` and `stock` are the default
   * variant's.
   */
  options: z.array(ProductOptionType),
  variants: z.array(ProductVariant),
  personalisation: z.array(PersonalisationField),
  /**
   * Platform extension (issue 49): made when ordered (for a product sold in options, its default variant), on sale at
   * stock 0 and shipping within `lead_time_days`; each variant says its own.
   */
  made_to_order: z.boolean().optional(),
  lead_time_days: z.number().nullable().optional(),
  /**
   * Platform extension (issue 48): what customs papers say of it, its HS code ('' unsaid) and country of origin (ISO
   * code, '' unsaid); whether only an adult may buy it (itself or its category); and the destinations the shop does
   * not deliver it to, with the shop's words.
   */
  hs_code: z.string(),
  country_of_origin: z.string(),
  age_restricted: z.boolean(),
  shipping_restrictions: z.array(ShippingRestrictionNote),
});
export type Product = z.infer<typeof Product>;

/**
 * The answer of a product's old address (a product merged into another as one of its variants): a 301 whose
 * `Location` is the new product's detail with `?variant=` (absent when `variant` is null); the storefront turns it
 * into a redirect of the page.
 */
export const ProductMoved = z.object({
  detail: z.string(),
  code: z.literal('product_moved'),
  slug: z.string(),
  variant: z.number().nullable(),
});
export type ProductMoved = z.infer<typeof ProductMoved>;

/**
 * The public list's orders: `field` ascending, `-field` descending. `rating` is the average review (products without
 * reviews come last either way); `relevance` is the search's order (newest first without a search).
 */
export const ProductOrdering = z.enum([
  'relevance',
  'price',
  '-price',
  'name',
  '-name',
  'created_at',
  '-created_at',
  'rating',
  '-rating',
]);
export type ProductOrdering = z.infer<typeof ProductOrdering>;

export const MAX_PAGE_SIZE = 100;

/** A bound of the product list's price filter: a decimal string such as "50" or "85.00", never negative. */
export const PriceBound = z
  .string()
  .regex(PRICE_BOUND_PATTERN, { error: 'Enter a price such as 85.00 (at most two decimals).' });

/** How many option values a product list's filter takes at most. */
export const MAX_OPTION_FILTERS = 20;

/**
 * The option values a product list is filtered by: one (`option=12 inch`) or several (the parameter repeated), read
 * as a list; each trimmed, of 1 to 100 characters.
 */
const OptionValuesFilter = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z
    .array(z.string({ error: 'Choose an option value.' }), { error: 'Choose an option value.' })
    .max(MAX_OPTION_FILTERS, { error: `Choose at most ${MAX_OPTION_FILTERS} option values.` })
    .transform((values) => values.map((value) => value.trim()))
    .refine((values) => values.every((value) => value.length > 0), { error: 'Choose an option value.' })
    .refine((values) => values.every((value) => value.length <= 100), {
      error: 'An option value has at most 100 characters.',
    }),
);

/** How many products a list asked by id (`id=3&id=7`: the home page's chosen products) names at most. */
export const MAX_PRODUCT_ID_FILTERS = 12;

/** The products a list is limited to, by id: one (`id=3`) or several (the parameter repeated). */
const ProductIdsFilter = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z.array(QueryRowId).max(MAX_PRODUCT_ID_FILTERS, { error: `Name at most ${MAX_PRODUCT_ID_FILTERS} products.` }),
);

export const ProductListQuery = z
  .object({
    is_active: z.enum(['true', 'false', 'True', 'False', '1', '0']).optional(),
    category__slug: z.string().max(100).optional(),
    search: z.string().max(200).optional(),
    ordering: ProductOrdering.optional(),
    page: PageNumber.optional(),
    page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
    /** Platform extensions for the home page: only featured products, only discounted ones. */
    featured: z.enum(['true', 'false']).optional(),
    discounted: z.enum(['true', 'false']).optional(),
    /** Platform extensions for the product list: the current price within bounds (inclusive), only products in stock. */
    min_price: PriceBound.optional(),
    max_price: PriceBound.optional(),
    in_stock: z.enum(['true', 'false']).optional(),
    /**
     * Platform extension (decision 018): only products with a variant on sale in these option values, one value
     * ("12 inch") or several (`option=12 inch&option=Mirror-polished`): any of the values of one option type, and
     * one of each type chosen, in the same variant.
     */
    option: OptionValuesFilter.optional(),
    /** Platform extension for the home page: only these products (by id; the home page's chosen products). */
    id: ProductIdsFilter.optional(),
    /** Platform extension: a paginated answer also counts the matches per category and per price band. */
    facets: z.enum(['true', 'false']).optional(),
  })
  .refine(
    (query) =>
      query.min_price === undefined ||
      query.max_price === undefined ||
      (parseMinor(query.min_price) ?? 0) <= (parseMinor(query.max_price) ?? 0),
    { path: ['max_price'], error: 'Ensure this value is greater than or equal to min_price.' },
  );
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/**
 * The counts a filtered list shows beside its filters. A category's count keeps every filter but the category; a
 * price band's count keeps every filter but the price bounds: each says what choosing it would list. Price bands
 * follow a 1–2–5 ladder of the shop's currency (10–20, 20–50, 50–100, …); `max` is the band's highest price
 * (inclusive, as the list's `max_price` takes it) and only bands with products are listed.
 */
export const ProductFacets = z.object({
  categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number() })),
  price_bands: z.array(z.object({ min: Money, max: Money, count: z.number() })),
  /**
   * Per option type and value (decision 018): how many products have a variant on sale in it, with every filter but
   * `option` (what choosing it would list); by type name, then the values' display order. Empty without options.
   */
  options: z.array(z.object({ name: z.string(), value: z.string(), count: z.number() })).optional(),
});
export type ProductFacets = z.infer<typeof ProductFacets>;

/**
 * What a search understood beyond the products it names (platform extension): the price bounds and the order its
 * words asked ("khukuri under 90", "lightest sheath"), and `search`, the text it searched with those words taken out.
 * The bounds are applied as `min_price` / `max_price` are (inclusive, within those given); the order as `ordering`
 * is, unless one is given. `weight` and `length` order by the products' measured attributes (those without one come
 * last). Searching `search` instead lets go of what was understood.
 */
export const SearchIntent = z.object({
  search: z.string(),
  min_price: Money.nullable(),
  max_price: Money.nullable(),
  ordering: z.enum(['price', '-price', 'weight', '-weight', 'length', '-length', '-created_at']).nullable(),
});
export type SearchIntent = z.infer<typeof SearchIntent>;

export const ProductPage = paginated(ProductSummary).extend({
  facets: ProductFacets.optional(),
  /** In a search's answer only, when its words asked a price or an order. */
  search_intent: SearchIntent.optional(),
});
export type ProductPage = z.infer<typeof ProductPage>;

/** `GET /api/products/search-suggestion/?search=…`: for a search that finds nothing, the closest one that does. */
export const SearchSuggestionQuery = z.object({ search: z.string().max(200) });
export const SearchSuggestion = z.object({ suggestion: z.string().nullable() });
export type SearchSuggestion = z.infer<typeof SearchSuggestion>;

/** `GET /api/products/search-completions/?search=…`: what the header's search box suggests while a shopper types. */
export const SearchCompletionsQuery = z.object({ search: z.string().max(200) });
export type SearchCompletionsQuery = z.infer<typeof SearchCompletionsQuery>;

/** A product the type-ahead offers: enough for one line of the list (no description nor attributes). */
export const SearchCompletionProduct = z.object({
  slug: z.string(),
  name: z.string(),
  price: Money,
  /** Sold in options: how many variants are on sale, and the lowest price when theirs differ (as the cards'). */
  variant_count: z.number().optional(),
  price_from: Money.nullable().optional(),
  /** The main image's thumbnail (a WebP path under /media/) and its pixel size; null without a picture. */
  thumbnail: z.object({ url: z.string(), width: z.number(), height: z.number() }).nullable(),
  category: z.object({ name: z.string(), slug: z.string() }),
});
export type SearchCompletionProduct = z.infer<typeof SearchCompletionProduct>;

/** Up to 6 products, ranked by the shop's search, and the categories whose name matches (up to 3, display order). */
export const SearchCompletions = z.object({
  products: z.array(SearchCompletionProduct),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type SearchCompletions = z.infer<typeof SearchCompletions>;

export const CreateReviewBody = z.object({
  product: RowId,
  rating: z
    .number({ error: 'A valid integer is required.' })
    .int({ error: 'A valid integer is required.' })
    .min(1, { error: 'Ensure this value is greater than or equal to 1.' })
    .max(5, { error: 'Ensure this value is less than or equal to 5.' }),
  comment: z.string({ error: 'This field is required.' }),
});
export type CreateReviewBody = z.infer<typeof CreateReviewBody>;
