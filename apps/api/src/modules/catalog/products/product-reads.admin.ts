// The products as staff read them: the admin list and one product with every field the form edits. The form's writes
// are in `products.admin.ts`, bulk edits in `products-bulk.admin.ts`, pictures in `product-pictures.admin.ts`.

import { formatMinor } from '@platform/contracts';
import type { AdminProduct, AdminProductListQuery, AdminProductSummary } from '@platform/contracts/admin-catalog';
import { type RequestContext, requireStaff } from '../../../lib/context.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import { optionsForStaff } from '../variants/index.ts';
import {
  type AdminProductRow,
  findAdminProduct,
  listAdminProducts,
  listProductAttributes,
  listProductImageFiles,
} from './products.repository.ts';

export const PRODUCT_NOT_FOUND = ['Product not found.', 'product_not_found'] as const;
export const SLUG_TAKEN = { slug: ['A product with this slug already exists.'] };

function productSummaryOf(ctx: RequestContext, row: AdminProductRow): AdminProductSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.categoryId,
    price: formatMinor(row.priceCents),
    price_before_discount: row.priceBeforeDiscountCents === null ? null : formatMinor(row.priceBeforeDiscountCents),
    stock: row.stock,
    low_stock_threshold: row.lowStockThreshold,
    made_to_order: row.madeToOrder,
    lead_time_days: row.leadTimeDays,
    is_active: row.isActive,
    is_featured: row.isFeatured,
    main_image: row.mainImageKey ? ctx.deps.media.url(row.mainImageKey) : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /admin/products/`: the shop's products, active or not, filtered, searched and ordered (newest first). */
export async function listProductsForStaff(
  ctx: RequestContext,
  query: AdminProductListQuery,
): Promise<{ count: number; results: AdminProductSummary[] }> {
  requireStaff(ctx);
  const { rows, count } = await listAdminProducts(
    ctx.scope,
    {
      categoryId: query.category,
      isActive: query.is_active,
      isFeatured: query.is_featured,
      lowStock: query.low_stock,
      search: query.search || undefined,
    },
    { ordering: query.ordering ?? '-created_at', limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { count, results: rows.map((row) => productSummaryOf(ctx, row)) };
}

/** `GET /admin/products/{id}/`: a product with every field staff edit, its attributes and its pictures. */
export async function getProductForStaff(ctx: RequestContext, productId: number): Promise<AdminProduct> {
  requireStaff(ctx);
  const row = await findAdminProduct(ctx.scope, productId);
  if (!row) throw new NotFoundError(...PRODUCT_NOT_FOUND);
  const [attributes, images, options] = await Promise.all([
    listProductAttributes(ctx.scope, productId),
    listProductImageFiles(ctx.scope, productId),
    optionsForStaff(ctx, row),
  ]);
  const { media } = ctx.deps;
  return {
    ...productSummaryOf(ctx, row),
    price_before_discount: row.priceBeforeDiscountCents === null ? null : formatMinor(row.priceBeforeDiscountCents),
    is_featured: row.isFeatured,
    description: row.description,
    long_html_description: row.longHtmlDescription,
    attributes,
    images: images.map((image) => ({
      id: image.id,
      media: image.imageId,
      url: media.url(image.imageKey),
      thumb_url: media.url(image.thumbKey),
      alt_text: image.altText,
      order: image.order,
      is_main: image.imageId === row.mainImageId,
      width: image.width,
      height: image.height,
    })),
    review_count: row.reviewCount,
    updated_at: row.updatedAt.toISOString(),
    hs_code: row.hsCode,
    country_of_origin: row.countryOfOrigin,
    customs_description: row.customsDescription,
    weight_grams: row.weightGrams,
    age_restricted: row.ageRestricted,
    category_age_restricted: row.categoryAgeRestricted,
    ...options,
  };
}
