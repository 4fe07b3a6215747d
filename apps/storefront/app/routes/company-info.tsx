import { ErrorBox } from '../components/error-box.tsx';
import { useSiteSettings } from '../features/site/site-settings.tsx';
import { pageMeta } from '../lib/seo.ts';
import companyInfoStylesHref from '../styles/company-info.css?url';
import type { Route } from './+types/company-info';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'About Us', path: '/company-info' });

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: companyInfoStylesHref }];

/**
 * About the shop (spec /company-info): the company information travels with the site settings, which are fixed in
 * the page, so nothing more is fetched. Each section shows only when present.
 */
export default function CompanyInfoPage() {
  const settings = useSiteSettings();
  const hasInfo =
    settings &&
    (settings.tagline ||
      settings.history_summary ||
      settings.mission_statement ||
      settings.vision_statement ||
      settings.core_values.length > 0);
  return (
    <section className="container page company-info">
      <h1 className="page-title">About {settings?.site_title ?? ''}</h1>
      {!settings || !hasInfo ? (
        <ErrorBox>Company information is currently unavailable.</ErrorBox>
      ) : (
        <>
          {settings.tagline && <p className="company-info__tagline">{settings.tagline}</p>}
          {settings.history_summary && (
            <section>
              <h2>Our History</h2>
              <p>{settings.history_summary}</p>
            </section>
          )}
          {settings.mission_statement && (
            <section>
              <h2>Our Mission</h2>
              <p>{settings.mission_statement}</p>
            </section>
          )}
          {settings.vision_statement && (
            <section>
              <h2>Our Vision</h2>
              <p>{settings.vision_statement}</p>
            </section>
          )}
          {settings.core_values.length > 0 && (
            <section>
              <h2>Our Core Values</h2>
              <ul className="core-values">
                {settings.core_values.map((value) => (
                  <li key={value.id} className="core-value">
                    <h3>{value.name}</h3>
                    {value.description && <p>{value.description}</p>}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </section>
  );
}
