import { averageRating, formatMinor, type MainImage, type ProductSummary } from '@platform/contracts';
import type { RequestContext } from '../../../lib/context.ts';
import { imageVariants, pictureColour } from '../../media/index.ts';
import type { ProductSummaryRow } from './product-list.repository.ts';

// A product as the cards show it (the list, the search, and the top of the product page).

function mainImage(ctx: RequestContext, row: ProductSummaryRow): MainImage | null {
  const image = row.image;
  if (!image) return null;
  const { media } = ctx.deps;
  return {
    image: media.url(image.imageKey),
    thumb_image: media.url(image.thumbKey),
    alt_text: row.mainImageAlt || row.name,
    width: image.width,
    height: image.height,
    thumb_width: image.thumbWidth,
    thumb_height: image.thumbHeight,
    variants: imageVariants(ctx, image),
    centre_colour: pictureColour(image),
  };
}

/**
 * The prices of an announced reduction (decision 020): the before-discount price only when it is above the price
 * (a variant's own, or a product's left behind by a later change of its price, is not a reduction), and then the
 * lowest price of the 30 days before the current price took effect (null when none is recorded).
 */
export function announcedReduction(
  priceCents: number,
  beforeCents: number | null,
  lowestCents: number | null,
): Pick<ProductSummary, 'price_before_discount' | 'lowest_price_30_days'> {
  if (beforeCents === null || beforeCents <= priceCents)
    return { price_before_discount: null, lowest_price_30_days: null };
  return {
    price_before_discount: formatMinor(beforeCents),
    lowest_price_30_days: lowestCents === null ? null : formatMinor(lowestCents),
  };
}

export function toSummary(ctx: RequestContext, row: ProductSummaryRow): ProductSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    price: formatMinor(row.priceCents),
    ...announcedReduction(row.priceCents, row.priceBeforeDiscountCents, row.lowestPriceCents),
    stock: row.stock,
    description: row.description,
    main_image: mainImage(ctx, row),
    category: { name: row.categoryName, slug: row.categorySlug },
    attributes: row.attributes.map((a) => ({ id: a.id, key: a.key, value: a.value, order: a.order })),
    review_count: row.reviewCount,
    average_rating: averageRating(row.reviewCount, row.ratingSum),
    variant_count: row.variantCount,
    // A "from" price only when the variants on sale are not all at one price.
    price_from: row.priceMinCents === row.priceMaxCents ? null : formatMinor(row.priceMinCents),
    made_to_order: Boolean(row.madeToOrder),
    is_active: row.isActive,
  };
}
