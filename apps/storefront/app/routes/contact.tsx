import { ErrorBox } from '../components/error-box.tsx';
import { loadContactInfo } from '../features/contact/api/contact.ts';
import { ContactForm } from '../features/contact/components/contact-form.tsx';
import { ContactInfoBlock } from '../features/contact/components/contact-info-block.tsx';
import { apiFromContext } from '../lib/api.server.ts';
import { browserApi } from '../lib/browser-api.ts';
import { pageMeta } from '../lib/seo.ts';
import contactStylesHref from '../styles/contact.css?url';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Contact Us', path: '/contact' });

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contactStylesHref }];

export function loader({ context }: Route.LoaderArgs) {
  return loadContactInfo(apiFromContext(context));
}

export function clientLoader() {
  return loadContactInfo(browserApi());
}

/** Contact information and the message form (spec /contact). */
export default function ContactPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container page">
      <h1 className="page-title">Contact Us</h1>
      <div className="contact-layout">
        <div>
          {loaderData.error !== null ? (
            <ErrorBox>{loaderData.error}</ErrorBox>
          ) : (
            <ContactInfoBlock info={loaderData.info} />
          )}
        </div>
        <ContactForm />
      </div>
    </section>
  );
}
