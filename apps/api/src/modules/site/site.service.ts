import type { SiteSettings } from '@platform/contracts';
import { NotFoundError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/request-context.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { findSettings, listCoreValues } from './site.repository.ts';

/** The tenant's public site settings with its company information; a tenant without settings has none (404). */
export async function getPublicSettings(ctx: RequestContext, media: MediaStorage): Promise<SiteSettings> {
  const [settings, values] = await Promise.all([findSettings(ctx.scope), listCoreValues(ctx.scope)]);
  if (!settings) throw new NotFoundError();
  return {
    id: settings.id,
    site_title: settings.siteTitle,
    site_description: settings.siteDescription,
    favicon: media.url(settings.favicon),
    theme_name: settings.themeName,
    logo: media.url(settings.logo),
    google_analytics_id: settings.googleAnalyticsId,
    contact_email: settings.contactEmail,
    social_media_links: settings.socialMediaLinks,
    tenant: settings.tenantId,
    tagline: settings.tagline,
    history_summary: settings.historySummary,
    mission_statement: settings.missionStatement,
    vision_statement: settings.visionStatement,
    core_values: values.map((value) => ({ id: value.id, name: value.name, description: value.description })),
  };
}
