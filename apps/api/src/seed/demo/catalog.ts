import type { RequestContext } from '../../lib/context.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { createAccount } from '../../modules/accounts/index.ts';
import {
  createCategory,
  createProducts,
  createProductVariants,
  type NewCatalogProduct,
  type NewProductVariant,
  type PriceHistoryEntry,
  recordPastPrices,
} from '../../modules/catalog/index.ts';
import { type PreparedImage, prepareImage, recordImage } from '../../modules/media/index.ts';
import { createReview } from '../../modules/reviews/index.ts';
import { createSynonymGroups } from '../../modules/search/index.ts';
import { AGE_RESTRICTED_CATEGORIES, DEMO_CATEGORIES, demoCustoms, grams } from './catalog-data.ts';
import { productScenes, renderProductPictures } from './pictures/index.ts';
import { BLADE_LENGTH, type DemoProduct, type DemoVariant, type PastPrices } from './product-shapes.ts';
import { DEMO_PRODUCTS } from './products-data.ts';
import { DEMO_REVIEWERS, DEMO_REVIEWS } from './reviews-data.ts';
import { DEMO_CONCEPTS, DEMO_SYNONYMS } from './search-data.ts';

/** The names the demo reviewers chose to show with their reviews. */
const REVIEWER_NAMES: Record<(typeof DEMO_REVIEWERS)[number], string> = {
  'ramesh.t': 'Ramesh T.',
  sarah_k: 'Sarah K.',
  'mike.outdoors': 'Mike O.',
};

const CARE = `<h3>Care</h3>
<ul><li>Wipe the blade dry after use and oil it lightly: it is carbon steel and will rust if left wet.</li>
<li>Hone the edge with the chakmak or a fine stone; never put a khukuri in the dishwasher.</li>
<li>Store it out of the sheath for long periods, so that leather does not trap moisture against the steel.</li></ul>`;

/**
 * The detailed description: the product's story, the forge, its specifications and care. A product sold in options
 * has no specifications table here: they change with the variant chosen, which the page's Details show (issue 45).
 */
function longDescription(product: DemoProduct): string {
  const rows = product.attributes
    .map(([key, value]) => `<tr><th scope="row">${key}</th><td>${value}</td></tr>`)
    .join('');
  const specifications = product.sold ? '' : `<h3>Specifications</h3><table><tbody>${rows}</tbody></table>`;
  return sanitizeRichText(`${product.story}
<h3>Forged by hand in Nepal</h3>
<p>Every blade is forged by a Kami smith and two helpers over a charcoal fire, ground on a hand-turned wheel and
differentially tempered by pouring water along the edge, so that the edge is hard and the spine stays springy.</p>
${specifications}${CARE}`);
}

/** Calls `work` on every item, `limit` at a time; the results in input order. */
async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** Renders a product's pictures and stores them through the media pipeline (WebP, thumbnail, dimensions). */
async function preparePictures(ctx: RequestContext, product: DemoProduct) {
  const pictures = await renderProductPictures(product);
  return Promise.all(
    pictures.map(async ({ bytes, alt }) => ({
      prepared: await prepareImage(ctx, { bytes, feature: 'catalog' }),
      altText: alt,
    })),
  );
}

/** Records prepared pictures one at a time: the seed's statements share one transaction's connection. */
async function recordPictures(ctx: RequestContext, pictures: { prepared: PreparedImage; altText: string }[]) {
  const recorded: { imageId: number; altText: string }[] = [];
  for (const { prepared, altText } of pictures)
    recorded.push({ imageId: (await recordImage(ctx, prepared)).id, altText });
  return recorded;
}

/**
 * What the page of a variant of another blade length than the product's says instead of the product's (issue 45):
 * its lead text with its own length, its blade and overall length and weight, and the alt texts of the product's
 * pictures (`pictureIds`, in their order) whose text names the length.
 */
function sizedPage(
  product: DemoProduct,
  variant: DemoVariant,
  pictureIds: number[],
): Pick<NewProductVariant, 'description' | 'attributes' | 'imageAltTexts' | 'weightGrams'> {
  const sold = product.sold;
  const at = sold?.options.findIndex((option) => option.name === BLADE_LENGTH) ?? -1;
  const length = variant.options[at];
  const size = length === undefined ? undefined : sold?.sizes[length];
  const ownLength = sold?.variants[0]?.options[at];
  if (!size || ownLength === undefined || length === undefined) return {};
  const description = product.description.replace(ownLength, length);
  if (description === product.description) throw new Error(`${variant.sku}: the lead text does not say ${ownLength}`);
  const own: Record<string, string> = {
    'Blade length': size.blade,
    'Overall length': size.overall,
    Weight: size.weight,
  };
  const attributes = product.attributes.map(([key, value]): [string, string] => [key, own[key] ?? value]);
  const productAlts = productScenes(product).map((picture) => picture.alt);
  const imageAltTexts = productScenes({ ...product, attributes }).flatMap((picture, place) => {
    const imageId = pictureIds[place];
    return picture.alt === productAlts[place] || imageId === undefined ? [] : [{ imageId, altText: picture.alt }];
  });
  return {
    description,
    attributes: Object.entries(own).map(([key, value]) => ({ key, value })),
    imageAltTexts,
    weightGrams: grams(size.weight),
  };
}

/**
 * A demo product's options and variants (the first, the default, at the product's price and stock; some with pictures
 * of their own among the product's) and its old address leading to that variant; or its personalisation alone.
 */
