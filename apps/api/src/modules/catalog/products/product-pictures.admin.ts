// A product's pictures as staff set them: one by one (an upload, its alt text and place, a removal) or all at once
// from the files named by the product CSV. Every write runs in one transaction with its audit entry.

import type { AdminProduct, AdminProductImageBody } from '@platform/contracts/admin-catalog';
import type { TransactionContext } from '../../../lib/context.ts';
import { type RequestContext, requireStaff } from '../../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../../lib/errors.ts';
import { inTransaction } from '../../../lib/unit-of-work.ts';
import { recordAudit } from '../../audit/index.ts';
import { storeImage } from '../../media/index.ts';
import { getProductForStaff, PRODUCT_NOT_FOUND } from './product-reads.admin.ts';
import {
  deleteProductImage,
  findAdminProduct,
  findPictureIdsByKey,
  findProductImage,
  insertProductImage,
  listProductImageFiles,
  lockProduct,
  nextImageOrder,
  updateProduct,
  updateProductImage,
} from './products.repository.ts';

const IMAGE_ALT_MAX = 200;

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

/** Keys in the order a product shows them: its main image first, then the others in display order. */
function mainFirst(pictures: { imageId: number; imageKey: string }[], mainImageId: number | null): string[] {
  const main = pictures.find((picture) => picture.imageId === mainImageId);
  return (main ? [main, ...pictures.filter((picture) => picture !== main)] : pictures).map(
    (picture) => picture.imageKey,
  );
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
