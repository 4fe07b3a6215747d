// The shop's home page (issue 45): its hero, its story and what its featured shelf shows, as the owner wrote them,
// or defaults made from the shop's own name and company information until the owner first saves it.
import type { HomePage, HomePicture } from '@platform/contracts';
import type { RequestContext, Tenant } from '../../lib/context.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { findStoredPictures, imageVariants, type StoredPicture } from '../media/index.ts';
import {
  findHomePage,
  findSettings,
  type HomePageRow,
  type HomePageValues,
  insertHomePage,
  type SiteSettingsRow,
} from './site.repository.ts';

export type { HomePageValues };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain words as rich text: a paragraph per block between blank lines, escaped. */
export function paragraphsOf(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)}</p>`)
    .join('');
}

/**
 * The home page of a shop whose owner has written none: its own name, its tagline (or description) and history, the
 * products it flags as featured. No word of any other shop.
 */
export function defaultHomePage(tenant: Tenant, settings: SiteSettingsRow | null): HomePageValues {
  const name = settings?.siteTitle.trim() || tenant.name;
  const intro = settings?.tagline.trim() || settings?.siteDescription.trim() || `Discover everything ${name} offers.`;
  return {
    heroEyebrow: 'Welcome to',
    heroTitle: name,
    heroIntro: paragraphsOf(intro),
    heroImage: '',
    heroImageAlt: '',
    storyHeading: `About ${name}`,
    storyText: paragraphsOf(settings?.historySummary ?? ''),
    storyImage: '',
    storyImageAlt: '',
    featuredHeading: 'Featured products',
    featuredSource: 'flagged',
    featuredCategoryId: null,
    featuredProductIds: [],
  };
}

/** The home page as saved, or the defaults of a shop that has saved none (`saved` false). */
export async function currentHomePage(
  ctx: RequestContext,
  lock = false,
): Promise<{ page: HomePageValues; saved: boolean }> {
  const [row, settings] = await Promise.all([findHomePage(ctx.scope, lock), findSettings(ctx.scope)]);
  return row ? { page: valuesOf(row), saved: true } : { page: defaultHomePage(ctx.tenant, settings), saved: false };
}

function valuesOf(row: HomePageRow): HomePageValues {
  const { tenantId: _tenant, updatedAt: _updated, ...values } = row;
  return values;
}

function pictureOf(
  ctx: RequestContext,
  key: string,
  alt: string,
  stored: Map<string, StoredPicture>,
): HomePicture | null {
  if (!key) return null;
  const picture = stored.get(key);
  return {
    src: ctx.deps.media.url(key),
    width: picture?.width ?? null,
    height: picture?.height ?? null,
    variants: picture ? imageVariants(ctx, picture) : [],
    alt,
  };
}

/** `GET /pages/home/`: the shop's home page as the storefront shows it. */
export async function getHomePage(ctx: RequestContext): Promise<HomePage> {
  const { page } = await currentHomePage(ctx);
  const stored = await findStoredPictures(ctx, [page.heroImage, page.storyImage]);
  return {
    hero: {
      eyebrow: page.heroEyebrow,
      title: page.heroTitle,
      intro: page.heroIntro,
      picture: pictureOf(ctx, page.heroImage, page.heroImageAlt, stored),
    },
    story: {
      heading: page.storyHeading,
      text: page.storyText,
      picture: pictureOf(ctx, page.storyImage, page.storyImageAlt, stored),
    },
    featured: {
      heading: page.featuredHeading,
      source: page.featuredSource,
      category: page.featuredSource === 'category' ? page.featuredCategoryId : null,
      products: page.featuredSource === 'products' ? page.featuredProductIds : [],
    },
  };
}

/** The rich texts of a home page sanitized: every write of them goes through here. */
export function sanitizedHomePage(page: HomePageValues): HomePageValues {
  return { ...page, heroIntro: sanitizeRichText(page.heroIntro), storyText: sanitizeRichText(page.storyText) };
}

/** Writes a shop's first home page, the given fields over its defaults (the demo seed). */
export async function createHomePage(ctx: RequestContext, values: Partial<HomePageValues>): Promise<void> {
  const defaults = defaultHomePage(ctx.tenant, await findSettings(ctx.scope));
  await insertHomePage(ctx.scope, sanitizedHomePage({ ...defaults, ...values }));
}
