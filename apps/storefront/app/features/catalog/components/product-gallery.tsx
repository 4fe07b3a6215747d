import type { ProductImage } from '@platform/contracts';
import { type PointerEvent, useState } from 'react';
import { useMediaUrl } from '../../site/site-settings.tsx';
import { IMAGE_ORDER_FALLBACK } from '../format.ts';

const ZOOM = 2;

interface GalleryImage {
  key: string;
  image: string;
  alt: string;
  width?: number;
  height?: number;
}

/** The product's images by order (missing = 99), thumbnails when more than one, zoom ×2 on hover and touch. */
export function ProductGallery({ images, fallback }: { images: ProductImage[]; fallback: GalleryImage | null }) {
  const mediaUrl = useMediaUrl();
  const ordered: GalleryImage[] = [...images]
    .sort((a, b) => (a.order ?? IMAGE_ORDER_FALLBACK) - (b.order ?? IMAGE_ORDER_FALLBACK))
    .map((image) => ({
      key: String(image.id),
      image: image.image,
      alt: image.alt_text,
      width: image.width,
      height: image.height,
    }));
  const all = ordered.length > 0 ? ordered : fallback ? [fallback] : [];
  const [selected, setSelected] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const current = all[Math.min(selected, all.length - 1)];

  if (!current) return <div className="product-gallery__empty">No image available</div>;

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
        onPointerDown={zoomAt}
        onPointerMove={zoomAt}
        onPointerLeave={() => setZoom(null)}
        onPointerCancel={() => setZoom(null)}
        onPointerUp={(event) => {
          if (event.pointerType !== 'mouse') setZoom(null);
        }}
      >
        <img
          src={mediaUrl(current.image)}
          alt={current.alt}
          width={current.width}
          height={current.height}
          style={zoom ? { transform: `scale(${ZOOM})`, transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
          draggable={false}
        />
      </div>
      {all.length > 1 && (
        <div className="product-gallery__thumbs">
          {all.map((image, index) => (
            <button
              key={image.key}
              type="button"
              className={index === selected ? 'is-selected' : undefined}
              aria-label={`Show image ${index + 1}`}
              aria-pressed={index === selected}
              onClick={() => setSelected(index)}
            >
              <img src={mediaUrl(image.image)} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
