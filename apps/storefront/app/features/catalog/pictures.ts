// Which pictures the catalog's pages show first, and at what size: what a route's `meta` preloads, apart from the
// components that show them (those may load after the page's first load).
import type { Product, ProductSummary } from '@platform/contracts';
import type { PictureFile } from '../../components/picture.tsx';
import { IMAGE_ORDER_FALLBACK } from './format.ts';

/** How wide a card's picture is: a column of the grid (one on a phone, up to four of at most 300 pixels). */
export const CARD_SIZES = '(min-width: 1024px) 300px, (min-width: 520px) 50vw, 100vw';

/** A card's picture: the main image's thumbnail, or its variants where the browser has them; null without one. */
export function cardPicture(product: ProductSummary): PictureFile | null {
  const image = product.main_image;
  if (!image) return null;
  return { src: image.thumb_image, width: image.thumb_width, height: image.thumb_height, variants: image.variants };
}

/** How wide the gallery's picture is: over half of the page beside the summary from 768 pixels, else the page's width. */
export const GALLERY_SIZES = '(min-width: 1200px) 600px, (min-width: 768px) 52vw, 100vw';

export interface GalleryImage extends PictureFile {
  key: string;
  alt: string;
}

/** The product's pictures as the gallery shows them: by order (missing = 99), else its main image; the first is shown. */
export function galleryImages(product: Pick<Product, 'images' | 'main_image'>): GalleryImage[] {
  const ordered = [...product.images]
    .sort((a, b) => (a.order ?? IMAGE_ORDER_FALLBACK) - (b.order ?? IMAGE_ORDER_FALLBACK))
    .map((image) => ({
      key: String(image.id),
      src: image.image,
      alt: image.alt_text,
      width: image.width,
      height: image.height,
      variants: image.variants,
    }));
  if (ordered.length > 0 || !product.main_image) return ordered;
  const main = product.main_image;
  return [
    {
      key: 'main',
      src: main.image,
      alt: main.alt_text,
      width: main.width,
      height: main.height,
      variants: main.variants,
    },
  ];
}
