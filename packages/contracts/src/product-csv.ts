// The product CSV (`GET /api/admin/products/export/`, `POST /api/admin/products/import/`): its columns and the
// import's report, row by row.
import './browser.ts';
import { z } from 'zod';

/**
 * The columns of the product CSV, in the order the export writes them. `slug` is the key (required); an import may
 * leave any other column out, and then changes nothing of it; a blank cell of `featured`, `published`, `stock` or
 * `low_stock_threshold` changes nothing either (a blank `price_before_discount` is no discount, blank `images` no
 * pictures). `made_to_order` is true or false (blank: unchanged) and `lead_time_days` its lead time in days (blank:
 * unchanged; a product made to order needs one; issue 49). `attributes` is `name=value` pairs separated by `;`
 * (a `\` before a `;`, `=` or `\` that belongs to the text); `images` is picture URLs separated by spaces, the main
 * image first.
 *
 * A product sold in options (decision 018) has one row per variant: the first carries the product's columns, the
 * next ones only its slug and the variant columns (their other columns are not read). `option1_name`…`option3_value`
 * name the variant's options in order, `variant_sku` its SKU, `variant_price` its price (blank: the product's),
 * `variant_price_before_discount` its own before-discount price (blank: none, whatever the product's; the first
 * variant on sale has the product's `price_before_discount` and its cell is not read, decision 020),
 * `variant_stock` its stock (blank: unchanged), `variant_made_to_order` and `variant_lead_time_days` whether it is made
 * to order with a lead time of its own (blank: unchanged; issue 49). The variant's own page (issue 45): `variant_description` its lead
 * text (blank: the product's `description`), `variant_attributes` its specification values, written as `attributes`
 * (each replaces the product's attribute of its name, or is added), `variant_image_alts` its alt texts of the
 * product's pictures, `N=text` pairs written the same way, N the picture's place in `images` (1 the main image). On
 * import, the rows of a slug with variant columns define the product's options (values in the order they first
 * appear) and its variants, matched by their options; the product's `stock` is then its variants' and not read. A
 * product sold as it is has one row, its variant columns empty.
 *
 * Selling abroad (issue 48), after the columns above so that files written before keep their places: `hs_code`,
 * `country_of_origin` (an ISO code), `customs_description` and `weight_grams` (blank: unsaid) are what customs papers
 * say of the product, `age_restricted` whether only adults may buy it (blank: unchanged); `variant_hs_code`,
 * `variant_country_of_origin`, `variant_customs_description` and `variant_weight_grams` a variant's own where they
 * differ (blank: the product's).
 */
export const PRODUCT_CSV_COLUMNS = [
  'slug',
  'name',
  'category',
  'price',
  'price_before_discount',
  'featured',
  'published',
  'stock',
  'low_stock_threshold',
  'made_to_order',
  'lead_time_days',
  'description',
  'long_html_description',
  'attributes',
  'images',
  'variant_sku',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'variant_price',
  'variant_price_before_discount',
  'variant_stock',
  'variant_made_to_order',
  'variant_lead_time_days',
  'variant_description',
  'variant_attributes',
  'variant_image_alts',
  'hs_code',
  'country_of_origin',
  'customs_description',
  'weight_grams',
  'age_restricted',
  'variant_hs_code',
  'variant_country_of_origin',
  'variant_customs_description',
  'variant_weight_grams',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** An import's file: at most this many bytes and product rows. */
export const PRODUCT_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_CSV_MAX_ROWS = 5_000;

/** `POST /admin/products/import/?dry_run=true`: report what the file would do, and do nothing. */
export const ProductImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** What one row of the file does (or would do): its line in the spreadsheet (the header is row 1). */
export const ProductImportRow = z.object({
  row: z.number().int(),
  slug: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  /** The columns whose value changes (every column given, for a new product). */
  changes: z.array(z.string()),
  /** What is wrong with the row, by column; a file with any error changes nothing. */
  errors: z.record(z.string(), z.array(z.string())),
  /** What the row leaves for later (pictures at addresses outside the shop's media), by column. */
  notes: z.record(z.string(), z.array(z.string())),
});
export type ProductImportRow = z.infer<typeof ProductImportRow>;

/** The import's answer: the counts, and every row. `errors` counts the rows with errors. */
export const ProductImportReport = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  rows: z.array(ProductImportRow),
});
export type ProductImportReport = z.infer<typeof ProductImportReport>;

/**
 * A real import once its file is checked (`202` of `POST /admin/products/import/`, and
 * `GET /admin/products/import/jobs/{id}/`): it writes a few products a transaction, so the shop keeps answering. `rows`
 * counts the rows it writes (those that create or update), `rows_done` those written so far; `applied_rows` lists
 * their lines in the file. `failed`: it stopped part-way (`failure` says why); the rows listed were applied, the
 * others not.
 */
export const ProductImportJob = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'done', 'failed']),
  rows: z.number().int(),
  rows_done: z.number().int(),
  applied_rows: z.array(z.number().int()),
  failure: z.string().nullable(),
  /** The checked file's report, once the job has ended (null while it runs: a large file's report is large). */
  report: ProductImportReport.nullable(),
});
export type ProductImportJob = z.infer<typeof ProductImportJob>;
