import { Link } from 'react-router';
import { useSiteSettings } from '../features/site/site-settings.tsx';

/** The home page; the spec leaves its content open, so a welcome until the catalog gives it more. */
export default function HomePage() {
  const settings = useSiteSettings();
  return (
    <section className="home-hero">
      <div className="container home-hero__inner">
        <h1 className="home-hero__title">{settings?.site_title ? `Welcome to ${settings.site_title}` : 'Welcome'}</h1>
        <p className="home-hero__intro">
          {settings?.tagline ||
            'Handcrafted khukuri knives, forged by Nepalese smiths the traditional way and shipped worldwide.'}
        </p>
        <Link to="/products" className="button button--primary">
          Shop the Collection
        </Link>
      </div>
    </section>
  );
}
