// Whole products for staff's files (the product CSV): every field staff edit, with the category's slug, the
// attributes and the pictures, read in a few statements whatever their number. Products themselves are written by
// `createProductByStaff` / `updateProductByStaff` only, their pictures by `setProductPictures`.
import { formatMinor } from '@platform/contracts';
import { type RequestContext, requireStaff } from '../../../lib/context.ts';
import type { AdminProductFilter, AdminProductOrdering } from '../products/index.ts';
import { listVariantsOfProducts } from '../variants/index.ts';
import {
  findCategoryIdsBySlug,
  listAttributesOf,
  listPictureFilesOf,
  listProductRecordRows,
  type ProductRecordRow,
} from './product-records.repository.ts';

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
  madeToOrder: boolean;
  leadTimeDays: number | null;
  stock: number;
  /** What customs papers say of it ('' or null unsaid), and whether only adults may buy it (its own flag). */
  hsCode: string;
  countryOfOrigin: string;
  customsDescription: string;
  weightGrams: number | null;
  ageRestricted: boolean;
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
    /** Made to order with its own lead time (migration 0095). */
    madeToOrder: boolean;
    leadTimeDays: number | null;
    isActive: boolean;
    /** Its own page (migration 0085): lead text (null: the product's), specification values. */
    description: string | null;
    attributes: { key: string; value: string }[];
    /** Its own alt texts of the product's pictures, by the picture's place in `pictureKeys` (1 the first). */
    pictureAlts: { picture: number; altText: string }[];
    /** Its own customs details where they differ (null: the product's). */
    hsCode: string | null;
    countryOfOrigin: string | null;
    customsDescription: string | null;
    weightGrams: number | null;
  }[];
}

/** Pictures in the order a product shows them: its main image first, then the others in display order. */
function mainFirstPictures<T extends { imageId: number }>(pictures: T[], mainImageId: number | null): T[] {
  const main = pictures.find((picture) => picture.imageId === mainImageId);
  return main ? [main, ...pictures.filter((picture) => picture !== main)] : pictures;
}

/** A variant's alt texts by picture (`product_images` id) as places among its product's pictures (1 the first). */
function pictureAltsOf(texts: { image_id: number; alt_text: string }[], pictureIds: number[]) {
  return texts
    .map((text) => ({ picture: pictureIds.indexOf(text.image_id) + 1, altText: text.alt_text }))
    .filter((text) => text.picture > 0)
    .sort((a, b) => a.picture - b.picture);
}

async function recordsOf(ctx: RequestContext, rows: ProductRecordRow[]): Promise<ProductRecord[]> {
  const ids = rows.map((row) => row.id);
  const [attributes, pictures, variants] = await Promise.all([
    listAttributesOf(ctx.scope, ids),
    listPictureFilesOf(ctx.scope, ids),
    listVariantsOfProducts(ctx, ids),
  ]);
  return rows.map((row) => {
    const own = mainFirstPictures(
      pictures.filter((picture) => picture.productId === row.id),
      row.mainImageId,
    );
    return {
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
      madeToOrder: row.madeToOrder,
      leadTimeDays: row.leadTimeDays,
      stock: row.stock,
      hsCode: row.hsCode,
      countryOfOrigin: row.countryOfOrigin,
      customsDescription: row.customsDescription,
      weightGrams: row.weightGrams,
      ageRestricted: row.ageRestricted,
      attributes: attributes
        .filter((attribute) => attribute.productId === row.id)
        .map(({ key, value }) => ({ key, value })),
      pictureKeys: own.map((picture) => picture.imageKey),
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
          madeToOrder: variant.madeToOrder,
          leadTimeDays: variant.leadTimeDays,
          isActive: variant.isActive,
          description: variant.description,
          attributes: variant.attributes.map(({ key, value }) => ({ key, value })),
          pictureAlts: pictureAltsOf(
            variant.imageAltTexts,
            own.map((picture) => picture.id),
          ),
          hsCode: variant.hsCode,
          countryOfOrigin: variant.countryOfOrigin,
          customsDescription: variant.customsDescription,
          weightGrams: variant.weightGrams,
        })),
    };
  });
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
