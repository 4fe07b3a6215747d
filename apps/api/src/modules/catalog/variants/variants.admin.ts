// A product's options and variants as staff write them (decision 018): the option types and personalisation fields,
// the variants generated from their combinations, and the variant grid's save. Each write runs in one transaction
// with its audit entry; stock moves through the inventory's ledger only.

import { formatMinor } from '@platform/contracts';
import type {
  AdminProductOptionsBody,
  AdminProductVariantsBody,
  AdminVariantChange,
} from '@platform/contracts/admin-catalog';
import { slugFromName } from '@platform/contracts/admin-products';
import type { RequestContext, TransactionContext } from '../../../lib/context.ts';
import { requireStaff } from '../../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/errors.ts';
import { priceCents } from '../../../lib/form-errors.ts';
import { inTransaction } from '../../../lib/unit-of-work.ts';
import { recordAudit } from '../../audit/index.ts';
import type { ProductFormStock } from '../stock/index.ts';
import {
  listVariants,
  lockProductPrices,
  type ProductPrices,
  updateProductPrices,
  writeProductOptions,
} from './variants.repository.ts';
import {
  deleteVariants,
  insertGeneratedVariants,
  type NewVariant,
  productImageIds,
  skusLike,
  skusTaken,
  updateVariant,
  type VariantChanges,
  type VariantRow,
} from './variants-admin.repository.ts';

const PRODUCT_NOT_FOUND = ['Product not found.', 'product_not_found'] as const;

/** The ledger's note of a count made in the variant grid. */
export const GRID_COUNT_NOTE = 'Counted in the variant grid';
/** The ledger's notes of a product's stock moved into its first variant when it gains options. */
const MOVED_OUT_NOTE = 'Moved into its first variant';
const MOVED_IN_NOTE = 'Moved from the product';

const key = (values: string[]) => JSON.stringify(values);

/** Every combination of the option types' values, the first type's values varying slowest. */
export function combinations(options: { values: string[] }[]): string[][] {
  let result: string[][] = [[]];
  for (const option of options) result = result.flatMap((head) => option.values.map((value) => [...head, value]));
  return options.length === 0 ? [] : result;
}

/** The default variant: the first on sale by position (then id). */
function defaultOf(variants: VariantRow[]): VariantRow | undefined {
  return [...variants].sort((a, b) => a.position - b.position || a.id - b.id).find((variant) => variant.isActive);
}

function describe(variant: VariantRow): string {
  return `${variant.optionValues.join(' / ')} (${variant.sku})`;
}

/** The product's part of its variants' derived SKUs: its slug, at most 30 characters. */
const skuPrefix = (productSlug: string) => productSlug.slice(0, 30).replace(/-+$/, '') || 'product';

/**
 * A SKU for a combination: `<product slug>-<values>` (at most 30 and 28 characters, so that a -2, -3… suffix still
 * fits in 64), not in `taken` (the shop's SKUs that start with the same prefix).
 */
function derivedSku(productSlug: string, values: string[], taken: Set<string>): string {
  const tail = (slugFromName(values.join(' '), 28) || 'variant').replace(/-+$/, '');
  const base = `${skuPrefix(productSlug)}-${tail}`;
  let sku = base;
  for (let n = 2; taken.has(sku); n++) sku = `${base}-${n}`;
  taken.add(sku);
  return sku;
}

/**
 * Keeps the default variant's prices on the product (decisions 018, 020): when another variant became the default
 * (the old one removed, taken off sale or moved), its own prices become the product's (its before-discount price
 * even when it has none: a variant's null is none), and the old default, still there, keeps the prices it had
 * (`old`, the product's before the write). `beforeSet`: the variants whose before-discount price the write itself
 * set, left as it set them.
 */
async function settleDefault(
  tx: TransactionContext,
  productId: number,
  previous: VariantRow | undefined,
  old: { priceCents: number; priceBeforeDiscountCents: number | null },
  beforeSet: ReadonlySet<number> = new Set(),
): Promise<void> {
  const variants = await listVariants(tx.scope, productId);
  const current = defaultOf(variants);
  if (!current) return;
  const becameDefault = previous !== undefined && previous.id !== current.id;
  const changes: Partial<ProductPrices> = {};
  if (current.priceCents !== null) changes.priceCents = current.priceCents;
  if (current.priceBeforeDiscountCents !== null || (becameDefault && !beforeSet.has(current.id))) {
    changes.priceBeforeDiscountCents = current.priceBeforeDiscountCents;
  }
  if (Object.keys(changes).length > 0) {
    await updateProductPrices(tx.scope, productId, changes);
    await updateVariant(tx.scope, current.id, { priceCents: null, priceBeforeDiscountCents: null });
  }
  const oldDefault = becameDefault ? variants.find((variant) => variant.id === previous.id) : null;
  if (!oldDefault) return;
  const product = await lockProductPrices(tx.scope, productId);
  const kept: VariantChanges = {};
  if (oldDefault.priceCents === null && product && product.priceCents !== old.priceCents) {
    kept.priceCents = old.priceCents;
  }
  if (oldDefault.priceBeforeDiscountCents === null && !beforeSet.has(oldDefault.id)) {
    kept.priceBeforeDiscountCents = old.priceBeforeDiscountCents;
  }
  if (Object.keys(kept).length > 0) await updateVariant(tx.scope, oldDefault.id, kept);
}

