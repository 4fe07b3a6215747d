import type { ProductSummary } from '@platform/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFormat, useMediaUrl } from '../../site/site-settings.tsx';

/** The colour of the image's centre pixel (media is served with CORS, so a canvas may read it). */
function centreColour(image: HTMLImageElement): string | null {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context || !image.naturalWidth) return null;
    context.drawImage(image, Math.floor(image.naturalWidth / 2), Math.floor(image.naturalHeight / 2), 1, 1, 0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return `rgb(${r}, ${g}, ${b})`;
  } catch {
    return null;
  }
}

/** A product in a grid (spec /products card): image, name, category, prices, badges and an attributes tooltip. */
function ProductCard({ product, heading: Heading }: { product: ProductSummary; heading: 'h2' | 'h3' }) {
  const mediaUrl = useMediaUrl();
  const format = useFormat();
  const imageRef = useRef<HTMLImageElement>(null);
  const [background, setBackground] = useState<string | null>(null);
  const image = product.main_image;

  useEffect(() => {
    // The image may have loaded before hydration: its load event is then gone.
    const element = imageRef.current;
    if (element?.complete && element.naturalWidth) setBackground(centreColour(element));
  }, []);

  return (
    <article className="product-card" style={background ? { backgroundColor: background } : undefined}>
      <Link to={`/products/${product.slug}`} className="product-card__link">
        <div className="product-card__media">
          {image ? (
            <img
              ref={imageRef}
              src={mediaUrl(image.thumb_image)}
              alt={image.alt_text}
              width={image.thumb_width}
              height={image.thumb_height}
              loading="lazy"
              decoding="async"
              crossOrigin="anonymous"
              onLoad={(event) => setBackground(centreColour(event.currentTarget))}
            />
          ) : (
            <span className="product-card__no-image">No image available</span>
          )}
          <div className="product-card__badges">
            {product.price_before_discount && <span className="badge badge--discount">DISCOUNT OFFER</span>}
            {product.stock === 0 && <span className="badge badge--sold-out">SOLD OUT</span>}
          </div>
        </div>
        <div className="product-card__body">
          <Heading className="product-card__name">{product.name}</Heading>
          <p className="product-card__category">{product.category.name}</p>
          <p className="product-card__price">
            <span className="price">{format.price(product.price)}</span>
            {product.price_before_discount && (
              <s className="price price--before">{format.price(product.price_before_discount)}</s>
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
 * the page's title (the product list), `h3` under a section heading (the home page's shelves).
 */
export function ProductGrid({ products, heading = 'h3' }: { products: ProductSummary[]; heading?: 'h2' | 'h3' }) {
  return (
    <div className="product-grid">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} heading={heading} />
      ))}
    </div>
  );
}
