import type { Product, Review } from '@platform/contracts';
import { averageRating, madeToOrderText } from '@platform/contracts/plain';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Await, data, Link, redirect, useLocation, useNavigate } from 'react-router';
import { ErrorBox } from '../components/error-box.tsx';
import { picturePreload } from '../components/picture.tsx';
import { RichText } from '../components/rich-text.tsx';
import { Spinner } from '../components/spinner.tsx';
import { keepProduct, PRODUCT_FRESH_MS, productQuery, productQueryKey } from '../features/catalog/api/product-query.ts';
import { GALLERY_SIZES, galleryImages } from '../features/catalog/pictures.ts';
import { productData } from '../features/catalog/product-data.ts';
import { loadProduct, type ProductData, productAt, readProduct } from '../features/catalog/product-move.ts';
import {
  initialSelection,
  matchVariant,
  type Selection,
  variantAttributes,
  variantDescription,
  variantImageAlts,
  variantImageOrder,
  variantPath,
} from '../features/catalog/variant-choice.ts';
import { variantParam } from '../features/catalog/variant-param.ts';
import { useSiteSettings } from '../features/site/site-settings.tsx';
// The destination's styles with the page: the select itself loads after the page's first load.
import '../features/tax/components/deliver-to.css';
import { useShownPrices } from '../features/tax/destination.tsx';
import { apiFromContext } from '../lib/api.server.ts';
import { browserQueryClient } from '../lib/query-client.ts';
import { breadcrumbs, categoryTrail, pageMeta, privatePageMeta, rootData } from '../lib/seo.ts';
import { splitComponent } from '../lib/split-component.tsx';
import catalogStylesHref from '../styles/catalog.css?url';
import productDetailStylesHref from '../styles/product-detail.css?url';
import type { Route } from './+types/product-detail';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStylesHref },
  { rel: 'stylesheet', href: productDetailStylesHref },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  // On the server the page waits for the product, so that its HTML carries it.
  const result = await readProduct(apiFromContext(context), params.slug);
  if (result.moved) throw redirect(variantPath(result.moved.slug, result.moved.variant), 301);
  return data({ result }, { status: result.product ? 200 : result.status === 404 ? 404 : 502 });
}

// The pickers of a product sold in options, the gallery, the cart button and the reviews: outside the page's first
// load; the server renders them in the page's HTML (the pickers too: no jump when they come), and their server markup
// stays until their code is there.
const VariantOptions = splitComponent(
  async () => (await import('../features/catalog/components/variant-options.tsx')).default,
);
const ProductGallery = splitComponent(
  async () => (await import('../features/catalog/components/product-gallery.tsx')).ProductGallery,
);
const AddToCart = splitComponent(
  async () => (await import('../features/catalog/components/add-to-cart.tsx')).AddToCart,
);
const StarRating = splitComponent(
  async () => (await import('../features/catalog/components/star-rating.tsx')).StarRating,
);
const DeliverTo = splitComponent(async () => (await import('../features/tax/components/deliver-to.tsx')).DeliverTo);
// The way onward from a missing product.
const NotFoundHelp = splitComponent(
  async () => (await import('../features/shell/components/not-found-help.tsx')).NotFoundHelp,
);
const ProductReviews = splitComponent(
  async () => (await import('../features/catalog/components/reviews.tsx')).ProductReviews,
);

/**
 * Settles when the parts above have their code: the client loader waits for them, so that a page the app goes to
 * shows whole. NOTE: by their modules, not through the split components: React Router loads the client loader apart
 * from the page's first load only when it shares nothing with the page's component (a module both imported would be
 * a chunk of its own in that first load).
 */
function productPartsLoaded(): Promise<unknown> {
  return Promise.all([
    import('../features/catalog/components/variant-options.tsx'),
    import('../features/catalog/components/product-gallery.tsx'),
    import('../features/catalog/components/add-to-cart.tsx'),
    import('../features/catalog/components/reviews.tsx'),
    import('../features/catalog/components/star-rating.tsx'),
    import('../features/tax/components/deliver-to.tsx'),
  ]);
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const client = browserQueryClient();
  const query = productQuery(params.slug);
  const kept = client.getQueryState(query.queryKey);
  const parts = productPartsLoaded();
  // Fetched ahead (a card hovered) or shown a moment ago: the page shows at once, whole.
  if (kept?.data && kept.dataUpdatedAt > Date.now() - PRODUCT_FRESH_MS) {
    await parts;
    return { result: { ...productAt(params.slug, kept.data), error: null } as ProductData | Promise<ProductData> };
  }
  // Else the page shows at once with its spinner (the loading state) while the product comes: the answer fetched
  // ahead when it is on its way, else a new one.
  const answer = client.fetchQuery(query);
  // Read once the parts are there: a failure coming before is not left unhandled meanwhile.
  answer.catch(() => undefined);
  const result: ProductData | Promise<ProductData> = parts.then(() => loadProduct(params.slug, answer));
  return { result };
}