/**
 * `PUT /admin/products/{id}/options/`: sets the product's option types and personalisation fields and generates its
 * variants: one per combination, those already there kept (matched by their values), the missing ones created (SKU
 * from the product's slug and the values, the product's price, no stock), the dropped ones removed, refused while
 * one of them holds stock. A product that had stock and gains options has its stock moved into its first variant;
 * no option types make it a product sold as it is again. Audited.
 */
export async function writeOptionsByStaff(
  ctx: RequestContext,
  productId: number,
  body: AdminProductOptionsBody,
  stock: ProductFormStock,
): Promise<void> {
  requireStaff(ctx);
  const personalisation = body.personalisation.map((field, index) => ({
    key: field.key,
    label: field.label,
    max_length: field.max_length,
    price_cents: priceCents(field.price, `personalisation.${index}.price`),
    required: field.required,
  }));
  await inTransaction(ctx, async (tx) => {
    const product = await lockProductPrices(tx.scope, productId);
    if (!product) throw new NotFoundError(...PRODUCT_NOT_FOUND);
    const existing = await listVariants(tx.scope, productId);
    const previousDefault = defaultOf(existing);
    const wanted = combinations(body.options);
    const wantedKeys = new Set(wanted.map(key));
    const dropped = existing.filter((variant) => !wantedKeys.has(key(variant.optionValues)));
    const holding = dropped.filter((variant) => variant.stock > 0);
    if (holding.length > 0) {
      throw new ConflictError(
        `These variants still hold stock: ${holding.map((variant) => `${describe(variant)}: ${variant.stock}`).join(', ')}. Set their stock to 0 before removing them.`,
        'variant_has_stock',
      );
    }
    await deleteVariants(
      tx.scope,
      dropped.map((variant) => variant.id),
    );
    const kept = new Map(
      existing.filter((variant) => !dropped.includes(variant)).map((variant) => [key(variant.optionValues), variant]),
    );
    // The product's stock moves into its first variant: out of the product first (it has no variant yet, so its own
    // stock may change), then in with the variant's opening entry.
    const moved = existing.length === 0 && wanted.length > 0 ? product.stock : 0;
    if (moved > 0) await stock.count(tx, { productId, stock: 0, note: MOVED_OUT_NOTE });
    const taken = await skusLike(tx.scope, skuPrefix(product.slug));
    const created: NewVariant[] = [];
    for (const [position, values] of wanted.entries()) {
      const variant = kept.get(key(values));
      if (variant) {
        if (variant.position !== position) await updateVariant(tx.scope, variant.id, { position });
        continue;
      }
      created.push({
        productId,
        sku: derivedSku(product.slug, values, taken),
        optionValues: values,
        position,
        stock: created.length === 0 ? moved : 0,
      });
    }
    await insertGeneratedVariants(tx.scope, created, MOVED_IN_NOTE);
    await writeProductOptions(tx.scope, productId, { options: body.options, personalisation });
    await settleDefault(tx, productId, previousDefault, product);
    await recordAudit(tx, {
      action: 'product.options',
      entity: 'product',
      entityId: productId,
      before: {
        options: product.options,
        personalisation: product.personalisation.map(({ price_cents, ...field }) => ({
          ...field,
          price: formatMinor(price_cents),
        })),
      },
      after: {
        options: body.options,
        personalisation: body.personalisation,
        variants_created: created.map((variant) => variant.sku),
        variants_removed: dropped.map((variant) => variant.sku),
        ...(moved > 0 ? { stock_moved: moved } : {}),
      },
    });
  });
}

