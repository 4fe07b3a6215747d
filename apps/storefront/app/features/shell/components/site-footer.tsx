import { Link } from 'react-router';
import { useSiteSettings } from '../../site/index.ts';

/** Footer: the withdrawal function (EU law: easy to find on every page), the policy and FAQ links, the copyright. */
export function SiteFooter() {
  const settings = useSiteSettings();
  const title = settings?.site_title ?? '';
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__title">{title}</p>
          {settings?.tagline && <p className="site-footer__tagline">{settings.tagline}</p>}
        </div>
        <nav aria-label="Policies">
          <ul className="site-footer__links">
            <li>
              <Link to="/withdrawal">Withdraw from contract here</Link>
            </li>
            <li>
              <Link to="/refund-policy">Refund Policy</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright">
        © {new Date().getFullYear()} {title}
      </p>
    </footer>
  );
}
