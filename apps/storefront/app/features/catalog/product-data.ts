// A product's structured data (schema.org `Product`): only its page shows it, so it stays out of the other pages'
// first load.
import type { Product } from '@platform/contracts';
import { absoluteUrl, plainText, rootData, SHOP_CURRENCY } from '../../lib/seo.ts';

function availability(stock: number): string {
  return stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
}

/**
 * A product as `Product` data with its offer (price, currency, availability), one per variant for a product sold in
 * options, and its rating when reviewed.
 */
export function productData(matches: readonly unknown[], product: Product): object {
  const root = rootData(matches);
  return {
    '@type': 'Product',
    name: product.name,
    description: plainText(product.description || product.long_html_description || '', 5000),
    sku: product.slug,
    category: product.category.name,
    ...(product.main_image ? { image: absoluteUrl(root, `${root?.mediaHost ?? ''}${product.main_image.image}`) } : {}),
    // Sold in options (decision 018): one offer per variant, at its own address.
    offers:
      product.variants.length > 0
        ? product.variants.map((variant) => ({
            '@type': 'Offer',
            sku: variant.sku,
            url: absoluteUrl(root, `/products/${product.slug}?variant=${variant.id}`),
            price: variant.price,
            priceCurrency: SHOP_CURRENCY,
            availability: availability(variant.stock),
          }))
        : {
            '@type': 'Offer',
            url: absoluteUrl(root, `/products/${product.slug}`),
            price: product.price,
            priceCurrency: SHOP_CURRENCY,
            availability: availability(product.stock),
          },
    ...(product.review_count > 0 && product.average_rating !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.average_rating,
            reviewCount: product.review_count,
          },
        }
      : {}),
  };
}
