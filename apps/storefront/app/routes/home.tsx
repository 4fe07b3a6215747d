import type { Category, HomePicture, ProductSummary } from '@platform/contracts';
import { Link } from 'react-router';
import { Picture, type PictureFile, picturePreload } from '../components/picture.tsx';
import { RichText } from '../components/rich-text.tsx';
import { fetchShelf } from '../features/catalog/api/products.ts';
import { ProductGrid } from '../features/catalog/components/product-card.tsx';
import { CARD_SIZES, cardPicture } from '../features/catalog/pictures.ts';
import { fetchCategories } from '../features/categories/categories.ts';
import { fetchFeaturedProducts, fetchHomePage } from '../features/home/api/home-page.ts';
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

/** How wide the hero's picture is: beside its words from 900 pixels, else the page's width. */
const HERO_SIZES = '(min-width: 1200px) 560px, (min-width: 900px) 46vw, 100vw';
/** How wide the story's picture is: a third of the block from 900 pixels, else the page's width. */
const STORY_SIZES = '(min-width: 1200px) 380px, (min-width: 900px) 32vw, 100vw';

async function loadHome(api: ApiClient) {
  const none = <T,>() => [] as T[];
  // The shop's own words come first: without them there is no home page to show (the error page says so).
  const [home, categories, discounted] = await Promise.all([
    fetchHomePage(api),
    fetchCategories(api).catch(none<Category>),
    fetchShelf(api, 'discounted').catch(none<ProductSummary>),
  ]);
  const featured = await fetchFeaturedProducts(api, home.featured, categories).catch(none<ProductSummary>);
  return { home, categories, featured, discounted };
}

function pictureFile(picture: HomePicture): PictureFile {
  return { src: picture.src, width: picture.width, height: picture.height, variants: picture.variants };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  // The page's largest picture: the hero's when it has one, else the first featured card's (beside the hero's text on
  // a wide screen, its LCP).
  const hero = data?.home.hero.picture;
  const first = data?.featured[0];
  const card = first ? cardPicture(first) : null;
  const mediaHost = rootData(matches)?.mediaHost ?? '';
  const preload = hero
    ? picturePreload(pictureFile(hero), { sizes: HERO_SIZES, mediaHost })
    : card && picturePreload(card, { sizes: CARD_SIZES, mediaHost });
  return [
    ...pageMeta(matches, {
      title: rootData(matches)?.settings?.site_title || data?.home.hero.title || '',
      path: '/',
      jsonLd: shopData(matches),
    }),
    ...(preload ? [preload] : []),
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(apiFromContext(context));
}

export async function clientLoader() {
  return loadHome(browserApi());
}

/** The shop front, in the shop's own words: hero, categories, its featured choice, discounted products, its story. */
export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { home, categories, featured, discounted } = loaderData;
  const { hero, story } = home;
  return (
    <>
      <section className="home-hero">
        <div
          className={
            hero.picture ? 'container home-hero__inner home-hero__inner--picture' : 'container home-hero__inner'
          }
        >
          <div className="home-hero__words">
            {hero.eyebrow && <p className="home-hero__eyebrow">{hero.eyebrow}</p>}
            <h1 className="home-hero__title">{hero.title}</h1>
            {hero.intro && <RichText html={hero.intro} className="home-hero__intro" />}
            <Link to="/products" className="button button--primary">
              Shop the Collection
            </Link>
          </div>
          {hero.picture && (
            <div className="home-hero__media">
              <Picture
                file={pictureFile(hero.picture)}
                alt={hero.picture.alt}
                sizes={HERO_SIZES}
                priority
                className="home-hero__picture"
              />
            </div>
          )}
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
          <h2>{home.featured.heading || 'Featured products'}</h2>
          <ProductGrid products={featured} priorityFirst={!hero.picture} />
        </section>
      )}

      {discounted.length > 0 && (
        <section className="container home-section">
          <h2>Discount offers</h2>
          <ProductGrid products={discounted} />
        </section>
      )}

      {(story.text || story.picture) && (
        <section
          className={
            story.picture
              ? 'container home-section home-story home-story--picture'
              : 'container home-section home-story'
          }
        >
          {story.picture && (
            <div className="home-story__media">
              <Picture
                file={pictureFile(story.picture)}
                alt={story.picture.alt}
                sizes={STORY_SIZES}
                className="home-story__picture"
              />
            </div>
          )}
          <div className="home-story__words">
            {story.heading && <h2>{story.heading}</h2>}
            {story.text && <RichText html={story.text} />}
            <Link to="/company-info">Read our story →</Link>
          </div>
        </section>
      )}
    </>
  );
}
