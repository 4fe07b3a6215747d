// The administration of the catalog: products as staff read them, their pictures one by one, and categories; the
// product form's writes are in `products.admin.ts`, bulk edits in `products-bulk.admin.ts`. Every write runs in one
// transaction with its audit entry.

import { formatMinor, parseMinor } from '@platform/contracts';
import type {
  AdminCategory,
  AdminCategoryCreateBody,
  AdminCategoryListQuery,
  AdminCategoryUpdateBody,
  AdminProduct,
  AdminProductImageBody,
  AdminProductListQuery,
  AdminProductSummary,
} from '@platform/contracts/admin-catalog';
import type { TransactionContext } from '../../lib/context.ts';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import { storeImage } from '../media/index.ts';
import {
  type AdminCategoryRow,
  type AdminProductRow,
  categoryHasProducts,
  categorySlugTaken,
  deleteCategory,
  deleteProductImage,
  findAdminCategory,
  findAdminProduct,
  findProductImage,
  insertCategory,
  insertProductImage,
  listAdminCategories,
  listAdminProducts,
  listProductAttributes,
  listProductImageFiles,
  lockCategory,
  lockProduct,
  nextImageOrder,
  shareCategory,
  updateCategory,
  updateProduct,
  updateProductImage,
} from './catalog.repository.ts';
import { productOptionsOf } from './variants.format.ts';
import { listVariants } from './variants.repository.ts';

export const PRODUCT_NOT_FOUND = ['Product not found.', 'product_not_found'] as const;
export const SLUG_TAKEN = { slug: ['A product with this slug already exists.'] };
const IMAGE_ALT_MAX = 200;
const CATEGORY_SLUG_TAKEN = { slug: ['A category with this slug already exists.'] };

/** Whether a database error (or one it wraps) is a unique violation: two writers raced for the same slug. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a write; a slug taken meanwhile by another writer answers like a slug found taken. */
export async function withSlugConflict<T>(write: () => Promise<T>, fields: Record<string, string[]>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError(fields);
    throw error;
  }
}

export function priceCents(price: string, field = 'price'): number {
  const cents = parseMinor(price);
  if (cents === null) throw new ValidationError({ [field]: ['A valid amount is required, e.g. "85.00".'] });
  return cents;
}

/** A category of the shop, held until the transaction ends so that it cannot be deleted under the product. */
export async function requireCategory(tx: TransactionContext, id: number): Promise<void> {
  if (!(await shareCategory(tx.scope, id))) {
    throw new ValidationError({ category: [`Invalid pk "${id}" - object does not exist.`] });
  }
}

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
  const [attributes, images, variants] = await Promise.all([
    listProductAttributes(ctx.scope, productId),
    listProductImageFiles(ctx.scope, productId),
    listVariants(ctx.scope, productId),
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
    ...productOptionsOf(row, variants),
  };
}

/**
 * `POST /admin/products/{id}/images/`: an uploaded picture (validated and re-encoded by the media module) added after
 * the product's others; a product without a main image gets it as its main image. Audited.
 */
export async function addProductImage(
  ctx: RequestContext,
  productId: number,
  upload: { bytes: Buffer; altText: string },
): Promise<AdminProduct> {
  requireStaff(ctx);
  const altText = upload.altText.trim();
  if (altText.length > IMAGE_ALT_MAX) {
    throw new ValidationError({ alt_text: [`Ensure this field has no more than ${IMAGE_ALT_MAX} characters.`] });
  }
  if (!(await findAdminProduct(ctx.scope, productId))) throw new NotFoundError(...PRODUCT_NOT_FOUND);
  // The image is encoded and its files written before the transaction: no transaction waits on the encoder. An image
  // whose product went meanwhile stays an unused file.
  const file = await storeImage(ctx, { bytes: upload.bytes, feature: 'catalog' });
  await inTransaction(ctx, async (tx) => {
    const product = await lockProduct(tx.scope, productId);
    if (!product) throw new NotFoundError(...PRODUCT_NOT_FOUND);
    const image = await insertProductImage(tx.scope, {
      productId,
      imageId: file.id,
      altText,
      order: await nextImageOrder(tx.scope, productId),
    });
    const isMain = product.mainImageId === null;
    if (isMain) await updateProduct(tx.scope, productId, { mainImageId: file.id, mainImageAlt: altText });
    await recordAudit(tx, {
      action: 'product.image_add',
      entity: 'product',
      entityId: productId,
      after: { image: image.id, alt_text: altText, order: image.order, is_main: isMain },
    });
  });
  return getProductForStaff(ctx, productId);
}

/** A product (its row locked) and one of its pictures; 404 for either missing. */
async function lockProductImage(tx: TransactionContext, productId: number, imageId: number) {
  const product = await lockProduct(tx.scope, productId);
  if (!product) throw new NotFoundError(...PRODUCT_NOT_FOUND);
  const image = await findProductImage(tx.scope, productId, imageId);
  if (!image) throw new NotFoundError('Image not found.', 'image_not_found');
  return { product, image };
}

/**
 * `PATCH /admin/products/{id}/images/{imageId}/`: a picture's text, position, or its being the main image (one per
 * product: making one main makes the other not; unmarking the main one leaves the product without). Audited.
 */
