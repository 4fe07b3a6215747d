// The administration of the shop's home page: staff read it, the owner (`manage_settings`) changes it. Rich texts are
// sanitized on write; each change is audited in its transaction, whose `shop.changed` empties the shop's cached pages.
import type { AdminHomePage, AdminHomePageBody } from '@platform/contracts/admin-content';
import { type RequestContext, requirePermission, requireStaff } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import { currentHomePage, defaultHomePage, type HomePageValues, sanitizedHomePage } from './home-page.service.ts';
import { findHomePage, findSettings, insertHomePage, updateHomePage } from './site.repository.ts';

function toAdminHomePage(ctx: RequestContext, page: HomePageValues, saved: boolean): AdminHomePage {
  const { media } = ctx.deps;
  return {
    hero_eyebrow: page.heroEyebrow,
    hero_title: page.heroTitle,
    hero_intro: page.heroIntro,
    hero_image: page.heroImage,
    hero_image_url: media.url(page.heroImage),
    hero_image_alt: page.heroImageAlt,
    story_heading: page.storyHeading,
    story_text: page.storyText,
    story_image: page.storyImage,
    story_image_url: media.url(page.storyImage),
    story_image_alt: page.storyImageAlt,
    featured_heading: page.featuredHeading,
    featured_source: page.featuredSource,
    featured_category: page.featuredCategoryId,
    featured_products: page.featuredProductIds,
    is_saved: saved,
  };
}

/** `GET /admin/home-page/`: the home page as saved, or the defaults the shop shows until the owner saves one. */
export async function getHomePageForStaff(ctx: RequestContext): Promise<AdminHomePage> {
  requireStaff(ctx);
  const { page, saved } = await currentHomePage(ctx);
  return toAdminHomePage(ctx, page, saved);
}

/** The body's fields over the current page (those left out keep their value). */
function changedPage(current: HomePageValues, body: AdminHomePageBody): HomePageValues {
  const given = {
    heroEyebrow: body.hero_eyebrow,
    heroTitle: body.hero_title,
    heroIntro: body.hero_intro,
    heroImage: body.hero_image,
    heroImageAlt: body.hero_image_alt,
    storyHeading: body.story_heading,
    storyText: body.story_text,
    storyImage: body.story_image,
    storyImageAlt: body.story_image_alt,
    featuredHeading: body.featured_heading,
    featuredSource: body.featured_source,
    featuredCategoryId: body.featured_category,
    featuredProductIds: body.featured_products && [...new Set(body.featured_products)],
  };
  const page = { ...current };
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined) Object.assign(page, { [key]: value });
  }
  return page;
}

/** Pictures must be this shop's own media files; the featured source must name what it shows. */
function checkHomePage(ctx: RequestContext, page: HomePageValues): void {
  const errors: Record<string, string[]> = {};
  for (const [field, key] of [
    ['hero_image', page.heroImage],
    ['story_image', page.storyImage],
  ] as const) {
    if (key && !key.startsWith(`t${ctx.tenant.id}/`)) errors[field] = ["Not one of this shop's media files."];
  }
  if (page.featuredSource === 'category' && page.featuredCategoryId === null) {
    errors.featured_category = ['Choose the category the home page features.'];
  }
  if (page.featuredSource === 'products' && page.featuredProductIds.length === 0) {
    errors.featured_products = ['Choose at least one product to feature.'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** What the audit log keeps of a page: its fields as staff edit them, the rich texts by their length. */
function audited(ctx: RequestContext, page: HomePageValues): Record<string, unknown> {
  const {
    hero_intro,
    story_text,
    hero_image_url: _hero,
    story_image_url: _story,
    is_saved: _saved,
    ...plain
  } = toAdminHomePage(ctx, page, true);
  return { ...plain, hero_intro_length: hero_intro.length, story_text_length: story_text.length };
}

/** `PATCH /admin/home-page/`: changes the given fields (the first save, over the defaults); audited. */
export async function updateHomePageByOwner(ctx: RequestContext, body: AdminHomePageBody): Promise<AdminHomePage> {
  requirePermission(ctx, 'manage_settings');
  return inTransaction(ctx, async (tx) => {
    let current = await findHomePage(tx.scope, true);
    const saved = current !== null;
    if (!current) {
      // The first save starts from the defaults, written first so that the row is locked like any later change.
      await insertHomePage(tx.scope, defaultHomePage(tx.tenant, await findSettings(tx.scope)));
      current = await findHomePage(tx.scope, true);
    }
    if (!current) throw new Error('home page row missing after its insert');
    const { tenantId: _tenant, updatedAt: _updated, ...before } = current;
    const page = sanitizedHomePage(changedPage(before, body));
    checkHomePage(tx, page);
    const row = await updateHomePage(tx.scope, page);
    const [was, now] = [audited(tx, before), audited(tx, page)];
    const changed = Object.keys(now).filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]));
    await recordAudit(tx, {
      action: saved ? 'home_page.update' : 'home_page.create',
      entity: 'home_page',
      entityId: '',
      before: Object.fromEntries(changed.map((key) => [key, was[key]])),
      after: Object.fromEntries(changed.map((key) => [key, now[key]])),
    });
    const { tenantId: _t, updatedAt: _u, ...written } = row;
    return toAdminHomePage(tx, written, true);
  });
}
