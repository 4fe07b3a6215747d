import { describe, expect, it } from 'vitest';
import { pageMeta, plainText } from './seo.ts';

const root = {
  loaderData: {
    settings: {
      site_title: 'Khukuri House',
      site_description: 'Hand-forged blades.',
      site_url: 'https://shop.example',
      logo: '',
    },
    mediaHost: '',
  },
};

describe('page metadata', () => {
  it('gives the canonical address on the configured origin, cards, and structured data', () => {
    const meta = pageMeta([root], {
      title: 'A blade',
      description: '<p>Forged &amp; <b>sharp</b></p>',
      path: '/products/a-blade',
      image: '/media/t1/a.webp',
      type: 'product',
      jsonLd: [{ '@type': 'Thing', name: '</script><script>alert(1)</script>' }],
    });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://shop.example/products/a-blade' });
    expect(meta).toContainEqual({ name: 'description', content: 'Forged & sharp' });
    expect(meta).toContainEqual({ property: 'og:image', content: 'https://shop.example/media/t1/a.webp' });
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(meta).toContainEqual({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Thing',
        name: '</script><script>alert(1)</script>',
      },
    });
  });

  it('keeps private pages out of search engines, without a canonical address', () => {
    const meta = pageMeta([root], { title: 'Cart', path: '/cart', noindex: true });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(meta.some((entry) => 'rel' in entry)).toBe(false);
  });

  it('cuts long descriptions at a word, on one line', () => {
    const text = plainText(`${'word '.repeat(60)}end`);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toContain('  ');
  });
});
