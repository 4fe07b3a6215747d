import { Link } from 'react-router';
import { ErrorBox } from '../components/error-box.tsx';
import { loadFaqs } from '../features/pages/api/pages.ts';
import { FaqList } from '../features/pages/components/faq-list.tsx';
import { apiFromContext } from '../lib/api.server.ts';
import { browserApi } from '../lib/browser-api.ts';
import { pageMeta } from '../lib/seo.ts';
import faqStylesHref from '../styles/faq.css?url';
import type { Route } from './+types/faq';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Frequently Asked Questions', path: '/faq' });

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: faqStylesHref }];

export function loader({ context }: Route.LoaderArgs) {
  return loadFaqs(apiFromContext(context));
}

export function clientLoader() {
  return loadFaqs(browserApi());
}

/** Frequently asked questions (spec /faq). */
export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { faqs, error } = loaderData;
  return (
    <section className="container page">
      <h1 className="page-title">Frequently Asked Questions</h1>
      {error !== null ? (
        <ErrorBox>{error}</ErrorBox>
      ) : faqs.length === 0 ? (
        <p className="empty-state">No FAQs found.</p>
      ) : (
        <FaqList faqs={faqs} />
      )}
      <p className="faq-footer">
        Still have questions? <Link to="/contact">Contact us</Link>
      </p>
    </section>
  );
}
