import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { insertUser } from '../../modules/accounts/accounts.repository.ts';
import { hashPassword } from '../../modules/accounts/passwords.ts';
import {
  insertAttributes,
  insertCategory,
  insertProductImages,
  insertProducts,
  insertReview,
  insertSynonymGroups,
} from '../../modules/catalog/catalog.repository.ts';
import { storeImage } from '../../modules/media/media.images.ts';
import type { MediaStorage } from '../../modules/media/media.storage.ts';
import {
  DEMO_CATEGORIES,
  DEMO_PRODUCTS,
  DEMO_REVIEWERS,
  DEMO_REVIEWS,
  DEMO_SYNONYMS,
  type DemoProduct,
} from './catalog-data.ts';
import { drawKhukuri, type KhukuriView } from './khukuri-art.ts';

const CARE = `<h3>Care</h3>
<ul><li>Wipe the blade dry after use and oil it lightly: it is carbon steel and will rust if left wet.</li>
<li>Hone the edge with the chakmak or a fine stone; never put a khukuri in the dishwasher.</li>
<li>Store it out of the sheath for long periods, so that leather does not trap moisture against the steel.</li></ul>`;

function longDescription(product: DemoProduct): string {
  const rows = product.attributes
    .map(([key, value]) => `<tr><th scope="row">${key}</th><td>${value}</td></tr>`)
    .join('');
  return sanitizeRichText(`${product.story}
<h3>Forged by hand in Nepal</h3>
<p>Every blade is forged by a Kami smith and two helpers over a charcoal fire, ground on a hand-turned wheel and
differentially tempered by pouring water along the edge, so that the edge is hard and the spine stays springy.</p>
<h3>Specifications</h3><table><tbody>${rows}</tbody></table>${CARE}`);
}

async function picture(product: DemoProduct, view: KhukuriView): Promise<Buffer> {
  return sharp(Buffer.from(drawKhukuri(product.art, view)))
    .png()
    .toBuffer();
}

/** The demo catalog: categories, 18 products with drawn pictures, attributes, synonyms and a few reviews. */
export async function seedCatalog(scope: TenantScope, media: MediaStorage): Promise<void> {
  const categoryIds = new Map<string, number>();
  for (const [position, category] of DEMO_CATEGORIES.entries()) {
    const row = await insertCategory(scope, {
      slug: category.slug,
      name: category.name,
      description: sanitizeRichText(category.description),
      position,
    });
    categoryIds.set(category.slug, row.id);
  }

  const productIds = new Map<string, number>();
  for (const product of DEMO_PRODUCTS) {
    const [blade, set] = await Promise.all([picture(product, 'blade'), picture(product, 'set')]);
    const main = await storeImage(scope, media, blade, 'catalog');
    const second = await storeImage(scope, media, set, 'catalog');
    const [row] = await insertProducts(scope, [
      {
        categoryId: categoryIds.get(product.category) as number,
        slug: product.slug,
        name: product.name,
        description: product.description,
        longHtmlDescription: longDescription(product),
        priceCents: product.price * 100,
        priceBeforeDiscountCents: product.priceBeforeDiscount ? product.priceBeforeDiscount * 100 : null,
        stock: product.stock,
        isFeatured: product.featured ?? false,
        mainImageId: main.id,
        mainImageAlt: `${product.name}, blade and handle`,
      },
    ]);
    if (!row) throw new Error('product insert returned nothing');
    productIds.set(product.slug, row.id);
    await insertProductImages(scope, [
      { productId: row.id, imageId: main.id, altText: `${product.name}, blade and handle`, order: 0 },
      {
        productId: row.id,
        imageId: second.id,
        altText: `${product.name} with its sheath, karda and chakmak`,
        order: 1,
      },
    ]);
    await insertAttributes(
      scope,
      product.attributes.map(([key, value], order) => ({ productId: row.id, key, value, order })),
    );
  }

  await insertSynonymGroups(scope, DEMO_SYNONYMS);

  // Reviewers cannot sign in: their password is random and thrown away.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const reviewerIds = new Map<string, number>();
  for (const username of DEMO_REVIEWERS) {
    const user = await insertUser(scope, {
      email: `${username.replace(/[^a-z]/g, '')}@reviewers.example`,
      username,
      passwordHash,
    });
    reviewerIds.set(username, user.id);
  }
  for (const review of DEMO_REVIEWS) {
    await insertReview(scope, {
      productId: productIds.get(review.product) as number,
      userId: reviewerIds.get(review.reviewer) as number,
      rating: review.rating,
      comment: review.comment,
      // No orders exist in the demo shop, so nobody bought anything yet.
      isVerifiedPurchase: false,
    });
  }
}
