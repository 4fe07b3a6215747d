// The product form's writes: a product created or changed with everything the form has (fields, attributes, the
// stock count, pictures uploaded beforehand) in one transaction with its audit entry.

import { formatMinor } from '@platform/contracts';
import type { AdminProduct } from '@platform/contracts/admin-catalog';
import {
  type AdminProductCreateBody,
  type AdminProductPictureInput,
  type AdminProductUpdateBody,
  firstFreeSlug,
  slugFromName,
} from '@platform/contracts/admin-products';
import type { RequestContext, TransactionContext } from '../../../lib/context.ts';
import { requireStaff } from '../../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../../lib/errors.ts';
import { priceCents, withSlugConflict } from '../../../lib/form-errors.ts';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import { inTransaction } from '../../../lib/unit-of-work.ts';
import { recordAudit } from '../../audit/index.ts';
import { findPicturesById } from '../../media/index.ts';
import { requireCategory } from '../categories/index.ts';
import type { ProductFormStock } from '../stock/index.ts';
import { isSoldInOptions } from '../variants/index.ts';
import { deletePictureRows, listPictureRows, slugsLike } from './product-admin.repository.ts';
import { getProductForStaff, PRODUCT_NOT_FOUND, SLUG_TAKEN } from './product-reads.admin.ts';
import {
  insertAttributes,
  insertProductImages,
  insertProducts,
  listProductAttributes,
  lockProduct,
  type ProductChanges,
  type ProductRow,
  productSlugTaken,
  replaceAttributes,
  updateProduct,
  updateProductImage,
} from './products.repository.ts';

const BEFORE_DISCOUNT_ABOVE_PRICE = 'The price before discount must be above the price.';

/** The before-discount price rule: none, or above the price; the error names the field the request sent. */
export function checkBeforeDiscount(prices: { price: number; beforeDiscount: number | null }, field: string): void {
  if (prices.beforeDiscount !== null && prices.beforeDiscount <= prices.price) {
    throw new ValidationError({
      [field]:
        field === 'price'
          ? [`The price must stay below the price before discount (${formatMinor(prices.beforeDiscount)}).`]
          : [BEFORE_DISCOUNT_ABOVE_PRICE],
    });
  }
}

/** The pictures named, each an uploaded picture of this shop; a clear error on the `images` field otherwise. */
async function requirePictures(ctx: RequestContext, pictures: AdminProductPictureInput[]): Promise<void> {
  if (pictures.length === 0) return;
  if (new Set(pictures.map((picture) => picture.media)).size < pictures.length) {
    throw new ValidationError({ images: ['Each picture appears once.'] });
  }
  const found = await findPicturesById(
    ctx,
    pictures.map((picture) => picture.media),
  );
  const missing = pictures.filter((picture) => !found.has(picture.media)).map((picture) => picture.media);
  if (missing.length > 0) {
    throw new ValidationError({
      images: [
        `No uploaded picture has the id ${missing.join(', ')}: upload ${missing.length > 1 ? 'them' : 'it'} again.`,
      ],
    });
  }
}

/** A slug for `name` that no product of the shop has: the name's slug, else with -2, -3… after it. */
async function derivedSlug(tx: TransactionContext, name: string): Promise<string> {
  const base = slugFromName(name, 190) || 'product';
  return firstFreeSlug(base, await slugsLike(tx.scope, base));
}

