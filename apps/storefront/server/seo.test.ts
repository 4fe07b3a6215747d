import { describe, expect, it } from 'vitest';
import { buildSitemaps, robotsTxt } from './seo.ts';

describe('sitemaps', () => {
  it('lists every address on the shop origin, escaped, with dates when known', () => {
    const { index, parts } = buildSitemaps('https://shop.example', [
      { path: '/' },
      { path: '/products?category=a&b', lastModified: '2026-11-01T10:00:00.000Z' },
    ]);
    expect(parts).toEqual([]);
    expect(index).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain('<loc>https://shop.example/</loc>');
    expect(index).toContain('<loc>https://shop.example/products?category=a&#38;b</loc><lastmod>2026-11-01</lastmod>');
  });

  it('becomes an index of parts beyond the limit of one file', () => {
    const entries = Array.from({ length: 7 }, (_, index) => ({ path: `/products/p${index}` }));
    const { index, parts } = buildSitemaps('https://shop.example', entries, 3);
    expect(parts).toHaveLength(3);
    expect(index).toContain('<sitemapindex');
    expect(index).toContain('<loc>https://shop.example/sitemap-1.xml</loc>');
    expect(index).toContain('<loc>https://shop.example/sitemap-3.xml</loc>');
    expect(parts[2]).toContain('/products/p6');
    expect(parts[2]).not.toContain('/products/p5');
  });

  it('robots.txt keeps private pages and the API out, and names the sitemap', () => {
    const robots = robotsTxt('https://shop.example');
    for (const path of ['/cart', '/account/', '/admin', '/api/', '/login'])
      expect(robots).toContain(`Disallow: ${path}`);
    expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml');
  });
});
