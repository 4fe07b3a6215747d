import {
  formatMinor,
  type Product,
  type ProductOptionType,
  type ProductVariant,
  type Review,
} from '@platform/contracts';
import { tagProducts } from '../../../lib/cache-tags.ts';
import type { RequestContext } from '../../../lib/context.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import { inTransaction } from '../../../lib/unit-of-work.ts';
import { imageVariants } from '../../media/index.ts';
import { announcedReduction, toSummary } from '../product-list/index.ts';
import { findProductRedirect, ProductMovedError } from '../variants/index.ts';
import { findActiveProductBySlug, type ProductPageColumn, type VariantJson } from './product-page.repository.ts';
import {
  addToRating,
  findActiveProductById,
  insertAttributes,
  insertProductImages,
  insertProducts,
  type NewProduct,
} from './products.repository.ts';

/**
 * What the product page shows of its reviews: the reviews module's (which builds on the catalog, so the app hands
 * it to the catalog's routes). `column` goes into the page's one statement; `answer` turns its value into the
 * reviews of the answer (and names what they show for the response cache).
 */
export interface ProductPageReviews {
  column: ProductPageColumn;
  answer(ctx: RequestContext, value: unknown): Review[];
}

/**
 * The variants of the page's statement as the answer shows them: the first is the default, whose before-discount
 * price is the product's; another's is its own (none when null, whatever the product's).
 */
function toVariants(row: {
  options: ProductOptionType[];
  variants: VariantJson[];
  priceBeforeDiscountCents: number | null;
}): ProductVariant[] {
  return row.variants.map((variant, index) => ({
    id: variant.id,
    sku: variant.sku,
    options: Object.fromEntries(
      row.options.map((option, position) => [option.name, variant.option_values[position] ?? '']),
    ),
    price: formatMinor(variant.price_cents),
    ...announcedReduction(
      variant.price_cents,
      index === 0 ? row.priceBeforeDiscountCents : variant.price_before_discount_cents,
      variant.lowest_price_cents,
    ),
    stock: variant.stock,
    made_to_order: variant.lead_time_days !== null,
    lead_time_days: variant.lead_time_days,
    weight_grams: variant.weight_grams,
    image_ids: variant.image_ids,
    is_default: index === 0,
    description: variant.description,
    attributes: variant.attributes.map(({ key, value }) => ({ key, value })),
    image_alt_texts: variant.image_alt_texts.map(({ image_id, alt_text }) => ({ image_id, alt_text })),
  }));
}

/**
 * An active product with its images, attributes, reviews, options and variants (one query); inactive or unknown:
 * 404, or, for an old address of a product merged into another, its new address (`ProductMovedError`).
 */
export async function getProduct(ctx: RequestContext, slug: string, reviews: ProductPageReviews): Promise<Product> {
  const row = await findActiveProductBySlug(ctx.scope, slug, reviews.column);
  if (!row) {
    const moved = await findProductRedirect(ctx, slug);
    if (moved) throw new ProductMovedError(moved.slug, moved.variantId);
    throw new NotFoundError();
  }
  tagProducts(ctx, [row.id]);
  const variants = toVariants(row);
  const [defaultVariant] = variants;
  return {
    ...toSummary(ctx, row),
    made_to_order: row.leadTimeDays !== null,
    lead_time_days: row.leadTimeDays,
    // Sold in options: the spec's price and stock are the default variant's.
    ...(defaultVariant
      ? {
          price: defaultVariant.price,
          price_before_discount: defaultVariant.price_before_discount,
          lowest_price_30_days: defaultVariant.lowest_price_30_days ?? null,
          stock: defaultVariant.stock,
          made_to_order: defaultVariant.made_to_order ?? false,
          lead_time_days: defaultVariant.lead_time_days ?? null,
        }
      : {}),
    long_html_description: row.longHtmlDescription,
    images: row.images.map((image) => ({
      id: image.id,
      image: ctx.deps.media.url(image.image_key),
      alt_text: image.alt_text || row.name,
      order: image.order,
      width: image.width,
      height: image.height,
      variants: imageVariants(ctx, {
        imageKey: image.image_key,
        width: image.width,
        height: image.height,
        variantWidths: image.variant_widths,
      }),
    })),
    reviews: reviews.answer(ctx, row.reviews),
    options: row.options.map((option) => ({ name: option.name, values: [...option.values] })),
    variants,
    personalisation: row.personalisation.map((field) => ({
      key: field.key,
      label: field.label,
      max_length: field.max_length,
      price: formatMinor(field.price_cents),
      required: field.required,
    })),
    hs_code: row.hsCode,
    country_of_origin: row.countryOfOrigin,
    age_restricted: row.ageRestricted,
    shipping_restrictions: row.shippingRestrictions.map(({ country, region, message }) => ({
      country,
      region,
      message,
    })),
  };
}

/** An active product of the shop by id (the reviews module's check of what a customer reviews), or null. */
export async function findActiveProduct(ctx: RequestContext, productId: number): Promise<{ id: number } | null> {
  return findActiveProductById(ctx.scope, productId);
}

/**
 * Counts reviews in a product's rating or takes them out (negative `reviews` and `ratingSum`): the count and the
 * average the cards and the page show. Called by the reviews module in the transaction of the review's change.
 */
export async function changeProductRating(
  ctx: RequestContext,
  input: { productId: number; reviews: number; ratingSum: number },
): Promise<void> {
  await addToRating(ctx.scope, input.productId, { reviews: input.reviews, ratingSum: input.ratingSum });
}

// Writes of products for the demo shop and the test builders. NOTE: the repository sanitizes the HTML they carry
// (the long description) on its way in.

/** A product to create, with its attributes and its pictures (media images), each list in display order. */
export interface NewCatalogProduct extends NewProduct {
  attributes?: { key: string; value: string }[];
  images?: { imageId: number; altText: string }[];
}

/**
 * Creates products with their attributes and pictures, in one transaction; their ids, slugs and pictures' ids
 * (`product_images`, what a variant's `imageIds` name, in the order given), in input order.
 */
export async function createProducts(
  ctx: RequestContext,
  input: NewCatalogProduct[],
): Promise<{ id: number; slug: string; imageIds: number[] }[]> {
  return inTransaction(ctx, async (tx) => {
    const created: { id: number; slug: string; imageIds: number[] }[] = [];
    for (const { attributes = [], images = [], ...values } of input) {
      const [row] = await insertProducts(tx.scope, [values]);
      if (!row) throw new Error('product insert returned nothing');
      await insertAttributes(
        tx.scope,
        attributes.map((attribute, order) => ({ productId: row.id, ...attribute, order })),
      );
      const imageIds = await insertProductImages(
        tx.scope,
        images.map((image, order) => ({ productId: row.id, ...image, order })),
      );
      created.push({ id: row.id, slug: row.slug, imageIds });
    }
    return created;
  });
}
