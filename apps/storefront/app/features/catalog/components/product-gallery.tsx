import type { Product } from '@platform/contracts';
import { type PointerEvent, useRef, useState } from 'react';
import { Picture, type PictureFile } from '../../../components/picture.tsx';
import { IMAGE_ORDER_FALLBACK } from '../format.ts';

const ZOOM = 2;
/** A swipe: a finger moved at least this far sideways (px), mostly sideways, within SWIPE_MS. */
const SWIPE_PX = 40;
const SWIPE_MS = 800;

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

/**
 * The product's pictures, thumbnails when more than one, zoom ×2 on hover and touch; a finger's swipe goes to the
 * next or previous picture (a finger held or moved slowly still zooms). The first picture is the page's largest:
 * loaded at once (the route preloads it), the others when shown.
 */
export function ProductGallery({ images }: { images: GalleryImage[] }) {
  const [selected, setSelected] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const touchStart = useRef<{ x: number; y: number; at: number } | null>(null);
  const index = Math.min(selected, images.length - 1);
  const current = images[index];

  if (!current) return <div className="product-gallery__empty">No image available</div>;

  function startTouch(event: PointerEvent<HTMLDivElement>) {
    touchStart.current =
      event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY, at: event.timeStamp };
    zoomAt(event);
  }

  function endTouch(event: PointerEvent<HTMLDivElement>) {
    const start = touchStart.current;
    touchStart.current = null;
    if (event.pointerType === 'mouse') return;
    setZoom(null);
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(dy) || event.timeStamp - start.at > SWIPE_MS) return;
    setSelected(Math.min(images.length - 1, Math.max(0, index + (dx < 0 ? 1 : -1))));
  }

  function zoomAt(event: PointerEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    setZoom({
      x: Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100)),
      y: Math.min(100, Math.max(0, ((event.clientY - box.top) / box.height) * 100)),
    });
  }

  return (
    <div className="product-gallery">
      <div
        className={`product-gallery__stage${zoom ? ' is-zoomed' : ''}`}
        data-testid="zoom-stage"
        onPointerEnter={zoomAt}
        onPointerDown={startTouch}
        onPointerMove={zoomAt}
        onPointerLeave={() => setZoom(null)}
        onPointerCancel={() => {
          touchStart.current = null;
          setZoom(null);
        }}
        onPointerUp={endTouch}
      >
        <Picture
          key={current.key}
          file={current}
          alt={current.alt}
          sizes={GALLERY_SIZES}
          priority={index === 0}
          style={zoom ? { transform: `scale(${ZOOM})`, transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
          draggable={false}
        />
      </div>
      {images.length > 1 && (
        <div className="product-gallery__thumbs">
          {images.map((image, position) => (
            <button
              key={image.key}
              type="button"
              className={position === index ? 'is-selected' : undefined}
              aria-label={`Show image ${position + 1}`}
              aria-pressed={position === index}
              onClick={() => setSelected(position)}
            >
              <Picture file={image} alt="" sizes="84px" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
