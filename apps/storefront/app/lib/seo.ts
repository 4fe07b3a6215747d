// What search engines and link previews read of a page: its title and description, the canonical address (on the
// shop's configured origin, never the request's), Open Graph and Twitter cards, `noindex` for private pages, and
// JSON-LD structured data (React Router escapes it so that no field can close its script element).
import type { Category, SiteSettings } from '@platform/contracts';
import type { MetaDescriptor } from 'react-router';

/** What the root loader gives every page's `meta`. */
interface RootData {
  settings: SiteSettings | null;
  mediaHost: string;
}

/** The currency the shop's prices are in. */
export const SHOP_CURRENCY = 'USD';

const DESCRIPTION_LENGTH = 160;

/** The root route's data among a page's matches. */
export function rootData(matches: readonly unknown[]): RootData | null {
  const root = matches[0] as { loaderData?: unknown } | undefined;
  const data = root?.loaderData as RootData | undefined;
  return data && 'settings' in data ? data : null;
}

/** Text of rich text or long text, on one line and cut at a word near `length`. */
export function plainText(html: string, length = DESCRIPTION_LENGTH): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2)).trimEnd()}…`;
}

/** An absolute address on the shop's origin (media may live on their own host). */
export function absoluteUrl(root: RootData | null, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const origin = root?.settings?.site_url ?? '';
  return `${origin}${path}`;
}

export interface PageSeo {
  title: string;
  /** Defaults to the shop's description. */
  description?: string | undefined;
  /** The page's canonical path, with the query that names it (e.g. `/products?category=kitchen`). */
  path: string;
  image?: string | null | undefined;
  type?: 'website' | 'product' | 'article';
  /** Private or per-visitor pages: kept out of search engines. */
  noindex?: boolean;
  jsonLd?: object[];
}

/** The meta descriptors of a page. */
export function pageMeta(matches: readonly unknown[], page: PageSeo): MetaDescriptor[] {
  const root = rootData(matches);
  const settings = root?.settings;
  const description = plainText(page.description || settings?.site_description || '');
  const url = absoluteUrl(root, page.path);
  const image = page.image ? absoluteUrl(root, `${root?.mediaHost ?? ''}${page.image}`) : null;
  const descriptors: MetaDescriptor[] = [{ title: page.title }];
  if (description) descriptors.push({ name: 'description', content: description });
  if (page.noindex) {
    descriptors.push({ name: 'robots', content: 'noindex' });
    return descriptors;
  }
  descriptors.push(
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:url', content: url },
    ...(settings?.site_title ? [{ property: 'og:site_name', content: settings.site_title }] : []),
    ...(description ? [{ property: 'og:description', content: description }] : []),
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: page.title },
    ...(description ? [{ name: 'twitter:description', content: description }] : []),
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
    ...(page.jsonLd ?? []).map((data) => ({ 'script:ld+json': { '@context': 'https://schema.org', ...data } })),
  );
  return descriptors;
}

/** The meta of a private page (or one that is not there): its title, and out of search engines. */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: 'robots', content: 'noindex' }];
}

/** A page without a title of its own (sign-in and its kin): the shop's title, out of search engines. */
export function untitledPrivatePageMeta(matches: readonly unknown[]): MetaDescriptor[] {
  return privatePageMeta(rootData(matches)?.settings?.site_title ?? '');
}

/** A breadcrumb trail as `BreadcrumbList` data. */
export function breadcrumbs(matches: readonly unknown[], trail: { name: string; path: string }[]): object {
  const root = rootData(matches);
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(root, crumb.path),
    })),
  };
}

/** The shop as `Organization` and its search as a `WebSite` `SearchAction` (the home page). */
export function shopData(matches: readonly unknown[]): object[] {
  const root = rootData(matches);
  const settings = root?.settings;
  if (!settings) return [];
  const origin = absoluteUrl(root, '/');
  return [
    {
      '@type': 'Organization',
      name: settings.site_title,
      url: origin,
      ...(settings.logo ? { logo: absoluteUrl(root, `${root?.mediaHost ?? ''}${settings.logo}`) } : {}),
      ...(settings.contact_email ? { email: settings.contact_email } : {}),
    },
    {
      '@type': 'WebSite',
      name: settings.site_title,
      url: origin,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(root, '/products')}?search={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/** A category's trail from the home page. */
export function categoryTrail(category: Pick<Category, 'name' | 'slug'>) {
  return [
    { name: 'Home', path: '/' },
    { name: 'Products', path: '/products' },
    { name: category.name, path: `/products?category=${encodeURIComponent(category.slug)}` },
  ];
}