/** The audit summary of product fields, in their wire names (the long description only as changed). */
function auditedFields(
  changes: ProductChanges & {
    attributes?: { key: string; value: string }[];
    images?: { media: number; alt_text: string }[];
    stock?: number;
  },
) {
  const picked: Record<string, unknown> = {};
  const set = (name: string, value: unknown) => {
    if (value !== undefined) picked[name] = value;
  };
  set('name', changes.name);
  set('slug', changes.slug);
  set('category', changes.categoryId);
  set('description', changes.description);
  if (changes.longHtmlDescription != null) picked.long_html_description = '(changed)';
  set('price', changes.priceCents === undefined ? undefined : formatMinor(changes.priceCents));
  if (changes.priceBeforeDiscountCents !== undefined) {
    picked.price_before_discount =
      changes.priceBeforeDiscountCents === null ? null : formatMinor(changes.priceBeforeDiscountCents);
  }
  set('is_active', changes.isActive);
  set('is_featured', changes.isFeatured);
  set('low_stock_threshold', changes.lowStockThreshold);
  set('made_to_order', changes.madeToOrder);
  set('lead_time_days', changes.leadTimeDays);
  set('hs_code', changes.hsCode);
  set('country_of_origin', changes.countryOfOrigin);
  set('customs_description', changes.customsDescription);
  set('weight_grams', changes.weightGrams);
  set('age_restricted', changes.ageRestricted);
  set('attributes', changes.attributes);
  set('images', changes.images);
  set('stock', changes.stock);
  return picked;
}

/** A piece made to order says how long it takes (the variant grid's rule too: `LEAD_TIME_REQUIRED`). */
export const LEAD_TIME_REQUIRED = 'A piece made to order needs its lead time in days.';

function checkLeadTime(product: { madeToOrder: boolean; leadTimeDays: number | null }): void {
  if (product.madeToOrder && product.leadTimeDays === null) {
    throw new ValidationError({ lead_time_days: [LEAD_TIME_REQUIRED] });
  }
}

const picturesOf = (pictures: AdminProductPictureInput[]) =>
  pictures.map((picture) => ({ media: picture.media, alt_text: picture.alt_text ?? '' }));

/**
 * `POST /admin/products/`: a new product of the shop, with its attributes, its opening stock (the ledger's first
 * entry) and its pictures (uploaded first; the first is the main image), in one transaction. Without a slug, one is
 * derived from the name, unique in the shop; a slug given that another product has is refused.
 */
export async function createProductByStaff(
  ctx: RequestContext,
  body: AdminProductCreateBody,
  stock: ProductFormStock,
): Promise<AdminProduct> {
  requireStaff(ctx);
  const values = {
    name: body.name,
    categoryId: body.category,
    description: body.description ?? '',
    longHtmlDescription: body.long_html_description ?? '',
    priceCents: priceCents(body.price),
    priceBeforeDiscountCents:
      body.price_before_discount == null ? null : priceCents(body.price_before_discount, 'price_before_discount'),
    isActive: body.is_active ?? true,
    isFeatured: body.is_featured ?? false,
    ...(body.low_stock_threshold === undefined ? {} : { lowStockThreshold: body.low_stock_threshold }),
    madeToOrder: body.made_to_order ?? false,
    leadTimeDays: body.lead_time_days ?? null,
    hsCode: body.hs_code ?? '',
    countryOfOrigin: body.country_of_origin ?? '',
    customsDescription: body.customs_description ?? '',
    weightGrams: body.weight_grams ?? null,
    ageRestricted: body.age_restricted ?? false,
  };
  checkLeadTime(values);
  checkBeforeDiscount(
    { price: values.priceCents, beforeDiscount: values.priceBeforeDiscountCents },
    'price_before_discount',
  );
  const attributes = body.attributes ?? [];
  const pictures = picturesOf(body.images ?? []);
  const id = await withSlugConflict(
    () =>
      inTransaction(ctx, async (tx) => {
        await requireCategory(tx, values.categoryId);
        await requirePictures(tx, body.images ?? []);
        const slug = body.slug ?? (await derivedSlug(tx, body.name));
        if (body.slug !== undefined && (await productSlugTaken(tx.scope, slug))) throw new ValidationError(SLUG_TAKEN);
        const [main] = pictures;
        // Inserted without stock: the units come in through the ledger's opening entry below.
        const [row] = await insertProducts(tx.scope, [
          { ...values, slug, stock: 0, mainImageId: main?.media ?? null, mainImageAlt: main?.alt_text ?? '' },
        ]);
        if (!row) throw new Error('product insert returned nothing');
        await insertAttributes(
          tx.scope,
          attributes.map((attribute, order) => ({ productId: row.id, ...attribute, order })),
        );
        await insertProductImages(
          tx.scope,
          pictures.map((picture, order) => ({
            productId: row.id,
            imageId: picture.media,
            altText: picture.alt_text,
            order,
          })),
        );
        await stock.open(tx, { productId: row.id, quantity: body.stock ?? 0 });
        await recordAudit(tx, {
          action: 'product.create',
          entity: 'product',
          entityId: row.id,
          after: auditedFields({
            ...values,
            slug,
            lowStockThreshold: row.lowStockThreshold,
            attributes,
            images: pictures.length > 0 ? pictures : undefined,
            stock: body.stock ?? 0,
          }),
        });
        return row.id;
      }),
    SLUG_TAKEN,
  );
  return getProductForStaff(ctx, id);
}

