import type { ProductSummary } from '@platform/contracts';
import { Link } from 'react-router';
import { Picture } from '../../../components/picture.tsx';
import { useShownPrices } from '../../tax/index.ts';
import { prefetchProduct } from '../api/product-query.ts';
import { highlightPieces } from '../highlight.ts';
import { CARD_SIZES, cardPicture } from '../pictures.ts';

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
  const image = product.main_image;
  const picture = cardPicture(product);
  // The spec's card background: the colour of the picture's centre pixel, read by the API when it was stored.
  const background = image?.centre_colour;

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
            <Picture file={picture} alt={image.alt_text} sizes={CARD_SIZES} priority={priority} />
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
