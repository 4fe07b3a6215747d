import { DEFAULT_PAGE_SIZE } from '@platform/contracts/plain';
import { Link, useNavigation } from 'react-router';
import { ErrorBox } from '../components/error-box.tsx';
import { Pagination } from '../components/pagination.tsx';
import { picturePreload } from '../components/picture.tsx';
import { RichText } from '../components/rich-text.tsx';
import { Spinner } from '../components/spinner.tsx';
import { Breadcrumb, type Crumb } from '../features/catalog/components/breadcrumb.tsx';
import { CARD_SIZES, cardPicture } from '../features/catalog/pictures.ts';
import {
  loadProductList,
  productCountText,
  productListEmptyMessage,
  productListHref,
  productListTitle,
} from '../features/catalog/product-list.ts';
import { apiFromContext } from '../lib/api.server.ts';
import { browserApi } from '../lib/browser-api.ts';
import { breadcrumbs, categoryTrail, pageMeta, rootData } from '../lib/seo.ts';
import { splitComponent } from '../lib/split-component.tsx';
import catalogStylesHref from '../styles/catalog.css?url';
import productListStylesHref from '../styles/product-list.css?url';
import type { Route } from './+types/products';

// The list's sort and filters: outside the page's first load; their server markup stays until their code is there.
const ProductListFilters = splitComponent(
  async () => (await import('../features/catalog/components/product-list-filters.tsx')).ProductListFilters,
);
// The cards (with what hovering one fetches ahead) and the chips of the search's intent and the options, likewise.
const ProductGrid = splitComponent(
  async () => (await import('../features/catalog/components/product-card.tsx')).ProductGrid,
);
const SearchIntentChips = splitComponent(
  async () => (await import('../features/catalog/components/search-intent-chips.tsx')).SearchIntentChips,
);

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStylesHref },
  { rel: 'stylesheet', href: productListStylesHref },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  return loadProductList(apiFromContext(context), url);
}

export async function clientLoader({ url }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([
    loadProductList(browserApi(), url),
    ProductListFilters.ready,
    ProductGrid.ready,
    SearchIntentChips.ready,
  ]);
  return data;
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const title = data ? productListTitle(data.search, data.category?.name ?? null) : 'Our Products';
  const category = data?.category;
  // The first card's picture is the list's largest contentful paint: preloaded from the head.
  const first = data?.products?.results[0];
  const picture = first ? cardPicture(first) : null;
  const preload = picture
    ? [picturePreload(picture, { sizes: CARD_SIZES, mediaHost: rootData(matches)?.mediaHost ?? '' })]
    : [];
  const seo = pageMeta(matches, {
    title,
    description: category?.description,
    path: category ? `/products?category=${encodeURIComponent(category.slug)}` : '/products',
    // A search's results are not a page of their own.
    noindex: Boolean(data?.search),
    jsonLd: category ? [breadcrumbs(matches, categoryTrail(category))] : [],
  });
  return [...seo, ...preload];
}

/** Home, the products, the category, the search: where the list sits in the shop. */
function trail(data: Route.ComponentProps['loaderData'], categoryName: string | null): Crumb[] {
  const crumbs: Crumb[] = [
    { name: 'Home', path: '/' },
    { name: 'Products', path: '/products' },
  ];
  if (categoryName) {
    crumbs.push({ name: categoryName, path: `/products?category=${encodeURIComponent(data.categorySlug)}` });
  }
  if (data.search) {
    crumbs.push({ name: `Search: "${data.search}"`, path: productListHref({ ...data, ordering: null, page: 1 }) });
  }
  return crumbs;
}

/**
 * Product list, filtered by ?category and ?search (spec /products), sorted by ?ordering and filtered by ?min_price,
 * ?max_price, ?in_stock and ?option (repeated, one per value chosen): every choice is in the address, so a list can
 * be shared and walked back.
 */
export default function ProductsPage({ loaderData: data }: Route.ComponentProps) {
  const navigation = useNavigation();
  const categoryName = data.category?.name ?? (data.categorySlug || null);
  const products = data.products;
  const pages = products ? Math.max(1, Math.ceil(products.count / DEFAULT_PAGE_SIZE)) : 1;
  return (
    <section className="container page">
      <Breadcrumb trail={trail(data, categoryName)} />
      <h1 className="page-title">{productListTitle(data.search, categoryName)}</h1>
      {data.category?.description && <RichText html={data.category.description} className="category-description" />}
      <ProductListFilters
        query={data}
        categories={data.categories}
        facets={data.facets}
        intent={products?.search_intent}
      />
      {/* A polite live region: present from the first render, so that a new count is announced. */}
      <p className="product-list__count" role="status">
        {products ? productCountText(products.count) : ''}
      </p>
      <SearchIntentChips query={data} intent={products?.search_intent} facets={data.facets} />
      {navigation.state === 'loading' && navigation.location.pathname === '/products' && <Spinner />}
      {data.error ? (
        <ErrorBox>{data.error}</ErrorBox>
      ) : products && products.results.length > 0 ? (
        <>
          <ProductGrid products={products.results} heading="h2" priorityFirst />
          <Pagination page={data.page} pages={pages} href={(page) => productListHref({ ...data, page })} />
        </>
      ) : (
        <>
          <p className="empty-message">{productListEmptyMessage(data.search, categoryName)}</p>
          {data.suggestion && (
            <p className="search-suggestion">
              Did you mean{' '}
              <Link to={productListHref({ ...data, search: data.suggestion, ordering: null, page: 1 })}>
                {data.suggestion}
              </Link>
              ?
            </p>
          )}
        </>
      )}
    </section>
  );
}
