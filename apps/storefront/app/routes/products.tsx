import { DEFAULT_PAGE_SIZE } from '@platform/contracts';
import { useNavigation } from 'react-router';
import { ErrorBox } from '../components/error-box.tsx';
import { Pagination } from '../components/pagination.tsx';
import { RichText } from '../components/rich-text.tsx';
import { Spinner } from '../components/spinner.tsx';
import { ProductGrid } from '../features/catalog/components/product-card.tsx';
import { loadProductList, productListEmptyMessage, productListTitle } from '../features/catalog/product-list.ts';
import { apiFromContext } from '../lib/api.server.ts';
import { browserApi } from '../lib/browser-api.ts';
import { breadcrumbs, categoryTrail, pageMeta } from '../lib/seo.ts';
import catalogStylesHref from '../styles/catalog.css?url';
import type { Route } from './+types/products';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogStylesHref }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(apiFromContext(context), new URL(request.url));
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadProductList(browserApi(), new URL(request.url));
}

export function meta({ data, matches }: Route.MetaArgs) {
  const title = data ? productListTitle(data.search, data.category?.name ?? null) : 'Our Products';
  const category = data?.category;
  return pageMeta(matches, {
    title,
    description: category?.description,
    path: category ? `/products?category=${encodeURIComponent(category.slug)}` : '/products',
    // A search's results are not a page of their own.
    noindex: Boolean(data?.search),
    jsonLd: category ? [breadcrumbs(matches, categoryTrail(category))] : [],
  });
}

function pageHref(data: Route.ComponentProps['loaderData'], page: number): string {
  const params = new URLSearchParams();
  if (data.categorySlug) params.set('category', data.categorySlug);
  if (data.search) params.set('search', data.search);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/products?${query}` : '/products';
}

/** Product list, filtered by ?category and ?search (spec /products). */
export default function ProductsPage({ loaderData: data }: Route.ComponentProps) {
  const navigation = useNavigation();
  const categoryName = data.category?.name ?? (data.categorySlug || null);
  const products = data.products;
  const pages = products ? Math.max(1, Math.ceil(products.count / DEFAULT_PAGE_SIZE)) : 1;
  return (
    <section className="container page">
      <h1 className="page-title">{productListTitle(data.search, categoryName)}</h1>
      {data.category?.description && <RichText html={data.category.description} className="category-description" />}
      {navigation.state === 'loading' && navigation.location.pathname === '/products' && <Spinner />}
      {data.error ? (
        <ErrorBox>{data.error}</ErrorBox>
      ) : products && products.results.length > 0 ? (
        <>
          <ProductGrid products={products.results} heading="h2" />
          <Pagination page={data.page} pages={pages} href={(page) => pageHref(data, page)} />
        </>
      ) : (
        <p className="empty-message">{productListEmptyMessage(data.search, categoryName)}</p>
      )}
    </section>
  );
}
