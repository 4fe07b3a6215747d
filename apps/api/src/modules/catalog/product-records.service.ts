// Whole products for staff's files (the product CSV): every field staff edit, with the category's slug, the
// attributes and the pictures, read in a few statements whatever their number; and a product's pictures set from the
// shop's stored ones. Products themselves are written by `createProductByStaff` / `updateProductByStaff` only.
import { formatMinor } from '@platform/contracts';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import {
  type AdminProductFilter,
  type AdminProductOrdering,
  deleteProductImage,
  insertProductImage,
  listProductImageFiles,
  lockProduct,
  updateProduct,
  updateProductImage,
} from './catalog.repository.ts';
import {
  findCategoryIdsBySlug,
  findPictureIdsByKey,
  listAttributesOf,
  listPictureFilesOf,
  listProductRecordRows,
  type ProductRecordRow,
} from './product-records.repository.ts';
import { findSkuOwners, listVariantsOf } from './variants-admin.repository.ts';

/** A product with every field staff edit; money as decimal strings. */
export interface ProductRecord {
  id: number;
  slug: string;
  name: string;
  categoryId: number;
  categorySlug: string;
  description: string;
  longHtmlDescription: string;
  price: string;
  priceBeforeDiscount: string | null;
  isFeatured: boolean;
  isActive: boolean;
  lowStockThreshold: number;
  stock: number;
  attributes: { key: string; value: string }[];
  /** The pictures' full-size media keys: the main image first, then the others in display order. */
  pictureKeys: string[];
  /** Its option types (decision 018); empty: sold as it is. */
  options: { name: string; values: string[] }[];
  /**
   * Its variants in position order: values in the order of the option types, a null price the product's, their own
   * before-discount price (the default variant's, the first on sale, is the product's).
   */
  variants: {
    id: number;
    sku: string;
    optionValues: string[];
    price: string | null;
    priceBeforeDiscount: string | null;
    stock: number;
    isActive: boolean;
  }[];
}

/** Keys in the order a product shows them: its main image first, then the others in display order. */
function mainFirst(pictures: { imageId: number; imageKey: string }[], mainImageId: number | null): string[] {
  const main = pictures.find((picture) => picture.imageId === mainImageId);
  return main
    ? [main.imageKey, ...pictures.filter((picture) => picture !== main).map((picture) => picture.imageKey)]
    : pictures.map((picture) => picture.imageKey);
}

async function recordsOf(ctx: RequestContext, rows: ProductRecordRow[]): Promise<ProductRecord[]> {
  const ids = rows.map((row) => row.id);
  const [attributes, pictures, variants] = await Promise.all([
    listAttributesOf(ctx.scope, ids),
    listPictureFilesOf(ctx.scope, ids),
    listVariantsOf(ctx.scope, ids),
  ]);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    categoryId: row.categoryId,
    categorySlug: row.categorySlug,
    description: row.description,
    longHtmlDescription: row.longHtmlDescription,
    price: formatMinor(row.priceCents),
    priceBeforeDiscount: row.priceBeforeDiscountCents === null ? null : formatMinor(row.priceBeforeDiscountCents),
    isFeatured: row.isFeatured,
    isActive: row.isActive,
    lowStockThreshold: row.lowStockThreshold,
    stock: row.stock,
    attributes: attributes
      .filter((attribute) => attribute.productId === row.id)
      .map(({ key, value }) => ({ key, value })),
    pictureKeys: mainFirst(
      pictures.filter((picture) => picture.productId === row.id),
      row.mainImageId,
    ),
    options: row.options,
    variants: variants
      .filter((variant) => variant.productId === row.id)
      .map((variant) => ({
        id: variant.id,
        sku: variant.sku,
        optionValues: variant.optionValues,
        price: variant.priceCents === null ? null : formatMinor(variant.priceCents),
        priceBeforeDiscount:
          variant.priceBeforeDiscountCents === null ? null : formatMinor(variant.priceBeforeDiscountCents),
        stock: variant.stock,
        isActive: variant.isActive,
      })),
  }));
}