export function meta({ loaderData: loaded, matches }: Route.MetaArgs) {
  const result = loaded?.result;
  if (!result || result instanceof Promise) return [{ title: 'Product Details' }];
  if (!result.product) return privatePageMeta('Product not found');
  const { product } = result;
  const path = `/products/${product.slug}`;
  const [picture] = galleryImages(product);
  const preload = picture
    ? [picturePreload(picture, { sizes: GALLERY_SIZES, mediaHost: rootData(matches)?.mediaHost ?? '' })]
    : [];
  return [
    ...pageMeta(matches, {
      title: product.name,
      description: product.description || product.long_html_description,
      path,
      image: product.main_image?.image,
      type: 'product',
      jsonLd: [
        productData(matches, product),
        breadcrumbs(matches, [...categoryTrail(product.category), { name: product.name, path }]),
      ],
    }),
    ...preload,
  ];
}

/**
 * One product (spec /products/{slug}): loading, error and loaded states. The server's page carries the product itself:
 * no loading state that the browser would paint and then replace (a Suspense boundary streams its fallback first).
 */
export default function ProductDetailPage({ loaderData, params }: Route.ComponentProps) {
  const { result } = loaderData;
  if (!(result instanceof Promise)) return <ProductResult result={result} slug={params.slug} />;
  return (
    <Suspense
      fallback={
        <section className="container page">
          <Spinner />
        </section>
      }
    >
      <Await resolve={result}>{(loaded) => <ProductResult result={loaded} slug={params.slug} />}</Await>
    </Suspense>
  );
}

function ProductResult({ result, slug }: { result: ProductData; slug: string }) {
  const navigate = useNavigate();
  const { moved, product } = result;
  // The product the server's page was rendered with is kept for the next visit of its page within the app; a moved
  // product (answered at its old address), for its own address, where the page goes at once and shows it.
  useEffect(() => {
    if (product) keepProduct(product);
  }, [product]);
  useEffect(() => {
    if (moved) void navigate(variantPath(moved.slug, moved.variant), { replace: true });
  }, [moved, navigate]);
  if (moved) {
    return (
      <section className="container page">
        <Spinner />
      </section>
    );
  }
  return result.product ? (
    <ProductView key={result.product.id} product={result.product} slug={slug} />
  ) : (
    <section className="container page">
      <ErrorBox>{result.error}</ErrorBox>
      {result.status === 404 && <NotFoundHelp />}
    </section>
  );
}

