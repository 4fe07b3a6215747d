// The product CSV's export: the admin list's products, whole, one a row (`@platform/contracts` PRODUCT_CSV_COLUMNS).
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

function cellsOf(ctx: RequestContext, product: ProductRecord): Record<ProductCsvColumn, CsvValue> {
  return {
    slug: product.slug,
    name: product.name,
    category: product.categorySlug,
    price: product.price,
    price_before_discount: product.priceBeforeDiscount,
    featured: encodeFlag(product.isFeatured),
    published: encodeFlag(product.isActive),
    stock: product.stock,
    low_stock_threshold: product.lowStockThreshold,
    description: product.description,
    long_html_description: product.longHtmlDescription,
    attributes: encodeAttributes(product.attributes),
    images: product.pictureKeys.map((key) => pictureUrl(ctx, key)).join(' '),
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
    products.map((product) => {
      const cells = cellsOf(ctx, product);
      return PRODUCT_CSV_COLUMNS.map((column) => cells[column]);
    }),
  );
}