/** The fields of `changes` whose value differs from the product's. */
function changedFields(product: ProductRow, changes: ProductChanges): ProductChanges {
  const changed: ProductChanges = {};
  for (const [key, value] of Object.entries(changes) as [keyof ProductChanges, unknown][]) {
    if (value === undefined || value === product[key]) continue;
    (changed as Record<string, unknown>)[key] = value;
  }
  return changed;
}

/** The product's fields as they were, for those that change. */
function fieldsBefore(product: ProductRow, changes: ProductChanges): ProductChanges {
  return Object.fromEntries(Object.keys(changes).map((key) => [key, product[key as keyof ProductChanges]]));
}

/**
 * Replaces a product's pictures by `pictures` (display order; the first the main image): a picture kept keeps its row
 * (its text and place updated), one left out is removed, a new one added. Whether anything changed, and the list
 * before, for the audit.
 */
async function replacePictures(
  tx: TransactionContext,
  product: ProductRow,
  pictures: { media: number; alt_text: string }[],
): Promise<{ changed: boolean; before: { media: number; alt_text: string }[] }> {
  const rows = await listPictureRows(tx.scope, product.id);
  const before = rows.map((row) => ({ media: row.imageId, alt_text: row.altText }));
  const [main] = pictures;
  const mainChanged = (main?.media ?? null) !== product.mainImageId || (main?.alt_text ?? '') !== product.mainImageAlt;
  if (JSON.stringify(before) === JSON.stringify(pictures) && !mainChanged) return { changed: false, before };
  const kept = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!kept.has(row.imageId)) kept.set(row.imageId, row);
  const wanted = new Set(pictures.map((picture) => picture.media));
  await deletePictureRows(
    tx.scope,
    rows.filter((row) => !wanted.has(row.imageId) || kept.get(row.imageId) !== row).map((row) => row.id),
  );
  const added: { productId: number; imageId: number; altText: string; order: number }[] = [];
  for (const [order, picture] of pictures.entries()) {
    const row = kept.get(picture.media);
    if (!row) added.push({ productId: product.id, imageId: picture.media, altText: picture.alt_text, order });
    else if (row.order !== order || row.altText !== picture.alt_text) {
      await updateProductImage(tx.scope, row.id, { order, altText: picture.alt_text });
    }
  }
  await insertProductImages(tx.scope, added);
  if (mainChanged) {
    await updateProduct(tx.scope, product.id, { mainImageId: main?.media ?? null, mainImageAlt: main?.alt_text ?? '' });
  }
  return { changed: true, before };
}

/**
 * `PATCH /admin/products/{id}/`: changes the fields given, in one transaction: `attributes` and `images` replace their
 * lists, a `stock` other than the product's is counted through the ledger. Audited.
 */
