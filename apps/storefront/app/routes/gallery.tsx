import type { ProductSummary } from '@platform/contracts';
import { useEffect, useState } from 'react';
import { ErrorBox } from '../components/error-box.tsx';
import { fetchAllProducts } from '../features/catalog/api/products.ts';
import { apiFromContext } from '../lib/api.server.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { browserApi } from '../lib/browser-api.ts';
import { useMediaUrl } from '../lib/media-url.tsx';
import { pageMeta } from '../lib/seo.ts';
import galleryStylesHref from '../styles/gallery.css?url';
import type { Route } from './+types/gallery';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: galleryStylesHref }];

async function loadGallery(api: ApiClient) {
  try {
    return { products: await fetchAllProducts(api), error: null };
  } catch {
    return { products: [] as ProductSummary[], error: 'Failed to load products.' };
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadGallery(apiFromContext(context));
}

export async function clientLoader() {
  return loadGallery(browserApi());
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: 'Product Gallery', path: '/gallery' });
}

/** Grid of product images with a full-screen view (spec /gallery). */
export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const mediaUrl = useMediaUrl();
  const [open, setOpen] = useState<ProductSummary | null>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <section className="container page">
      <h1 className="page-title">Product Gallery</h1>
      {loaderData.error && <ErrorBox>{loaderData.error}</ErrorBox>}
      <div className="gallery-grid">
        {loaderData.products.map((product) => (
          <button key={product.id} type="button" className="gallery-item" onClick={() => setOpen(product)}>
            {product.main_image ? (
              <img
                src={mediaUrl(product.main_image.thumb_image)}
                // The button is named by the product's name below: the picture adds nothing to it.
                alt=""
                width={product.main_image.thumb_width}
                height={product.main_image.thumb_height}
                loading="lazy"
              />
            ) : (
              <span className="gallery-item__placeholder">No image available</span>
            )}
            <span className="gallery-item__name">{product.name}</span>
          </button>
        ))}
      </div>
      {open && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it too (window listener above).
        <div
          className="gallery-overlay"
          role="dialog"
          aria-modal="true"
          aria-label={open.name}
          onClick={(event) => {
            if (event.target === event.currentTarget) setOpen(null);
          }}
        >
          <button type="button" className="gallery-overlay__close" aria-label="Close" onClick={() => setOpen(null)}>
            ×
          </button>
          {open.main_image ? (
            <img src={mediaUrl(open.main_image.image)} alt={open.name} />
          ) : (
            <span className="gallery-item__placeholder">No image available</span>
          )}
        </div>
      )}
    </section>
  );
}
