/** The static demo landing page served at /test: a hard-coded template outside the main layout, with no API calls. */

import { SOCIAL_PLATFORM_NAMES } from '@platform/contracts';
import { KhukuriArt } from '../components/khukuri-art.tsx';
import { useFormat } from '../features/site/site-settings.tsx';
import demoLandingStylesHref from '../styles/demo-landing.css?url';
import type { Route } from './+types/demo-landing';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: demoLandingStylesHref }];

interface SampleProduct {
  name: string;
  description: string;
  price: number;
  badge?: 'Best Seller' | 'New Arrival' | 'Featured';
  blade: string;
  handle: string;
}

const SAMPLE_PRODUCTS: SampleProduct[] = [
  {
    name: 'Traditional Gurkha Khukuri',
    description: 'The issue pattern carried by Gurkha soldiers: a 10" forged blade with a buffalo-horn grip.',
    price: 85,
    badge: 'Best Seller',
    blade: '#c9ced6',
    handle: '#4a2a1a',
  },
  {
    name: 'Everyday Carry Khukuri',
    description: 'A light 8" blade for camp and garden, balanced for long days of work.',
    price: 70,
    badge: 'New Arrival',
    blade: '#b8bec8',
    handle: '#6b3b22',
  },
  {
    name: 'Ceremonial Sirupate',
    description: 'A slender, leaf-shaped blade with a brass-capped rosewood handle, made for display.',
    price: 120,
    badge: 'Featured',
    blade: '#d8dce2',
    handle: '#3a1f14',
  },
  {
    name: 'Bhojpure Chopper',
    description: 'A heavy, wide-bellied blade from eastern Nepal for clearing brush and splitting wood.',
    price: 95,
    blade: '#a9b0ba',
    handle: '#5a3220',
  },
  {
    name: 'Mini Utility Khukuri',
    description: 'A compact 6" companion for the pack, with a full-tang walnut handle.',
    price: 45,
    blade: '#c2c7cf',
    handle: '#7a4a2a',
  },
  {
    name: 'Angkhola Service Khukuri',
    description: 'A broad 12" blade with a thick spine, forged from spring steel and hardened edge-only.',
    price: 110,
    blade: '#b3b9c2',
    handle: '#2f1a10',
  },
];

const TESTIMONIALS = [
  {
    quote: 'The balance is perfect and the edge came razor sharp. You can feel the hours of handwork in it.',
    name: 'Daniel R.',
    place: 'Colorado, USA',
  },
  {
    quote: 'I bought the Sirupate as a gift for my father. The brass work and the sheath are simply beautiful.',
    name: 'Priya S.',
    place: 'London, UK',
  },
  {
    quote: 'Three seasons of camping and my khukuri still holds its edge. Fast shipping to Australia too.',
    name: 'Marcus T.',
    place: 'Queensland, Australia',
  },
];

const SECTION_LINKS = [
  { href: '#home', label: 'Home' },
  { href: '#products', label: 'Products' },
  { href: '#story', label: 'Our Story' },
  { href: '#testimonials', label: 'Testimonials' },
  { href: '#contact', label: 'Contact' },
];

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/', label: SOCIAL_PLATFORM_NAMES.facebook },
  { href: 'https://www.instagram.com/', label: SOCIAL_PLATFORM_NAMES.instagram },
  { href: 'https://www.youtube.com/', label: SOCIAL_PLATFORM_NAMES.youtube },
];

