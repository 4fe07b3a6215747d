import type { Category, ProductSummary } from '@platform/contracts';
import { Link } from 'react-router';
import { picturePreload } from '../components/picture.tsx';
import { fetchCategories } from '../features/catalog/api/categories.ts';
import { fetchShelf } from '../features/catalog/api/products.ts';
import { ProductGrid } from '../features/catalog/components/product-card.tsx';
import { CARD_SIZES, cardPicture } from '../features/catalog/pictures.ts';
import { useSiteSettings } from '../features/site/site-settings.tsx';
import { apiFromContext } from '../lib/api.server.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { browserApi } from '../lib/browser-api.ts';
import { pageMeta, rootData, shopData } from '../lib/seo.ts';
import catalogStylesHref from '../styles/catalog.css?url';
import homeStylesHref from '../styles/home.css?url';
import type { Route } from './+types/home';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStylesHref },
  { rel: 'stylesheet', href: homeStylesHref },
];

async function loadHome(api: ApiClient) {
  const none = <T,>() => [] as T[];
  const [categories, featured, discounted] = await Promise.all([
    fetchCategories(api).catch(none<Category>),
    fetchShelf(api, 'featured').catch(none<ProductSummary>),
    fetchShelf(api, 'discounted').catch(none<ProductSummary>),
  ]);
  return { categories, featured, discounted };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  // The first featured card's picture is the page's largest beside the hero's text (on a wide screen, its LCP).
  const first = data?.featured[0];
  const picture = first ? cardPicture(first) : null;
  return [
    ...pageMeta(matches, {
      title: rootData(matches)?.settings?.site_title ?? '',
      path: '/',
      jsonLd: shopData(matches),
    }),
    ...(picture
      ? [
          picturePreload(picture, {
            sizes: CARD_SIZES,
            mediaHost: rootData(matches)?.mediaHost ?? '',
            crossOrigin: 'anonymous',
          }),
        ]
      : []),
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(apiFromContext(context));
}

export async function clientLoader() {
  return loadHome(browserApi());
}

/** The shop front: promise, categories, featured and discounted blades, and the workshop's story. */
export default function HomePage({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const { categories, featured, discounted } = loaderData;
  return (
    <>
      <section className="home-hero">
        <div className="container home-hero__inner">
          <p className="home-hero__eyebrow">Hand-forged in Dharan, Nepal</p>
          <h1 className="home-hero__title">{settings?.site_title || 'Handcrafted khukuri knives'}</h1>
          <p className="home-hero__intro">
            {settings?.tagline ||
              'Handcrafted khukuri knives, forged by Nepalese smiths the traditional way and shipped worldwide.'}
          </p>
          <p className="home-hero__promise">
            Every blade forged by hand by a Kami smith, tested on hardwood, and shipped worldwide with its sheath, karda
            and chakmak.
          </p>
          <Link to="/products" className="button button--primary">
            Shop the Collection
          </Link>
        </div>
      </section>

      {categories.length > 0 && (
        <section className="container home-section">
          <h2>Shop by category</h2>
          <ul className="category-tiles">
            {categories.map((category) => (
              <li key={category.id}>
                <Link to={`/products?category=${category.slug}`} className="category-tile">
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {featured.length > 0 && (
        <section className="container home-section">
          <h2>Featured khukuris</h2>
          <ProductGrid products={featured} priorityFirst />
        </section>
      )}

      {discounted.length > 0 && (
        <section className="container home-section">
          <h2>Discount offers</h2>
          <ProductGrid products={discounted} />
        </section>
      )}

      <section className="container home-section home-story">
        <h2>From our forge to your hands</h2>
        <p>
          {settings?.history_summary ||
            'Our smiths shape every khukuri by hand from recycled leaf-spring steel, temper the edge over charcoal and fit handles of rosewood and buffalo horn.'}
        </p>
        <Link to="/company-info">Read our story →</Link>
      </section>
    </>
  );
}
