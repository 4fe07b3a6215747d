import type { RequestContext, TransactionContext } from '../../../lib/context.ts';
import { BadRequestError, NotFoundError } from '../../../lib/errors.ts';
import { inTransaction } from '../../../lib/unit-of-work.ts';
import { productOptionsOf } from './variants.format.ts';
import {
  findRedirect,
  insertVariants,
  listVariants,
  lockProductForOptions,
  type NewVariantRow,
  type ProductVariantRow,
  takenSkus,
  upsertRedirect,
  writeProductOptions,
} from './variants.repository.ts';
import { findSkuOwners, hasVariants, listVariantsOf, type VariantRow } from './variants-admin.repository.ts';

export type { ProductVariantRow, VariantRow };

/** Whether the product is sold in options (has variants). */
export async function isSoldInOptions(tx: TransactionContext, productId: number): Promise<boolean> {
  return hasVariants(tx.scope, productId);
}

/** The variants of these products, in position order (then id). */
export async function listVariantsOfProducts(ctx: RequestContext, productIds: number[]): Promise<VariantRow[]> {
  return listVariantsOf(ctx.scope, productIds);
}

/** The shop's products whose variants have these SKUs: their ids, by SKU. */
export async function findVariantSkuOwners(ctx: RequestContext, skus: string[]): Promise<Map<string, number>> {
  return findSkuOwners(ctx.scope, [...new Set(skus)]);
}

/** The `options`, `personalisation` and `variants` of a product as staff read it. */
export async function optionsForStaff(
  ctx: RequestContext,
  product: Parameters<typeof productOptionsOf>[0] & { id: number },
): Promise<ReturnType<typeof productOptionsOf>> {
  return productOptionsOf(product, await listVariants(ctx.scope, product.id));
}

/** At most this many option types on a product (decision 018). */
export const MAX_OPTION_TYPES = 3;

/** One variant to create: `options` are its values in the order of the product's option types. */
export interface NewProductVariant {
  sku: string;
  options: string[];
  /** Its own price (minor units); null or absent: the product's. The default variant's becomes the product's price. */
  priceCents?: number | null;
  priceBeforeDiscountCents?: number | null;
  stock?: number;
  weightGrams?: number | null;
  /** Pictures of the product (`product_images` ids) shown for it, first first. */
  imageIds?: number[];
  isActive?: boolean;
  /** Its own lead text (absent: the product's). */
  description?: string | null;
  /** Its own specification values: each replaces the product's attribute of the same key (or is added). */
  attributes?: { key: string; value: string }[];
  /** Its own alt texts of pictures of the product (`product_images` ids). */
  imageAltTexts?: { imageId: number; altText: string }[];
}

/** A text the shopper writes for their piece (an engraving), adding `priceCents` to the unit when filled in. */
export interface NewPersonalisationField {
  key: string;
  label: string;
  maxLength: number;
  priceCents: number;
  required?: boolean;
}

/** A product's options as it gains them: its option types, its variants in display order, its personalisation. */
export interface NewProductOptions {
  productId: number;
  options: { name: string; values: string[] }[];
  variants: NewProductVariant[];
  personalisation?: NewPersonalisationField[];
  /** Old addresses leading to this product: `variant` is the index in `variants` of the one they show (or null). */
  redirects?: { oldSlug: string; variant: number | null }[];
}

/**
 * The stock ledger as a product gains variants: the inventory module's (it builds on the catalog, so the caller hands
 * it in). `takeOut` moves the product's own units out (an adjustment) before its variants bring theirs in.
 */
export interface VariantStock {
  takeOut(tx: TransactionContext, input: { productId: number; quantity: number }): Promise<void>;
}

function refuse(detail: string, code = 'invalid_options'): never {
  throw new BadRequestError(detail, code);
}

function checkOptions(input: NewProductOptions): void {
  const { options, variants } = input;
  // Personalisation alone: a product bought as it is, with texts to write.
  const personalisationOnly = options.length === 0 && variants.length === 0;
  if (!personalisationOnly && (options.length < 1 || options.length > MAX_OPTION_TYPES)) {
    refuse(`A product has between 1 and ${MAX_OPTION_TYPES} option types.`);
  }
  const names = new Set<string>();
  for (const option of options) {
    if (!option.name.trim() || names.has(option.name)) refuse('Each option type has its own name.');
    names.add(option.name);
    if (option.values.length === 0 || new Set(option.values).size !== option.values.length) {
      refuse(`The option "${option.name}" has values, each once.`);
    }
  }
  if (variants.length === 0 && !personalisationOnly)
    refuse('A product sold in options has at least one variant.', 'invalid_variants');
  const combinations = new Set<string>();
  const skus = new Set<string>();
  for (const variant of variants) {
    if (
      variant.options.length !== options.length ||
      variant.options.some((value, index) => !options[index]?.values.includes(value))
    ) {
      refuse(`The variant ${variant.sku} names one value of each option type, in their order.`, 'invalid_variants');
    }
    const combination = JSON.stringify(variant.options);
    if (combinations.has(combination)) refuse('Each combination of options is one variant.', 'invalid_variants');
    combinations.add(combination);
    if (!variant.sku.trim() || variant.sku.length > 64 || skus.has(variant.sku)) {
      refuse('Each variant has its own SKU (at most 64 characters).', 'invalid_variants');
    }
    skus.add(variant.sku);
    for (const amount of [variant.stock, variant.priceCents, variant.priceBeforeDiscountCents]) {
      if (amount != null && (!Number.isInteger(amount) || amount < 0)) {
        refuse(`The variant ${variant.sku}'s stock and prices are whole numbers, 0 or more.`, 'invalid_variants');
      }
    }
  }
  const keys = new Set<string>();
  for (const field of input.personalisation ?? []) {
    if (
      !/^[a-z][a-z0-9_]*$/.test(field.key) ||
      keys.has(field.key) ||
      !Number.isInteger(field.maxLength) ||
      field.maxLength < 1 ||
      !Number.isInteger(field.priceCents) ||
      field.priceCents < 0
    ) {
      refuse(
        'Each personalisation field has its own key (lower case, underscores) and a length.',
        'invalid_personalisation',
      );
    }
    keys.add(field.key);
  }
  for (const redirect of input.redirects ?? []) {
    if (redirect.variant !== null && variants[redirect.variant] === undefined) {
      refuse(`The old address ${redirect.oldSlug} names no variant.`, 'invalid_redirect');
    }
  }
}