function ProductView({ product, slug }: { product: Product; slug: string }) {
  const queryClient = useQueryClient();
  const shown = useShownPrices();
  // Selling abroad (issue 48): what only adults may buy (the destinations closed to it: the Deliver to panel's).
  const adultAge = useSiteSettings()?.adult_age;
  const [reviews, setReviews] = useState<Review[]>(product.reviews);
  const reviewCount = reviews.length === product.reviews.length ? product.review_count : reviews.length;
  // New reviews are counted here, as the API counts them (spec section 4 "Product page").
  const recounted = reviews.length !== product.reviews.length;
  const ratingSum = reviews.reduce((sum, review) => sum + review.rating, 0);
  const average = (recounted ? averageRating(reviews.length, ratingSum) : product.average_rating) ?? 0;
  // Sold in options (decision 018): the choice, opened as the address names it; price, stock, pictures, lead text,
  // Details and pictures' alt texts are its (issue 45), the product's where it has none of its own.
  const soldInOptions = product.variants.length > 0;
  const { search } = useLocation();
  const [selection, setSelection] = useState(() => initialSelection(product, variantParam(search)));
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const variant = soldInOptions ? matchVariant(product, selection) : null;
  const priced = variant ?? product;
  const inStock = (soldInOptions ? (variant?.stock ?? 0) : product.stock) > 0;
  // Made to order (issue 49): on sale at stock 0, its lead time said where the stock would be.
  const leadTime = soldInOptions ? (variant?.lead_time_days ?? null) : (product.lead_time_days ?? null);
  const description = variantDescription(product, variant);
  const attributes = useMemo(() => variantAttributes(product, variant), [product, variant]);
  // The same props while nothing changes: the parts split off keep their server markup until their code is there.
  const images = useMemo(
    () => variantImageAlts(variantImageOrder(galleryImages(product), variant), variant),
    [product, variant],
  );
  const choice = useMemo(() => ({ variant, texts }), [variant, texts]);
  const addReview = useCallback(
    (review: Review) => {
      setReviews((list) => [review, ...list]);
      void queryClient.invalidateQueries({ queryKey: productQueryKey(product.slug) });
    },
    [queryClient, product.slug],
  );
  const price = useCallback(
    (amount: string) => shown.price(amount, product.category.slug),
    [shown, product.category.slug],
  );
  const variantOf = useCallback((chosen: Selection) => matchVariant(product, chosen), [product]);
  const choose = useCallback((next: Selection, said: string) => {
    setSelection(next);
    setAnnouncement(said);
  }, []);
  const writeText = useCallback((key: string, text: string) => setTexts((all) => ({ ...all, [key]: text })), []);

  return (
    <article className="container page product-detail">
      <div className="product-detail__top">
        {/* A variant's own pictures lead: the gallery starts again at the first. */}
        <ProductGallery key={images[0]?.key} images={images} />
        <div className="product-detail__summary">
          <h1 className="page-title">{product.name}</h1>
          <Link className="product-detail__category" to={`/products?category=${product.category.slug}`}>
            {product.category.name}
          </Link>
          <div className="product-detail__rating">
            {reviewCount > 0 ? (
              <>
                <StarRating value={average} />
                <span>{average.toFixed(1)}</span>
                <a href="#reviews">
                  ({reviewCount} review{reviewCount === 1 ? '' : 's'})
                </a>
              </>
            ) : (
              <span>No reviews yet</span>
            )}
          </div>
          <p className="product-detail__price">
            <span className="price">{price(priced.price)}</span>
            {priced.price_before_discount && (
              <s className="price price--before">{price(priced.price_before_discount)}</s>
            )}
          </p>
          {/* A reduction's lowest price of the 30 days before it (decision 020), the chosen variant's. */}
          {priced.price_before_discount && priced.lowest_price_30_days && (
            <p className="price-lowest">Lowest price in the last 30 days: {price(priced.lowest_price_30_days)}</p>
          )}
          {soldInOptions && (
            <p className={`product-detail__stock${inStock || leadTime !== null ? '' : ' is-out'}`}>
              {inStock ? 'In stock' : leadTime !== null ? madeToOrderText(leadTime) : 'Out of stock'}
              {variant && <span className="product-detail__sku">SKU: {variant.sku}</span>}
            </p>
          )}
          <DeliverTo notice={shown.notice} closed={product.shipping_restrictions} />
          {product.age_restricted && adultAge !== undefined && (
            <p className="product-detail__adults">Sold only to buyers aged {adultAge} or older.</p>
          )}
          <p className="product-detail__description">{description || 'No description available.'}</p>
          {soldInOptions || product.personalisation.length > 0 ? (
            <>
              <VariantOptions
                product={product}
                selection={selection}
                variantOf={variantOf}
                onChoose={choose}
                texts={texts}
                onText={writeText}
                price={price}
              />
              <p className="visually-hidden" aria-live="polite">
                {announcement}
              </p>
              <AddToCart product={product} choice={choice} />
            </>
          ) : (
            <AddToCart product={product} />
          )}
          {attributes.length > 0 && (
            <section className="product-detail__details">
              <h2>Details</h2>
              <dl>
                {attributes.map((attribute) => (
                  <div key={attribute.id}>
                    <dt>{attribute.key}</dt>
                    <dd>{attribute.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
      </div>
      {product.long_html_description && (
        <section className="product-detail__long">
          <h2>Detailed Description</h2>
          <RichText html={product.long_html_description} />
        </section>
      )}
      <section id="reviews" className="product-detail__reviews">
        <h2>Customer Reviews</h2>
        <ProductReviews reviews={reviews} productId={product.id} slug={slug} onCreated={addReview} />
      </section>
    </article>
  );
}