export async function updateProductImageByStaff(
  ctx: RequestContext,
  productId: number,
  imageId: number,
  body: AdminProductImageBody,
): Promise<AdminProduct> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const { product, image } = await lockProductImage(tx, productId, imageId);
    const wasMain = product.mainImageId === image.imageId;
    const isMain = body.is_main ?? wasMain;
    const altText = body.alt_text ?? image.altText;
    await updateProductImage(tx.scope, image.id, { altText: body.alt_text, order: body.order });
    if (isMain && (!wasMain || altText !== image.altText)) {
      await updateProduct(tx.scope, productId, { mainImageId: image.imageId, mainImageAlt: altText });
    } else if (!isMain && wasMain) {
      await updateProduct(tx.scope, productId, { mainImageId: null, mainImageAlt: '' });
    }
    await recordAudit(tx, {
      action: 'product.image_update',
      entity: 'product',
      entityId: productId,
      before: { image: image.id, alt_text: image.altText, order: image.order, is_main: wasMain },
      after: { image: image.id, alt_text: altText, order: body.order ?? image.order, is_main: isMain },
    });
  });
  return getProductForStaff(ctx, productId);
}

/** `DELETE /admin/products/{id}/images/{imageId}/`: removes a picture; the next one becomes main if it was. */
export async function deleteProductImageByStaff(
  ctx: RequestContext,
  productId: number,
  imageId: number,
): Promise<void> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const { product, image } = await lockProductImage(tx, productId, imageId);
    await deleteProductImage(tx.scope, image.id);
    const wasMain = product.mainImageId === image.imageId;
    if (wasMain) {
      const [next] = await listProductImageFiles(tx.scope, productId);
      await updateProduct(tx.scope, productId, {
        mainImageId: next?.imageId ?? null,
        mainImageAlt: next?.altText ?? '',
      });
    }
    await recordAudit(tx, {
      action: 'product.image_delete',
      entity: 'product',
      entityId: productId,
      before: { image: image.id, alt_text: image.altText, order: image.order, is_main: wasMain },
    });
  });
}

function categoryOf(row: AdminCategoryRow): AdminCategory {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    position: row.position,
    product_count: row.productCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /admin/categories/{id}/`: a category with its number of products (what its edit screen and the products' category cells read). */
export async function getCategoryForStaff(ctx: RequestContext, id: number): Promise<AdminCategory> {
  requireStaff(ctx);
  return categoryForStaff(ctx, id);
}

async function categoryForStaff(ctx: RequestContext, id: number): Promise<AdminCategory> {
  const row = await findAdminCategory(ctx.scope, id);
  if (!row) throw new NotFoundError('Category not found.', 'category_not_found');
  return categoryOf(row);
}

/** `GET /admin/categories/`: the shop's categories with their number of products, in display order. */
export async function listCategoriesForStaff(
  ctx: RequestContext,
  query: AdminCategoryListQuery,
): Promise<{ count: number; results: AdminCategory[] }> {
  requireStaff(ctx);
  const { rows, count } = await listAdminCategories(
    ctx.scope,
    { search: query.search || undefined },
    { ordering: query.ordering ?? 'position', limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { count, results: rows.map(categoryOf) };
}

/** `POST /admin/categories/`: a new category (its description sanitized). Audited. */
export async function createCategoryByStaff(
  ctx: RequestContext,
  body: AdminCategoryCreateBody,
): Promise<AdminCategory> {
  requireStaff(ctx);
  const id = await withSlugConflict(
    () =>
      inTransaction(ctx, async (tx) => {
        if (await categorySlugTaken(tx.scope, body.slug)) throw new ValidationError(CATEGORY_SLUG_TAKEN);
        const row = await insertCategory(tx.scope, body);
        await recordAudit(tx, {
          action: 'category.create',
          entity: 'category',
          entityId: row.id,
          after: { slug: row.slug, name: row.name, position: row.position },
        });
        return row.id;
      }),
    CATEGORY_SLUG_TAKEN,
  );
  return categoryForStaff(ctx, id);
}

/** `PATCH /admin/categories/{id}/`: changes the fields given (the description sanitized). Audited. */
export async function updateCategoryByStaff(
  ctx: RequestContext,
  categoryId: number,
  body: AdminCategoryUpdateBody,
): Promise<AdminCategory> {
  requireStaff(ctx);
  await withSlugConflict(
    () =>
      inTransaction(ctx, async (tx) => {
        const category = await lockCategory(tx.scope, categoryId);
        if (!category) throw new NotFoundError('Category not found.', 'category_not_found');
        if (
          body.slug !== undefined &&
          body.slug !== category.slug &&
          (await categorySlugTaken(tx.scope, body.slug, categoryId))
        ) {
          throw new ValidationError(CATEGORY_SLUG_TAKEN);
        }
        if (Object.keys(body).length === 0) return;
        await updateCategory(tx.scope, categoryId, body);
        const pick = (fields: { slug?: string; name?: string; position?: number; description?: string }) => ({
          ...(body.slug === undefined ? {} : { slug: fields.slug }),
          ...(body.name === undefined ? {} : { name: fields.name }),
          ...(body.position === undefined ? {} : { position: fields.position }),
          ...(body.description === undefined ? {} : { description: '(changed)' }),
        });
        await recordAudit(tx, {
          action: 'category.update',
          entity: 'category',
          entityId: categoryId,
          before: pick(category),
          after: pick(body),
        });
      }),
    CATEGORY_SLUG_TAKEN,
  );
  return categoryForStaff(ctx, categoryId);
}

/** `DELETE /admin/categories/{id}/`: only a category without products (409 otherwise). Audited. */
export async function deleteCategoryByStaff(ctx: RequestContext, categoryId: number): Promise<void> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    // The lock keeps products from being put in it meanwhile.
    const category = await lockCategory(tx.scope, categoryId);
    if (!category) throw new NotFoundError('Category not found.', 'category_not_found');
    if (await categoryHasProducts(tx.scope, categoryId)) {
      throw new ConflictError('A category that has products cannot be deleted.', 'category_not_empty');
    }
    await deleteCategory(tx.scope, categoryId);
    await recordAudit(tx, {
      action: 'category.delete',
      entity: 'category',
      entityId: categoryId,
      before: { slug: category.slug, name: category.name },
    });
  });
}