/** A variant's changes in the grid, as stored; prices of the default variant are set on the product instead. */
function variantChanges(change: AdminVariantChange): VariantChanges {
  const changes: VariantChanges = {};
  if (change.sku !== undefined) changes.sku = change.sku;
  if (change.price !== undefined)
    changes.priceCents = change.price === null ? null : priceCents(change.price, `variants.${change.id}.price`);
  if (change.price_before_discount !== undefined)
    changes.priceBeforeDiscountCents =
      change.price_before_discount === null
        ? null
        : priceCents(change.price_before_discount, `variants.${change.id}.price_before_discount`);
  if (change.weight_grams !== undefined) changes.weightGrams = change.weight_grams;
  if (change.made_to_order !== undefined) changes.madeToOrder = change.made_to_order;
  if (change.lead_time_days !== undefined) changes.leadTimeDays = change.lead_time_days;
  if (change.image_ids !== undefined) changes.imageIds = change.image_ids;
  if (change.is_active !== undefined) changes.isActive = change.is_active;
  if (change.position !== undefined) changes.position = change.position;
  // A blank lead text is none of its own: the product's shows.
  if (change.description !== undefined) changes.description = change.description || null;
  if (change.attributes !== undefined) changes.attributes = change.attributes;
  // Kept by picture id, so that the same texts sent in another order are no change.
  if (change.image_alt_texts !== undefined)
    changes.imageAltTexts = [...change.image_alt_texts].sort((a, b) => a.image_id - b.image_id);
  // Customs details of its own only where they differ (issue 48): blank is the product's.
  if (change.hs_code !== undefined) changes.hsCode = change.hs_code || null;
  if (change.country_of_origin !== undefined) changes.countryOfOrigin = change.country_of_origin || null;
  if (change.customs_description !== undefined) changes.customsDescription = change.customs_description || null;
  return changes;
}

/** A value as text whatever the order of its objects' keys (a jsonb column gives them back in its own order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** The fields of `changes` that differ from the variant's. */
function changedOf(variant: VariantRow, changes: VariantChanges): VariantChanges {
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([name, value]) => canonical(value) !== canonical(variant[name as keyof VariantRow]),
    ),
  );
}

/**
 * `PATCH /admin/products/{id}/variants/`: the variant grid's save, each variant's fields given changed; a stock is a
 * count, recorded in the ledger as an adjustment of the difference. A SKU another variant of the shop has is refused
 * (409); the default variant's price is the product's, so setting it sets the product's. Audited; `note` is the
 * ledger's note of the counts.
 */
export async function writeVariantsByStaff(
  ctx: RequestContext,
  productId: number,
  body: AdminProductVariantsBody,
  stock: ProductFormStock,
  note = GRID_COUNT_NOTE,
): Promise<void> {
  requireStaff(ctx);
  const requested = body.variants.map((change) => ({ change, changes: variantChanges(change) }));
  await inTransaction(ctx, async (tx) => {
    const product = await lockProductPrices(tx.scope, productId);
    if (!product) throw new NotFoundError(...PRODUCT_NOT_FOUND);
    const variants = new Map((await listVariants(tx.scope, productId)).map((variant) => [variant.id, variant]));
    const unknown = body.variants.filter((change) => !variants.has(change.id)).map((change) => change.id);
    if (unknown.length > 0) {
      throw new ValidationError({ variants: [`The product has no variant with the id ${unknown.join(', ')}.`] });
    }
    const images = await productImageIds(tx.scope, productId);
    for (const { change } of requested) {
      const foreign = (change.image_ids ?? []).filter((id) => !images.has(id));
      if (foreign.length > 0) {
        throw new ValidationError({ image_ids: [`The product has no picture with the id ${foreign.join(', ')}.`] });
      }
      const unnamed = (change.image_alt_texts ?? []).map((text) => text.image_id).filter((id) => !images.has(id));
      if (unnamed.length > 0) {
        throw new ValidationError({
          image_alt_texts: [`The product has no picture with the id ${unnamed.join(', ')}.`],
        });
      }
    }
    const skus = requested.flatMap(({ changes }) => (changes.sku === undefined ? [] : [changes.sku]));
    if (new Set(skus).size < skus.length) throw new ConflictError('Each variant needs its own SKU.', 'sku_taken');
    const taken = await skusTaken(
      tx.scope,
      skus,
      requested.map(({ change }) => change.id),
    );
    if (taken.length > 0) {
      throw new ConflictError(`Another variant of the shop has the SKU ${taken.join(', ')}.`, 'sku_taken');
    }
    const before = [...variants.values()];
    const previousDefault = defaultOf(before);
    const after = before.map((variant) => {
      const found = requested.find(({ change }) => change.id === variant.id);
      return found ? { ...variant, ...found.changes } : variant;
    });
    const nextDefault = defaultOf(after);
    const productChanges: Partial<ProductPrices> = {};
    const audit: { before: Record<string, unknown>[]; after: Record<string, unknown>[] } = { before: [], after: [] };
    for (const { change, changes } of requested) {
      const variant = variants.get(change.id) as VariantRow;
      const own = { ...changes };
      // NOTE: the default variant's own prices stay null: the product's price is the default variant's.
      if (variant.id === nextDefault?.id) {
        if (own.priceCents != null) productChanges.priceCents = own.priceCents;
        // Its before-discount price is the product's: null takes it away (decision 020).
        if (own.priceBeforeDiscountCents !== undefined)
          productChanges.priceBeforeDiscountCents = own.priceBeforeDiscountCents;
        if (own.priceCents !== undefined) own.priceCents = null;
        if (own.priceBeforeDiscountCents !== undefined) own.priceBeforeDiscountCents = null;
      }
      const changed = changedOf(variant, own);
      if (
        (changed.madeToOrder ?? variant.madeToOrder) &&
        (changed.leadTimeDays === undefined ? variant.leadTimeDays : changed.leadTimeDays) === null
      ) {
        throw new ValidationError({
          lead_time_days: [`A piece made to order needs its lead time in days (variant ${change.id}).`],
        });
      }
      checkVariantPrices(
        change.id,
        product,
        productChanges,
        { ...variant, ...changed },
        variant.id === nextDefault?.id,
      );
      await updateVariant(tx.scope, variant.id, changed);
      if (Object.keys(changed).length > 0) {
        audit.before.push({ id: variant.id, ...pick(variant, Object.keys(changed)) });
        audit.after.push({ id: variant.id, ...wireFields(changed) });
      }
    }
    const counts = requested.flatMap(({ change }) => {
      const variant = variants.get(change.id) as VariantRow;
      return change.stock === undefined || change.stock === variant.stock
        ? []
        : [
            {
              variantId: variant.id,
              quantity: change.stock - variant.stock,
              before: variant.stock,
              after: change.stock,
            },
          ];
    });
    await stock.moveVariants(tx, { productId, changes: counts, note });
    for (const count of counts) {
      audit.before.push({ id: count.variantId, stock: count.before });
      audit.after.push({ id: count.variantId, stock: count.after });
    }
    const priceChanged = Object.entries(productChanges).filter(
      ([name, value]) => value !== product[name as keyof ProductPrices],
    );
    if (priceChanged.length > 0) await updateProductPrices(tx.scope, productId, Object.fromEntries(priceChanged));
    const beforeSet = new Set(
      requested.filter(({ changes }) => changes.priceBeforeDiscountCents !== undefined).map(({ change }) => change.id),
    );
    await settleDefault(tx, productId, previousDefault, product, beforeSet);
    if (audit.after.length === 0 && priceChanged.length === 0) return;
    await recordAudit(tx, {
      action: 'product.variants',
      entity: 'product',
      entityId: productId,
      before: {
        variants: audit.before,
        ...wireFields(Object.fromEntries(priceChanged.map(([name]) => [name, product[name as keyof ProductPrices]]))),
      },
      after: { variants: audit.after, ...wireFields(Object.fromEntries(priceChanged)) },
    });
  });
}