export default function DemoLandingPage() {
  const format = useFormat();
  return (
    <div className="demo">
      <a href="#products" className="skip-link">
        Skip to content
      </a>
      <header className="demo-nav">
        <div className="demo-container demo-nav__inner">
          <a href="#home" className="demo-nav__brand">
            Himalayan Blades
          </a>
          <nav aria-label="Sections">
            <ul className="demo-nav__links">
              {SECTION_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>

      <main>
        <section id="home" className="demo-hero">
          <div className="demo-container demo-hero__inner">
            <div className="demo-hero__copy">
              <p className="demo-eyebrow">Forged by hand in Dharan, Nepal</p>
              <h1 className="demo-hero__title">The Blade of the Himalayas</h1>
              <p className="demo-hero__lead">
                Every khukuri is hammered from spring steel by a single kami smith, edge-hardened in the old way and
                finished with horn, rosewood and brass.
              </p>
              <a href="#products" className="demo-button">
                Discover Our Collection
              </a>
            </div>
            <KhukuriArt className="demo-hero__art" blade="#e4e7ec" handle="#3a1f14" />
          </div>
        </section>

        <section id="products" className="demo-section" aria-labelledby="products-title">
          <div className="demo-container">
            <h2 id="products-title" className="demo-section__title">
              Our Collection
            </h2>
            <p className="demo-section__lead">Six blades from our forge, each one signed by the smith who made it.</p>
            <ul className="demo-products">
              {SAMPLE_PRODUCTS.map((product) => (
                <li key={product.name} className="demo-card">
                  <div className="demo-card__image">
                    {product.badge && <span className="demo-card__badge">{product.badge}</span>}
                    <KhukuriArt className="demo-card__art" blade={product.blade} handle={product.handle} />
                  </div>
                  <div className="demo-card__body">
                    <h3 className="demo-card__name">{product.name}</h3>
                    <p className="demo-card__description">{product.description}</p>
                    <div className="demo-card__footer">
                      <span className="demo-card__price">{format.price(String(product.price))}</span>
                      <button type="button" className="demo-button demo-button--small">
                        View Details
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="story" className="demo-section demo-story" aria-labelledby="story-title">
          <div className="demo-container demo-story__inner">
            <div>
              <h2 id="story-title" className="demo-section__title">
                Our Story
              </h2>
              <p>
                For four generations our family has forged khukuris in the foothills of eastern Nepal. What began as a
                village forge supplying farmers now sends blades to collectors, soldiers and outdoorsmen around the
                world.
              </p>
              <p>
                We still work the way our grandfathers did: recycled leaf-spring steel, charcoal fires, and water
                quenching that hardens the edge while the spine stays tough.
              </p>
            </div>
            <dl className="demo-stats">
              <div>
                <dt>Years at the forge</dt>
                <dd>85+</dd>
              </div>
              <div>
                <dt>Master smiths</dt>
                <dd>12</dd>
              </div>
              <div>
                <dt>Countries shipped to</dt>
                <dd>40</dd>
              </div>
            </dl>
          </div>
        </section>

        <section id="testimonials" className="demo-section" aria-labelledby="testimonials-title">
          <div className="demo-container">
            <h2 id="testimonials-title" className="demo-section__title">
              What Our Customers Say
            </h2>
            <ul className="demo-testimonials">
              {TESTIMONIALS.map((testimonial) => (
                <li key={testimonial.name} className="demo-testimonial">
                  <figure>
                    <blockquote>“{testimonial.quote}”</blockquote>
                    <figcaption>
                      <strong>{testimonial.name}</strong> · {testimonial.place}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>

      <footer id="contact" className="demo-footer">
        <div className="demo-container demo-footer__inner">
          <div>
            <p className="demo-nav__brand">Himalayan Blades</p>
            <address>
              Bhanu Chowk, Dharan, Nepal
              <br />
              <a href="mailto:hello@example.com">hello@example.com</a>
            </address>
          </div>
          <nav aria-label="Footer">
            <ul className="demo-footer__links">
              {SECTION_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
              <li>
                <a href="/faq">FAQ</a>
              </li>
              <li>
                <a href="/privacy-policy">Privacy Policy</a>
              </li>
              <li>
                <a href="#terms">Terms of Service</a>
              </li>
            </ul>
          </nav>
          <ul className="demo-footer__social" aria-label="Social media">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href} rel="noopener noreferrer" target="_blank">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <p id="terms" className="demo-footer__legal">
          Blades are sold to adults for collection, outdoor and kitchen use. © Himalayan Blades. All rights reserved.
        </p>
      </footer>
    </div>
  );
}
