// The product form's and the product list's write shapes and rules, which only the administration and the API need
// (a subpath apart from the package's index, so that the storefront's bundle never loads them): a product's create
// and change bodies, a slug from a name, a price changed by a percent, and the bulk edit's shapes.
import './browser.ts';
import { z } from 'zod';
import {
  AdminPrice,
  CustomsDescriptionInput,
  HsCodeInput,
  LeadTimeDays,
  OriginCountryInput,
  slugSchema,
  WeightGramsInput,
} from './admin-catalog.ts';
import { RowId as Id } from './ids.ts';

/**
 * The slug a name suggests: lower-case ASCII letters and digits in words joined by single hyphens (accents dropped),
 * at most `max` characters, cut at a word; '' when the name has no letter or digit of that alphabet. The admin form
 * fills the slug with it as the name is typed, and the API derives a product's, a category's or a post's slug with it
 * when none is given.
 */
export function slugFromName(name: string, max = 200): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > max) return slug || word.slice(0, max);
    slug = next;
  }
  return slug;
}

/**
 * The first of `base`, `base-2`, `base-3`… that is not `taken`: a slug derived from a name, made unique in the shop
 * (products, categories and posts, whose slug the API derives when the request leaves it out).
 */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A percent change on the wire: "-10", "12.5", "7.25" (at most two decimals), above -100 and at most 1000. */
export const PercentChange = z
  .string()
  .trim()
  .regex(/^[-+]?\d{1,4}(\.\d{1,2})?$/, { error: 'A percent like 10, -12.5 or 7.25.' })
  .refine((text) => Number(text) > -100 && Number(text) <= 1000, {
    error: 'A percent change is above -100 and at most 1000.',
  })
  .refine((text) => Number(text) !== 0, { error: 'A change of 0% changes nothing.' });
export type PercentChange = z.infer<typeof PercentChange>;

/**
 * An amount in minor units changed by a percent given as a decimal string ("-12.5"), rounded to the nearest minor
 * unit, halves away from zero. Exact: the percent is read as hundredths of a percent and the product is a BigInt, so
 * no floating point rounds on the way. Null when the percent is not a decimal with at most two places.
 */
export function changeByPercent(minor: number, percent: string): number | null {
  const match = /^([-+])?(\d+)(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!match || !Number.isSafeInteger(minor)) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  const factor = 10_000n + (sign === '-' ? -hundredths : hundredths);
  const scaled = BigInt(minor) * factor;
  const quotient = scaled / 10_000n;
  const remainder = scaled % 10_000n;
  const abs = remainder < 0n ? -remainder : remainder;
  const rounded = abs * 2n >= 10_000n ? quotient + (scaled < 0n ? -1n : 1n) : quotient;
  return Number(rounded);
}

/** The products a bulk edit names: up to 200 of the shop's, each once. */
const bulkIds = z
  .array(Id)
  .min(1)
  .max(200)
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Each product appears once.' });

/** `POST /admin/products/bulk/`: one action on the products named, in one transaction. */
export const AdminProductBulkBody = z.discriminatedUnion('action', [
  z.object({ ids: bulkIds, action: z.literal('publish') }).strict(),
  z.object({ ids: bulkIds, action: z.literal('unpublish') }).strict(),
  z.object({ ids: bulkIds, action: z.literal('feature') }).strict(),
  z.object({ ids: bulkIds, action: z.literal('unfeature') }).strict(),
  z.object({ ids: bulkIds, action: z.literal('set_category'), category: Id }).strict(),
  /** The price (and a before-discount price, so that a discount stays the same offer) by a percent, e.g. "-10". */
  z.object({ ids: bulkIds, action: z.literal('change_price'), percent: PercentChange }).strict(),
]);
export type AdminProductBulkBody = z.infer<typeof AdminProductBulkBody>;
export type AdminProductBulkAction = AdminProductBulkBody['action'];

/**
 * What a bulk edit did to each product named: `updated`, `unchanged` (already so), `not_found` (no product of this
 * shop) or `refused` (a rule kept it, said in `detail`; the others still change).
 */
export const AdminProductBulkResult = z.object({
  id: z.number().int(),
  status: z.enum(['updated', 'unchanged', 'not_found', 'refused']),
  detail: z.string().optional(),
});
export type AdminProductBulkResult = z.infer<typeof AdminProductBulkResult>;

export const AdminProductBulkAnswer = z.object({
  updated: z.number().int(),
  results: z.array(AdminProductBulkResult),
});
export type AdminProductBulkAnswer = z.infer<typeof AdminProductBulkAnswer>;

export const AdminAttribute = z
  .object({ key: z.string().trim().min(1).max(100), value: z.string().trim().max(500) })
  .strict();

/** A picture of a product as a write names it: an uploaded picture (`POST /admin/media/`'s `id`) and its text. */
const altText = z.string().trim().max(200);

export const AdminProductPictureInput = z.object({ media: Id, alt_text: altText.optional() }).strict();
export type AdminProductPictureInput = z.infer<typeof AdminProductPictureInput>;

/** A product's pictures in display order (the first is the main image); the API refuses a picture named twice. */
const productPictures = z.array(AdminProductPictureInput).max(30);

/** A count of units (the stock, a threshold): a whole number, 0 or more. */
const unitCount = z.number().int().min(0).max(1_000_000);

/**
 * The fields staff may set on a product. The stock is a count here: a new product's opens its stock ledger, a changed
 * one is recorded in the ledger as an adjustment (the inventory module's); it is never written as a bare column.
 */
const productFields = {
  name: z.string().trim().min(1).max(200),
  slug: slugSchema(200),
  category: Id,
  /** Plain text (the storefront shows it as text). */
  description: z.string().trim().max(5000),
  /** Rich text: sanitized on write. */
  long_html_description: z.string().max(200_000),
  price: AdminPrice,
  /** Above the price when given; null for none. */
  price_before_discount: AdminPrice.nullable(),
  is_active: z.boolean(),
  is_featured: z.boolean(),
  low_stock_threshold: unitCount,
  /** Made when ordered: on sale at stock 0, shipping within `lead_time_days` (required while it is). */
  made_to_order: z.boolean(),
  lead_time_days: LeadTimeDays.nullable(),
  attributes: z.array(AdminAttribute).max(100),
  stock: unitCount,
  images: productPictures,
  /** What customs papers say of it (issue 48): '' (or null, the weight) leaves it unsaid. */
  hs_code: HsCodeInput,
  country_of_origin: OriginCountryInput,
  customs_description: CustomsDescriptionInput,
  weight_grams: WeightGramsInput.nullable(),
  /** Sold to adults only: an order holding it needs the buyer's confirmation of the shop's age. */
  age_restricted: z.boolean(),
};

/**
 * `POST /admin/products/`: a new product with everything the product form has, in one transaction: the slug (derived
 * from the name when left out), its opening stock, and its pictures (uploaded first), the first the main image.
 */
export const AdminProductCreateBody = z
  .object(productFields)
  .partial()
  .required({ name: true, category: true, price: true })
  .strict();
export type AdminProductCreateBody = z.infer<typeof AdminProductCreateBody>;

/**
 * `PATCH /admin/products/{id}/`: the fields given change; `attributes` and `images`, when given, replace their lists
 * (a picture kept keeps its id; one left out is removed); `stock`, when it differs, is counted through the ledger.
 */
export const AdminProductUpdateBody = z.object(productFields).partial().strict();
export type AdminProductUpdateBody = z.infer<typeof AdminProductUpdateBody>;