/**
 * Gives a product without variants its option types, variants and personalisation fields (decision 018; no option
 * types nor variants: its personalisation alone), in one transaction. The default variant (the first on sale) carries
 * the product's price (its own price, when given, becomes the product's); each variant's stock is its opening entry in
 * the ledger. A product holding units of its own has them taken out through `stock` first (refused without it). Old
 * addresses given lead to the product and their variant. The variants created, in input order.
 */
export async function createProductVariants(
  ctx: RequestContext,
  input: NewProductOptions,
  stock?: VariantStock,
): Promise<ProductVariantRow[]> {
  checkOptions(input);
  return inTransaction(ctx, async (tx) => {
    const product = await lockProductForOptions(tx.scope, input.productId);
    if (!product) throw new NotFoundError('Product not found.', 'product_not_found');
    if (product.variantCount > 0) refuse('This product already has variants.', 'variants_exist');
    const taken = await takenSkus(
      tx.scope,
      input.variants.map((variant) => variant.sku),
    );
    if (taken.length > 0) refuse(`Another variant already has the SKU ${taken.join(', ')}.`, 'sku_taken');
    if (product.stock > 0 && input.variants.length > 0) {
      if (!stock) refuse('The product’s own units must be taken out before it gains variants.', 'stock_not_moved');
      await stock.takeOut(tx, { productId: product.id, quantity: product.stock });
    }
    const defaultIndex = input.variants.findIndex((variant) => variant.isActive !== false);
    const defaultVariant = input.variants[defaultIndex];
    await writeProductOptions(tx.scope, product.id, {
      options: input.options,
      personalisation: (input.personalisation ?? []).map((field) => ({
        key: field.key,
        label: field.label,
        max_length: field.maxLength,
        price_cents: field.priceCents,
        required: field.required ?? false,
      })),
      ...(defaultVariant?.priceCents == null ? {} : { priceCents: defaultVariant.priceCents }),
      ...(defaultVariant?.priceBeforeDiscountCents === undefined
        ? {}
        : { priceBeforeDiscountCents: defaultVariant.priceBeforeDiscountCents }),
    });
    const rows: NewVariantRow[] = input.variants.map((variant, position) => ({
      sku: variant.sku,
      optionValues: variant.options,
      // The default variant's prices are the product's own.
      priceCents: position === defaultIndex ? null : (variant.priceCents ?? null),
      priceBeforeDiscountCents: position === defaultIndex ? null : (variant.priceBeforeDiscountCents ?? null),
      stock: variant.stock ?? 0,
      weightGrams: variant.weightGrams ?? null,
      imageIds: variant.imageIds ?? [],
      isActive: variant.isActive ?? true,
      position,
      description: variant.description ?? null,
      attributes: variant.attributes ?? [],
      imageAltTexts: (variant.imageAltTexts ?? []).map((text) => ({ image_id: text.imageId, alt_text: text.altText })),
    }));
    const created = await insertVariants(tx.scope, product.id, rows);
    for (const redirect of input.redirects ?? []) {
      await upsertRedirect(tx.scope, {
        oldSlug: redirect.oldSlug,
        productId: product.id,
        variantId: redirect.variant === null ? null : (created[redirect.variant]?.id ?? null),
      });
    }
    const changed = created.filter((variant) => variant.stock > 0);
    if (changed.length > 0)
      tx.emit({ name: 'stock.changed', payload: { tenantId: tx.tenant.id, productIds: [product.id] } });
    return created;
  });
}

/**
 * A product's old address: it was merged into another product as one of its variants. The product route answers a
 * permanent redirect to `slug` (with `?variant=`), its body the contracts' `ProductMoved`.
 */
export class ProductMovedError extends Error {
  constructor(
    readonly slug: string,
    readonly variantId: number | null,
  ) {
    super('This product has moved.');
    this.name = 'ProductMovedError';
  }
}

/** Where a product's old address leads (an active product's slug and the variant it showed), or null. */
export async function findProductRedirect(
  ctx: RequestContext,
  oldSlug: string,
): Promise<{ slug: string; variantId: number | null } | null> {
  return findRedirect(ctx.scope, oldSlug);
}

/**
 * The labels of a product's variants by id: their option values as the variant grid names them ("15 inch / Satin"),
 * what the stock ledger names a variant's movements by.
 */
export async function variantLabels(ctx: RequestContext, productId: number): Promise<Map<number, string>> {
  const variants = await listVariants(ctx.scope, productId);
  return new Map(variants.map((variant) => [variant.id, variant.optionValues.join(' / ')]));
}
