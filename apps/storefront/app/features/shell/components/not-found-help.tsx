import { useQuery } from '@tanstack/react-query';
import { Form, Link } from 'react-router';
import { browserApi } from '../../../lib/browser-api.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { fetchCategories } from '../../categories/index.ts';

/** A way onward from a page that is not there: a product search and the shop's categories. */
export function NotFoundHelp() {
  // The categories load in the browser (the same query as the SHOP menu's); the search works without them.
  const hydrated = useHydrated();
  const categories = useQuery({
    queryKey: ['categories'],
    queryFn: () => fetchCategories(browserApi()),
    enabled: hydrated,
  });
  return (
    <nav className="not-found-help" aria-label="Find something else">
      <Form method="get" action="/products" role="search" className="not-found-help__search">
        <label htmlFor="not-found-search">Search the shop</label>
        <input id="not-found-search" name="search" type="search" placeholder="Search products..." required />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </Form>
      {categories.data && categories.data.length > 0 && (
        <ul className="not-found-help__categories">
          {categories.data.map((category) => (
            <li key={category.slug}>
              <Link to={`/products?category=${encodeURIComponent(category.slug)}`}>{category.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