export async function updateProductByStaff(
  ctx: RequestContext,
  productId: number,
  body: AdminProductUpdateBody,
  stock: ProductFormStock,
): Promise<AdminProduct> {
  requireStaff(ctx);
  const requested: ProductChanges = {
    name: body.name,
    slug: body.slug,
    categoryId: body.category,
    description: body.description,
    // Compared as it would be stored, so that sending the same text again changes nothing.
    longHtmlDescription:
      body.long_html_description === undefined ? undefined : sanitizeRichText(body.long_html_description),
    priceCents: body.price === undefined ? undefined : priceCents(body.price),
    priceBeforeDiscountCents:
      body.price_before_discount === undefined
        ? undefined
        : body.price_before_discount === null
          ? null
          : priceCents(body.price_before_discount, 'price_before_discount'),
    isActive: body.is_active,
    isFeatured: body.is_featured,
    lowStockThreshold: body.low_stock_threshold,
    madeToOrder: body.made_to_order,
    leadTimeDays: body.lead_time_days,
    hsCode: body.hs_code,
    countryOfOrigin: body.country_of_origin,
    customsDescription: body.customs_description,
    weightGrams: body.weight_grams,
    ageRestricted: body.age_restricted,
  };
  await withSlugConflict(
    () =>
      inTransaction(ctx, async (tx) => {
        const product = await lockProduct(tx.scope, productId);
        if (!product) throw new NotFoundError(...PRODUCT_NOT_FOUND);
        const changes = changedFields(product, requested);
        checkLeadTime({
          madeToOrder: changes.madeToOrder ?? product.madeToOrder,
          leadTimeDays: changes.leadTimeDays === undefined ? product.leadTimeDays : changes.leadTimeDays,
        });
        checkBeforeDiscount(
          {
            price: changes.priceCents ?? product.priceCents,
            beforeDiscount:
              changes.priceBeforeDiscountCents === undefined
                ? product.priceBeforeDiscountCents
                : changes.priceBeforeDiscountCents,
          },
          body.price_before_discount === undefined ? 'price' : 'price_before_discount',
        );
        if (changes.slug !== undefined && (await productSlugTaken(tx.scope, changes.slug, productId))) {
          throw new ValidationError(SLUG_TAKEN);
        }
        if (changes.categoryId !== undefined) await requireCategory(tx, changes.categoryId);
        if (body.images) await requirePictures(tx, body.images);
        const attributesBefore = body.attributes ? await listProductAttributes(tx.scope, productId) : [];
        const attributesChanged =
          body.attributes !== undefined && JSON.stringify(attributesBefore) !== JSON.stringify(body.attributes);
        if (Object.keys(changes).length > 0) await updateProduct(tx.scope, productId, changes);
        if (body.attributes && attributesChanged) await replaceAttributes(tx.scope, productId, body.attributes);
        const pictures = body.images ? picturesOf(body.images) : undefined;
        const replaced = pictures ? await replacePictures(tx, product, pictures) : undefined;
        if (body.stock !== undefined && body.stock !== product.stock && (await isSoldInOptions(tx, productId))) {
          throw new ValidationError({
            stock: ["This product's stock is its variants': count it in the variant grid."],
          });
        }
        const counted =
          body.stock === undefined || body.stock === product.stock
            ? undefined
            : await stock.count(tx, { productId, stock: body.stock });
        if (Object.keys(changes).length === 0 && !attributesChanged && !replaced?.changed && !counted) return;
        await recordAudit(tx, {
          action: 'product.update',
          entity: 'product',
          entityId: productId,
          before: auditedFields({
            ...fieldsBefore(product, changes),
            attributes: attributesChanged ? attributesBefore : undefined,
            images: replaced?.changed ? replaced.before : undefined,
            stock: counted?.before,
          }),
          after: auditedFields({
            ...changes,
            attributes: attributesChanged ? body.attributes : undefined,
            images: replaced?.changed ? pictures : undefined,
            stock: counted?.after,
          }),
        });
      }),
    SLUG_TAKEN,
  );
  return getProductForStaff(ctx, productId);
}
