// The columns of a product's card, which the lists and the product page select: its prices, stock, rating, how many
// variants are on sale, whether it is made to order, its category, attributes and main image, in one row.
import { eq, sql } from 'drizzle-orm';
import { categories, productAttributes, products, productVariants } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import type { MediaFiles } from '../../media/index.ts';
import { lowestPriceBefore } from '../price-history/index.ts';

export interface AttributeJson {
  id: number;
  key: string;
  value: string;
  order: number;
}

/** How many variants of the product are on sale (0: it is bought as it is). */
export function variantCount(scope: TenantScope) {
  return sql<number>`(select count(*)::int from ${productVariants}
     where ${scope.where(productVariants, eq(productVariants.productId, products.id), eq(productVariants.isActive, true))})`;
}

/** The columns of a product's card; `image` is its main image's files, joined on `products.main_image_id`. */
export function summaryColumns(scope: TenantScope, image: MediaFiles) {
  return {
    id: products.id,
    slug: products.slug,
    name: products.name,
    description: products.description,
    priceCents: products.priceCents,
    priceBeforeDiscountCents: products.priceBeforeDiscountCents,
    priceMinCents: products.priceMinCents,
    priceMaxCents: products.priceMaxCents,
    // An announced reduction's lowest price of the 30 days before it (decision 020); looked for only then.
    lowestPriceCents: sql<number | null>`case when ${products.priceBeforeDiscountCents} > ${products.priceCents}
      then ${lowestPriceBefore(scope, { productId: products.id, variantId: null, priceCents: products.priceCents })} end`,
    stock: products.stock,
    isActive: products.isActive,
    reviewCount: products.reviewCount,
    ratingSum: products.ratingSum,
    mainImageAlt: products.mainImageAlt,
    variantCount: variantCount(scope),
    // Made to order, itself or a variant on sale: on sale at stock 0.
    madeToOrder: sql<boolean>`(${products.madeToOrder} or exists (select 1 from ${productVariants}
      where ${scope.where(
        productVariants,
        eq(productVariants.productId, products.id),
        eq(productVariants.isActive, true),
        eq(productVariants.madeToOrder, true),
      )}))`,
    categoryName: categories.name,
    categorySlug: categories.slug,
    // Correlated aggregate: the attributes come in the same statement, whatever the number of products.
    attributes: sql<AttributeJson[]>`(
        select coalesce(json_agg(json_build_object('id', ${productAttributes.id}, 'key', ${productAttributes.key},
                                                   'value', ${productAttributes.value}, 'order', ${productAttributes.order})
                                 order by ${productAttributes.order}, ${productAttributes.id}), '[]'::json)
          from ${productAttributes}
         where ${scope.where(productAttributes, eq(productAttributes.productId, products.id))})`,
    image: {
      imageKey: image.imageKey,
      thumbKey: image.thumbKey,
      width: image.width,
      height: image.height,
      thumbWidth: image.thumbWidth,
      thumbHeight: image.thumbHeight,
      variantWidths: image.variantWidths,
      centreColour: image.centreColour,
    },
  };
}
