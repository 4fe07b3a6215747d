import type { ProductSummary } from '@platform/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Picture } from '../../../components/picture.tsx';
import { useShownPrices } from '../../tax/index.ts';
import { prefetchProduct } from '../api/product-query.ts';
import { highlightPieces } from '../highlight.ts';
import { CARD_SIZES, cardPicture } from '../pictures.ts';

// One 1×1 canvas samples every card's picture, kept in memory (`willReadFrequently`): a read from a GPU canvas costs
// each card milliseconds of the main thread.
let sampler: CanvasRenderingContext2D | null | undefined;

/** The colour of the image's centre pixel (media is served with CORS, so a canvas may read it). */
function centreColour(image: HTMLImageElement): string | null {
  try {
    if (sampler === undefined) {
      const canvas = document.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      sampler = canvas.getContext('2d', { willReadFrequently: true });
    }
    if (!sampler || !image.naturalWidth) return null;
    sampler.clearRect(0, 0, 1, 1);
    sampler.drawImage(image, Math.floor(image.naturalWidth / 2), Math.floor(image.naturalHeight / 2), 1, 1, 0, 0, 1, 1);
    const [r, g, b] = sampler.getImageData(0, 0, 1, 1).data;
    return `rgb(${r}, ${g}, ${b})`;
  } catch {
    return null;
  }
}

/**
 * Sets `set` to the picture's centre colour once the browser has a moment (never in the hydration's task) and the
 * picture is decoded (off the main thread: drawing one not yet decoded would decode it there); returns its cancel.
 */
function sampleCentre(image: HTMLImageElement, set: (colour: string | null) => void): () => void {
  let cancelled = false;
  const sample = () => {
    image.decode().then(
      () => {
        if (!cancelled) set(centreColour(image));
      },
      () => undefined,
    );
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(sample, { timeout: 1000 });
    return () => {
      cancelled = true;
      cancelIdleCallback(id);
    };
  }
  const id = setTimeout(sample, 0);
  return () => {
    cancelled = true;
    clearTimeout(id);
  };
}

/** A product in a grid (spec /products card): image, name, category, prices, badges and an attributes tooltip. */
function ProductCard({
  product,
  heading: Heading,
  priority,
}: {
  product: ProductSummary;
  heading: 'h2' | 'h3';
  priority: boolean;
}) {
  const shown = useShownPrices();
  const imageRef = useRef<HTMLImageElement>(null);
  const [background, setBackground] = useState<string | null>(null);
  const image = product.main_image;
  const picture = cardPicture(product);

  useEffect(() => {
    // Whether the picture loaded before hydration or loads later (a lazy one, when scrolled to): decoded, it is read.
    const element = imageRef.current;
    return element ? sampleCentre(element, setBackground) : undefined;
  }, []);

  return (
    <article className="product-card" style={background ? { backgroundColor: background } : undefined}>
      {/* On intent (hover, focus, touch) the product's page is fetched ahead: its code, and its answer. */}
      <Link
        to={`/products/${product.slug}`}
        className="product-card__link"
        prefetch="intent"
        onMouseEnter={() => prefetchProduct(product.slug)}
        onFocus={() => prefetchProduct(product.slug)}
        onTouchStart={() => prefetchProduct(product.slug)}
      >
        <div className="product-card__media">
          {image && picture ? (
            <Picture
              ref={imageRef}
              file={picture}
              alt={image.alt_text}
              sizes={CARD_SIZES}
              priority={priority}
              crossOrigin="anonymous"
            />
          ) : (
            <span className="product-card__no-image">No image available</span>
          )}
          <div className="product-card__badges">
            {product.price_before_discount && <span className="badge badge--discount">DISCOUNT OFFER</span>}
            {product.stock === 0 && !product.made_to_order && <span className="badge badge--sold-out">SOLD OUT</span>}
          </div>
        </div>
        <div className="product-card__body">
          <Heading className="product-card__name">
            {/* In a search's results, the words of the name that answer it are marked. */}
            {highlightPieces(product.name, product.search_match?.words ?? []).map((piece, index) =>
              piece.marked ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one name never move.
                <mark key={index}>{piece.text}</mark>
              ) : (
                piece.text
              ),
            )}
          </Heading>
          <p className="product-card__category">{product.category.name}</p>
          {/* Above the price, so that the prices of a row stay on one line. */}
          {product.price_before_discount && product.lowest_price_30_days && (
            <p className="price-lowest product-card__lowest">
              Lowest price in the last 30 days: {shown.price(product.lowest_price_30_days, product.category.slug)}
            </p>
          )}
          <p className="product-card__price">
            {/* Sold in options at several prices (decision 018): the lowest, "From $85.00". */}
            {product.price_from && <span className="product-card__from">From </span>}
            <span className="price">{shown.price(product.price_from ?? product.price, product.category.slug)}</span>
            {product.price_before_discount && (
              <s className="price price--before">{shown.price(product.price_before_discount, product.category.slug)}</s>
            )}
          </p>
        </div>
      </Link>
      <div className="product-card__tooltip" role="tooltip">
        <strong>{product.name}</strong>
        {product.attributes.length > 0 && (
          <ul>
            {[...product.attributes]
              .sort((a, b) => a.order - b.order)
              .map((attribute) => (
                <li key={attribute.id}>
                  {attribute.key}: {attribute.value}
                </li>
              ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/**
 * A grid of product cards. Each card's name is a heading one level below the section the grid is in: `h2` right under
 * the page's title (the product list), `h3` under a section heading (the home page's shelves). With `priorityFirst`,
 * the first card's picture is the page's largest: loaded at once (its route preloads `cardPicture` with `CARD_SIZES`).
 */
export function ProductGrid({
  products,
  heading = 'h3',
  priorityFirst = false,
}: {
  products: ProductSummary[];
  heading?: 'h2' | 'h3';
  priorityFirst?: boolean;
}) {
  return (
    <div className="product-grid">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} heading={heading} priority={priorityFirst && index === 0} />
      ))}
    </div>
  );
}
