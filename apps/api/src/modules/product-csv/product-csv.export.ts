// The product CSV's export: the admin list's products, whole, one a row, or one a variant for a product sold in
// options (`@platform/contracts` PRODUCT_CSV_COLUMNS).
import type { AdminProductListQuery } from '@platform/contracts/admin-catalog';
import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from '@platform/contracts/product-csv';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { type CsvValue, toCsv } from '../../lib/csv.ts';
import { shopUrl } from '../../lib/urls.ts';
import { listProductRecords, type ProductRecord } from '../catalog/index.ts';
import { encodeAttributes, encodeFlag } from './product-csv.format.ts';

/** The most products one export holds. */
export const PRODUCT_EXPORT_LIMIT = 10_000;

/** A picture's absolute URL on the shop's configured origin (never the request's `Host`). */
export function pictureUrl(ctx: RequestContext, key: string): string {
  return shopUrl(ctx, ctx.deps.media.url(key));
}

const NO_VARIANT = {
  variant_sku: '',
  option1_name: '',
  option1_value: '',
  option2_name: '',
  option2_value: '',
  option3_name: '',
  option3_value: '',
  variant_price: '',
  variant_price_before_discount: '',
  variant_stock: '',
  variant_made_to_order: '',
  variant_lead_time_days: '',
  variant_description: '',
  variant_attributes: '',
  variant_image_alts: '',
  variant_hs_code: '',
  variant_country_of_origin: '',
  variant_customs_description: '',
  variant_weight_grams: '',
} satisfies Partial<Record<ProductCsvColumn, CsvValue>>;

/**
 * A variant's columns: its SKU, its options in order, its own price (blank: the product's), its own before-discount
 * price (blank: none; the default variant's is the product's `price_before_discount`) and stock; its own lead text,
 * specification values and pictures' alt texts (by the picture's place in `images`); its own customs details.
 */
function variantCells(product: ProductRecord, variant: ProductRecord['variants'][number]) {
  const cells: Record<string, CsvValue> = { ...NO_VARIANT };
  product.options.forEach((option, index) => {
    cells[`option${index + 1}_name`] = option.name;
    cells[`option${index + 1}_value`] = variant.optionValues[index] ?? '';
  });
  cells.variant_sku = variant.sku;
  cells.variant_price = variant.price ?? '';
  cells.variant_price_before_discount = variant.priceBeforeDiscount ?? '';
  cells.variant_stock = variant.stock;
  cells.variant_made_to_order = encodeFlag(variant.madeToOrder);
  cells.variant_lead_time_days = variant.leadTimeDays ?? '';
  cells.variant_description = variant.description ?? '';
  cells.variant_attributes = encodeAttributes(variant.attributes);
  cells.variant_image_alts = encodeAttributes(
    variant.pictureAlts.map((text) => ({ key: String(text.picture), value: text.altText })),
  );
  cells.variant_hs_code = variant.hsCode ?? '';
  cells.variant_country_of_origin = variant.countryOfOrigin ?? '';
  cells.variant_customs_description = variant.customsDescription ?? '';
  cells.variant_weight_grams = variant.weightGrams ?? '';
  return cells as typeof NO_VARIANT;
}

/** A product's rows: one for a product sold as it is; one per variant, the product's columns on the first only. */
function rowsOf(ctx: RequestContext, product: ProductRecord): Record<ProductCsvColumn, CsvValue>[] {
  const cells = cellsOf(ctx, product);
  if (product.variants.length === 0) return [cells];
  const blank = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column) => [column, ''])) as Record<
    ProductCsvColumn,
    CsvValue
  >;
  return product.variants.map((variant, index) => ({
    ...(index === 0 ? cells : { ...blank, slug: product.slug }),
    ...variantCells(product, variant),
  }));
}

function cellsOf(ctx: RequestContext, product: ProductRecord): Record<ProductCsvColumn, CsvValue> {
  return {
    ...NO_VARIANT,
    slug: product.slug,
    name: product.name,
    category: product.categorySlug,
    price: product.price,
    price_before_discount: product.priceBeforeDiscount,
    featured: encodeFlag(product.isFeatured),
    published: encodeFlag(product.isActive),
    stock: product.stock,
    low_stock_threshold: product.lowStockThreshold,
    made_to_order: encodeFlag(product.madeToOrder),
    lead_time_days: product.leadTimeDays ?? '',
    description: product.description,
    long_html_description: product.longHtmlDescription,
    attributes: encodeAttributes(product.attributes),
    images: product.pictureKeys.map((key) => pictureUrl(ctx, key)).join(' '),
    hs_code: product.hsCode,
    country_of_origin: product.countryOfOrigin,
    customs_description: product.customsDescription,
    weight_grams: product.weightGrams ?? '',
    age_restricted: encodeFlag(product.ageRestricted),
  };
}

/**
 * `GET /admin/products/export/`: the products of the admin list's filters and ordering (every page, up to 10 000),
 * one a row, as CSV.
 */
export async function exportProductsCsv(ctx: RequestContext, query: AdminProductListQuery): Promise<string> {
  requireStaff(ctx);
  const products = await listProductRecords(
    ctx,
    {
      categoryId: query.category,
      isActive: query.is_active,
      lowStock: query.low_stock,
      search: query.search || undefined,
    },
    { ordering: query.ordering ?? '-created_at', limit: PRODUCT_EXPORT_LIMIT },
  );
  return toCsv(
    PRODUCT_CSV_COLUMNS,
    products.flatMap((product) =>
      rowsOf(ctx, product).map((cells) => PRODUCT_CSV_COLUMNS.map((column) => cells[column])),
    ),
  );
}