async function seedOptions(
  ctx: RequestContext,
  product: DemoProduct,
  created: { id: number; imageIds: number[] },
): Promise<number[]> {
  const { sold, personalisation = [] } = product;
  if (!sold && personalisation.length === 0) return [];
  const variants = await createProductVariants(ctx, {
    productId: created.id,
    options: sold?.options ?? [],
    variants: (sold?.variants ?? []).map((variant) => ({
      sku: variant.sku,
      options: variant.options,
      priceCents: variant.price * 100,
      ...(variant.priceBeforeDiscount ? { priceBeforeDiscountCents: variant.priceBeforeDiscount * 100 } : {}),
      stock: variant.stock,
      imageIds: (variant.pictures ?? []).map((place) => {
        const id = created.imageIds[place];
        if (id === undefined) throw new Error(`${variant.sku}: the product has no picture ${place + 1}`);
        return id;
      }),
      ...sizedPage(product, variant, created.imageIds),
    })),
    personalisation: personalisation.map((field) => ({ ...field, priceCents: field.price * 100 })),
    redirects: sold ? [{ oldSlug: sold.oldSlug, variant: 0 }] : [],
  });
  return variants.map((variant) => variant.id);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A reduced price's past: its given prices, else its before-discount price from 60 days ago and its own from 10. */
function pastOf(item: { price: number; priceBeforeDiscount?: number; pastPrices?: PastPrices }): PastPrices {
  if (item.pastPrices) return item.pastPrices;
  return item.priceBeforeDiscount
    ? [
        [item.priceBeforeDiscount, 60],
        [item.price, 10],
      ]
    : [];
}

/**
 * The demo shop's price history before it was seeded (decision 020): its reductions began days ago, so that their
 * lowest price of the 30 days before shows. The default variant's past is the product's.
 */
async function seedPastPrices(ctx: RequestContext, product: DemoProduct, productId: number, variantIds: number[]) {
  const now = Date.now();
  const entries = (variantId: number | null, past: PastPrices): PriceHistoryEntry[] =>
    past.map(([price, days]) => ({
      productId,
      variantId,
      priceCents: price * 100,
      effectiveFrom: new Date(now - days * DAY_MS),
    }));
  const variants = product.sold?.variants ?? [];
  await recordPastPrices(ctx, [
    ...entries(null, pastOf(product)),
    ...variants.flatMap((variant, index) => {
      const id = variantIds[index];
      if (id === undefined) return [];
      return entries(id, index === 0 ? pastOf(product) : pastOf(variant));
    }),
  ]);
}

/**
 * The demo catalog: categories, 18 products with their studio pictures, attributes, customs details (the knives sold
 * to adults only), synonyms and a few reviews.
 */
export async function seedCatalog(ctx: RequestContext): Promise<void> {
  const categoryIds = new Map<string, number>();
  for (const [position, category] of DEMO_CATEGORIES.entries()) {
    const row = await createCategory(ctx, {
      slug: category.slug,
      name: category.name,
      description: sanitizeRichText(category.description),
      position,
      ageRestricted: AGE_RESTRICTED_CATEGORIES.includes(category.slug),
    });
    categoryIds.set(category.slug, row.id);
  }

  // Rendering and re-encoding the pictures is most of the seed's time: two products at a time keep every core busy.
  const prepared = await mapLimit(DEMO_PRODUCTS, 2, (product) => preparePictures(ctx, product));
  const pictures: { imageId: number; altText: string }[][] = [];
  for (const one of prepared) pictures.push(await recordPictures(ctx, one));
  const products: NewCatalogProduct[] = DEMO_PRODUCTS.map((product, index) => {
    const images = pictures[index] ?? [];
    const [main] = images;
    return {
      categoryId: categoryIds.get(product.category) as number,
      slug: product.slug,
      name: product.name,
      description: product.description,
      longHtmlDescription: longDescription(product),
      priceCents: product.price * 100,
      priceBeforeDiscountCents: product.priceBeforeDiscount ? product.priceBeforeDiscount * 100 : null,
      // Sold in options, the product's units are its variants'.
      stock: product.sold ? 0 : product.stock,
      isFeatured: product.featured ?? false,
      mainImageId: main?.imageId ?? null,
      mainImageAlt: main?.altText ?? '',
      attributes: product.attributes.map(([key, value]) => ({ key, value })),
      images,
      ...demoCustoms(product),
      weightGrams: grams(product.attributes.find(([key]) => key === 'Weight')?.[1]),
    };
  });
  const created = new Map((await createProducts(ctx, products)).map((row) => [row.slug, row]));
  for (const product of DEMO_PRODUCTS) {
    const row = created.get(product.slug) as { id: number; imageIds: number[] };
    await seedPastPrices(ctx, product, row.id, await seedOptions(ctx, product, row));
  }

  await createSynonymGroups(ctx, DEMO_SYNONYMS);
  await createSynonymGroups(ctx, DEMO_CONCEPTS, 'concepts');

  // Reviewers cannot sign in: they have no password. They review as any customer does (nobody bought anything yet,
  // so no review is a verified purchase).
  const reviewers = new Map<string, RequestContext>();
  for (const username of DEMO_REVIEWERS) {
    const user = await createAccount(ctx, {
      email: `${username.replace(/[^a-z]/g, '')}@reviewers.example`,
      username,
      password: null,
      displayName: REVIEWER_NAMES[username],
    });
    reviewers.set(username, { ...ctx, user: { id: user.id, role: 'customer' } });
  }
  for (const review of DEMO_REVIEWS) {
    await createReview(reviewers.get(review.reviewer) as RequestContext, {
      product: created.get(review.product)?.id as number,
      rating: review.rating,
      comment: review.comment,
    });
  }
}
