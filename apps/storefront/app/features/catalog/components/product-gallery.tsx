import { type PointerEvent, useRef, useState } from 'react';
import { Picture } from '../../../components/picture.tsx';
import { GALLERY_SIZES, type GalleryImage } from '../pictures.ts';

const ZOOM = 2;
/** A swipe: a finger moved at least this far sideways (px), mostly sideways, within SWIPE_MS. */
const SWIPE_PX = 40;
const SWIPE_MS = 800;

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
