import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { categories, productImages, products, productVariants } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import { mediaColumns } from '../../media/index.ts';
import { lowestPriceBefore } from '../price-history/index.ts';
import { summaryColumns } from '../product-list/index.ts';
import { restrictionNotesColumn } from '../selling-abroad/index.ts';

// The product page's one statement: the card's columns, its long description, pictures, reviews (the reviews
// module's column), option types, personalisation and variants on sale.

export interface ImageJson {
  id: number;
  alt_text: string;
  order: number;
  image_key: string;
  width: number;
  height: number;
  variant_widths: number[];
}

/**
 * A variant on sale as the page's statement answers it: its price already the product's when its own is null; its
 * before-discount price its own (the default variant's is the product's, which the answer takes instead), and the
 * lowest price of the 30 days before its current price took effect when one is announced (decision 020).
 */
export interface VariantJson {
  id: number;
  sku: string;
  option_values: string[];
  price_cents: number;
  price_before_discount_cents: number | null;
  lowest_price_cents: number | null;
  stock: number;
  /** Made to order (migration 0095): its own lead time when marked, else its product's; null when not. */
  lead_time_days: number | null;
  weight_grams: number | null;
  image_ids: number[];
  /** Its own page (migration 0085): lead text (null: the product's), specification values, pictures' alt texts. */
  description: string | null;
  attributes: { key: string; value: string }[];
  image_alt_texts: { image_id: number; alt_text: string }[];
}

/**
 * A column of the product page's statement that another module writes (its reviews), over the product's id: the
 * page stays one statement while only that module names its table.
 */
export type ProductPageColumn = (scope: TenantScope, productId: AnyColumn) => SQL;

/** The product page's statement for one shop's handle, with the slug left as a placeholder. */
function productPageStatement(scope: TenantScope, reviews: ProductPageColumn) {
  const image = mediaColumns.files(scope);
  // The page's pictures: named apart from the main image's files of the outer statement.
  const pictureFiles = mediaColumns.files(scope, 'picture_files');
  const variantPrice = sql`coalesce(${productVariants.priceCents}, ${products.priceCents})`;
  // Looked for when the variant or the product (the default variant's) announces a reduction.
  const variantLowest = sql`case when coalesce(${productVariants.priceBeforeDiscountCents}, ${products.priceBeforeDiscountCents}) > ${variantPrice}
    then ${lowestPriceBefore(scope, { productId: products.id, variantId: productVariants.id, priceCents: variantPrice })} end`;
  return scope.db
    .select({
      ...summaryColumns(scope, image),
      longHtmlDescription: products.longHtmlDescription,
      leadTimeDays: sql<number | null>`case when ${products.madeToOrder} then ${products.leadTimeDays} end`,
      images: sql<ImageJson[]>`(
        select coalesce(json_agg(json_build_object('id', ${productImages.id}, 'alt_text', ${productImages.altText},
                                                   'order', ${productImages.order}, 'image_key', ${pictureFiles.imageKey},
                                                   'width', ${pictureFiles.width}, 'height', ${pictureFiles.height},
                                                   'variant_widths', ${pictureFiles.variantWidths})
                                 order by ${productImages.order}, ${productImages.id}), '[]'::json)
          from ${productImages}
          join ${pictureFiles} on ${eq(pictureFiles.id, productImages.imageId)}
         where ${scope.where(productImages, eq(productImages.productId, products.id))})`,
      // Written by the reviews module, which owns them.
      reviews: sql<unknown>`${reviews(scope, products.id)}`,
      options: products.options,
      personalisation: products.personalisation,
      hsCode: products.hsCode,
      countryOfOrigin: products.countryOfOrigin,
      ageRestricted: sql<boolean>`${products.ageRestricted} or ${categories.ageRestricted}`,
      shippingRestrictions: sql<
        { country: string; region: string | null; message: string }[]
      >`${restrictionNotesColumn(scope, products.id, products.categoryId)}`,
      // The variants on sale, by position then id (the first is the default), their price the product's when null.
      variants: sql<VariantJson[]>`(
        select coalesce(json_agg(json_build_object('id', ${productVariants.id}, 'sku', ${productVariants.sku},
                                                   'option_values', ${productVariants.optionValues},
                                                   'price_cents', ${variantPrice},
                                                   'price_before_discount_cents', ${productVariants.priceBeforeDiscountCents},
                                                   'lowest_price_cents', ${variantLowest},
                                                   'stock', ${productVariants.stock}, 'weight_grams', ${productVariants.weightGrams},
                                                   'lead_time_days', case when ${productVariants.madeToOrder} then ${productVariants.leadTimeDays}
                                                                          when ${products.madeToOrder} then ${products.leadTimeDays} end,
                                                   'image_ids', ${productVariants.imageIds},
                                                   'description', ${productVariants.description},
                                                   'attributes', ${productVariants.attributes},
                                                   'image_alt_texts', ${productVariants.imageAltTexts})
                                 order by ${productVariants.position}, ${productVariants.id}), '[]'::json)
          from ${productVariants}
         where ${scope.where(productVariants, eq(productVariants.productId, products.id), eq(productVariants.isActive, true))})`,
    })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .leftJoin(image, eq(image.id, products.mainImageId))
    .where(scope.where(products, eq(products.isActive, true), eq(products.slug, sql.placeholder('slug'))))
    .limit(1);
}

/** An active product with its long description, images, attributes and reviews, in one statement. */
export async function findActiveProductBySlug(scope: TenantScope, slug: string, reviews: ProductPageColumn) {
  // Composing it from the media and reviews modules' fragments costs more than running it: built once per shop
  // handle (the reviews module's column is the same for every page).
  const statement = scope.prepared('catalog_product_page', (shop) => productPageStatement(shop, reviews));
  const [row] = await statement.execute({ slug });
  return row ?? null;
}
