// `/robots.txt` and `/sitemap.xml` of the request's shop: its public pages, products, categories and posts, on the
// shop's configured origin (the API's settings answer), never the request's host. Beyond 50 000 addresses the sitemap
// is an index of `/sitemap-<n>.xml` parts. Built from the public API, kept a few minutes per shop.
import { BlogPost, Category, ProductSummary, SiteSettings } from '@platform/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The most addresses one sitemap file may hold (the protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;
const TTL_MS = 10 * 60_000;

/** Pages of the shop that are not a product, a category or a post. */
const STATIC_PAGES = [
  '/',
  '/products',
  '/gallery',
  '/blog',
  '/contact',
  '/company-info',
  '/faq',
  '/refund-policy',
  '/privacy-policy',
];

/** Where search engines need not go: per-visitor pages, the administration, the API. */
const DISALLOWED = [
  '/cart',
  '/account/',
  '/order-confirmation',
  '/payment/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/admin',
  '/api/',
  '/products?search=',
];

export interface SitemapEntry {
  path: string;
  lastModified?: string | undefined;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function urlset(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `<url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${
        entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified.slice(0, 10))}</lastmod>` : ''
      }</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap files of a shop: one `urlset` up to `max` addresses; beyond, an index (`sitemap.xml`) naming parts
 * `sitemap-1.xml`, `sitemap-2.xml`… of `max` addresses each.
 */
export function buildSitemaps(
  origin: string,
  entries: SitemapEntry[],
  max = SITEMAP_MAX_URLS,
): { index: string; parts: string[] } {
  if (entries.length <= max) return { index: urlset(origin, entries), parts: [] };
  const parts: string[] = [];
  for (let start = 0; start < entries.length; start += max)
    parts.push(urlset(origin, entries.slice(start, start + max)));
  const names = parts.map(
    (_, index) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${index + 1}.xml`)}</loc></sitemap>`,
  );
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${names.join('\n')}\n</sitemapindex>\n`;
  return { index, parts };
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

interface SeoOptions {
  apiBaseUrl: string;
  apiFetch: typeof fetch;
  tenantOf: (host: string | undefined) => Promise<string>;
}

/** Registers `/robots.txt`, `/sitemap.xml` and `/sitemap-<n>.xml` on the storefront server. */
export async function registerSeoFiles(app: FastifyInstance, options: SeoOptions): Promise<void> {
  const baseUrl = options.apiBaseUrl.replace(/\/$/, '');
  const cache = new Map<
    string,
    { at: number; value: Promise<{ origin: string; files: ReturnType<typeof buildSitemaps> }> }
  >();

  async function get<T>(token: string, path: string, schema: z.ZodType<T>): Promise<T> {
    const response = await options.apiFetch(`${baseUrl}${path}`, { headers: { 'x-tenant-token': token } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return schema.parse(await response.json());
  }

  async function build(token: string) {
    const settings = await get(token, '/pages/settings/public/', SiteSettings);
    const [products, categories, posts] = await Promise.all([
      get(token, '/products/products/?is_active=true', z.array(ProductSummary)),
      get(token, '/products/categories/', z.array(Category)),
      get(token, '/blog/posts/?status=published', z.array(BlogPost)),
    ]);
    const entries: SitemapEntry[] = [
      ...STATIC_PAGES.map((path) => ({ path })),
      ...categories.map((category) => ({ path: `/products?category=${encodeURIComponent(category.slug)}` })),
      ...products.map((product) => ({ path: `/products/${encodeURIComponent(product.slug)}` })),
      ...posts.map((post) => ({ path: `/blog/${encodeURIComponent(post.slug)}`, lastModified: post.published_at })),
    ];
    return { origin: settings.site_url, files: buildSitemaps(settings.site_url, entries) };
  }

  function sitemapsOf(token: string) {
    const cached = cache.get(token);
    if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
    const value = build(token);
    // A failed build is not kept.
    value.catch(() => cache.delete(token));
    cache.set(token, { at: Date.now(), value });
    if (cache.size > 1_000) cache.delete(cache.keys().next().value as string);
    return value;
  }

  const xml = (reply: FastifyReply, body: string) =>
    reply.header('cache-control', 'public, max-age=600').type('application/xml; charset=utf-8').send(body);

  app.get('/robots.txt', async (request: FastifyRequest, reply) => {
    const { origin } = await sitemapsOf(await options.tenantOf(request.host));
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(origin));
  });
  app.get('/sitemap.xml', async (request, reply) => {
    const { files } = await sitemapsOf(await options.tenantOf(request.host));
    return xml(reply, files.index);
  });
  app.get<{ Params: { part: string } }>('/sitemap-:part(^\\d+).xml', async (request, reply) => {
    const { files } = await sitemapsOf(await options.tenantOf(request.host));
    const part = files.parts[Number(request.params.part) - 1];
    if (!part) return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
    return xml(reply, part);
  });
}
