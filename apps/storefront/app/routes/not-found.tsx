import { data, Link } from 'react-router';
import { NotFoundHelp } from '../features/shell/components/not-found-help.tsx';
import { untitledPrivatePageMeta } from '../lib/seo.ts';
import notFoundStylesHref from '../styles/not-found.css?url';
import type { Route } from './+types/not-found';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: notFoundStylesHref }];

export const meta: Route.MetaFunction = ({ matches }) => untitledPrivatePageMeta(matches);

// A real 404 status for unknown paths, so crawlers and link checkers see the page does not exist.
export function loader() {
  return data(null, { status: 404 });
}

/** Any path no other route matches (spec "* (404)"). */
export default function NotFoundPage() {
  return (
    <section className="container page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__text">Oops! The page you are looking for does not exist.</h1>
      <Link to="/" className="button button--primary">
        Go Back Home
      </Link>
      <NotFoundHelp />
    </section>
  );
}