const money = (cents: unknown) => (typeof cents === 'number' ? formatMinor(cents) : null);

/** A variant's (or the product's) stored fields in their wire names, money as decimal strings: what the audit shows. */
function wireFields(fields: Record<string, unknown>): Record<string, unknown> {
  const names: Record<string, [string, (value: unknown) => unknown]> = {
    sku: ['sku', (value) => value],
    priceCents: ['price', money],
    priceBeforeDiscountCents: ['price_before_discount', money],
    weightGrams: ['weight_grams', (value) => value],
    madeToOrder: ['made_to_order', (value) => value],
    leadTimeDays: ['lead_time_days', (value) => value],
    imageIds: ['image_ids', (value) => value],
    isActive: ['is_active', (value) => value],
    position: ['position', (value) => value],
    imageAltTexts: ['image_alt_texts', (value) => value],
    hsCode: ['hs_code', (value) => value],
    countryOfOrigin: ['country_of_origin', (value) => value],
    customsDescription: ['customs_description', (value) => value],
  };
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => {
      const [wire, format] = names[name] ?? [name, (same: unknown) => same];
      return [wire, format(value)];
    }),
  );
}

function pick(variant: VariantRow, names: string[]): Record<string, unknown> {
  return wireFields(Object.fromEntries(names.map((name) => [name, variant[name as keyof VariantRow]])));
}

/** A variant's before-discount price, when it has one, is above the price it is sold at. */
function checkVariantPrices(
  id: number,
  product: ProductPrices,
  productChanges: Partial<ProductPrices>,
  variant: VariantRow,
  isDefault: boolean,
) {
  const productPrice = productChanges.priceCents ?? product.priceCents;
  const productBefore =
    productChanges.priceBeforeDiscountCents === undefined
      ? product.priceBeforeDiscountCents
      : productChanges.priceBeforeDiscountCents;
  const price = isDefault ? productPrice : (variant.priceCents ?? productPrice);
  const before = isDefault ? productBefore : variant.priceBeforeDiscountCents;
  if (before !== null && before <= price) {
    throw new ValidationError({
      price_before_discount: [`The price before discount must be above the price (variant ${id}).`],
    });
  }
}