/** The shop's products (active or not) of the admin list's filter, in its order, at most `limit`. */
export async function listProductRecords(
  ctx: RequestContext,
  filter: AdminProductFilter,
  page: { ordering: AdminProductOrdering; limit: number },
): Promise<ProductRecord[]> {
  requireStaff(ctx);
  return recordsOf(ctx, await listProductRecordRows(ctx.scope, filter, page));
}

/** The shop's products with these slugs, by slug. */
export async function findProductRecords(ctx: RequestContext, slugs: string[]): Promise<Map<string, ProductRecord>> {
  requireStaff(ctx);
  const unique = [...new Set(slugs)];
  const rows = await listProductRecordRows(
    ctx.scope,
    { slugs: unique },
    { ordering: 'created_at', limit: Math.max(unique.length, 1) },
  );
  return new Map((await recordsOf(ctx, rows)).map((record) => [record.slug, record]));
}

/** The shop's categories with these slugs: their ids, by slug. */
export async function findCategoryIds(ctx: RequestContext, slugs: string[]): Promise<Map<string, number>> {
  return findCategoryIdsBySlug(ctx.scope, [...new Set(slugs)]);
}

/** The shop's products whose variants have these SKUs: their ids, by SKU. */
export async function findVariantSkuOwners(ctx: RequestContext, skus: string[]): Promise<Map<string, number>> {
  return findSkuOwners(ctx.scope, [...new Set(skus)]);
}

/** Which of these media keys are pictures the shop has stored. */
export async function findStoredPictureKeys(ctx: RequestContext, keys: string[]): Promise<Set<string>> {
  return new Set((await findPictureIdsByKey(ctx.scope, [...new Set(keys)])).keys());
}

/**
 * Makes a product's pictures the shop's stored pictures with these keys, in this order, the first its main image
 * (none: no pictures): pictures not listed are taken off, those listed and new are added with no text of their own.
 * Audited; true when anything changed.
 */
export async function setProductPictures(ctx: RequestContext, productId: number, keys: string[]): Promise<boolean> {
  requireStaff(ctx);
  const wanted = [...new Set(keys)];
  return inTransaction(ctx, async (tx) => {
    const product = await lockProduct(tx.scope, productId);
    if (!product) throw new NotFoundError('Product not found.', 'product_not_found');
    const current = await listProductImageFiles(tx.scope, productId);
    const before = mainFirst(current, product.mainImageId);
    if (JSON.stringify(before) === JSON.stringify(wanted)) return false;
    const ids = await findPictureIdsByKey(tx.scope, wanted);
    const unknown = wanted.filter((key) => !ids.has(key));
    if (unknown.length > 0) {
      throw new ValidationError({ images: unknown.map((key) => `The shop has no picture "${key}".`) });
    }
    const byKey = new Map(current.map((picture) => [picture.imageKey, picture]));
    for (const picture of current) {
      if (!wanted.includes(picture.imageKey)) await deleteProductImage(tx.scope, picture.id);
    }
    for (const [order, key] of wanted.entries()) {
      const existing = byKey.get(key);
      if (existing) {
        if (existing.order !== order) await updateProductImage(tx.scope, existing.id, { order });
      } else {
        await insertProductImage(tx.scope, { productId, imageId: ids.get(key) as number, altText: '', order });
      }
    }
    const [mainKey] = wanted;
    await updateProduct(tx.scope, productId, {
      mainImageId: mainKey === undefined ? null : (ids.get(mainKey) as number),
      mainImageAlt: mainKey === undefined ? '' : (byKey.get(mainKey)?.altText ?? ''),
    });
    await recordAudit(tx, {
      action: 'product.images_set',
      entity: 'product',
      entityId: productId,
      before: { images: before },
      after: { images: wanted },
    });
    return true;
  });
}
