import type { SiteSettings } from '@platform/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { shopOrigin } from '../../lib/urls.ts';
import { isTestMode } from '../payments/index.ts';
import {
  findSettings,
  insertCoreValues,
  listCoreValues,
  type SiteSettingsRow,
  upsertSettings,
} from './site.repository.ts';

/** The tenant's public site settings with its company information; a tenant without settings has none (404). */
export async function getPublicSettings(ctx: RequestContext): Promise<SiteSettings> {
  const [settings, values, testMode] = await Promise.all([
    findSettings(ctx.scope),
    listCoreValues(ctx.scope),
    isTestMode(ctx),
  ]);
  if (!settings) throw new NotFoundError();
  const { media } = ctx.deps;
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
    site_url: shopOrigin(ctx.tenant, ctx.deps.config),
    locale: settings.locale,
    time_zone: settings.timeZone,
    test_mode: testMode,
  };
}

/** The shop's title and contact e-mail as its settings give them (empty when not set); null without settings. */
export async function getContactSettings(
  ctx: RequestContext,
): Promise<{ siteTitle: string; contactEmail: string } | null> {
  const settings = await findSettings(ctx.scope);
  return settings && { siteTitle: settings.siteTitle, contactEmail: settings.contactEmail };
}

/** The seller of the shop's invoices and credit notes, and how its documents write dates. */
export interface SellerDetails {
  legalName: string;
  legalAddress: string;
  taxNumber: string;
  contactEmail: string;
  locale: string;
  timeZone: string;
}

/** The shop's seller details (its name when no legal name is set; empty fields when there are no settings). */
export async function getSellerDetails(ctx: RequestContext): Promise<SellerDetails> {
  const settings = await findSettings(ctx.scope);
  return {
    legalName: settings?.legalName || settings?.siteTitle || ctx.tenant.name,
    legalAddress: settings?.legalAddress ?? '',
    taxNumber: settings?.taxNumber ?? '',
    contactEmail: settings?.contactEmail ?? '',
    locale: settings?.locale ?? 'en-US',
    timeZone: settings?.timeZone ?? 'UTC',
  };
}

/** The IANA time zone of the shop's calendar (its settings' `time_zone`; UTC for a shop without settings). */
export async function getShopTimeZone(ctx: RequestContext): Promise<string> {
  return (await findSettings(ctx.scope))?.timeZone ?? 'UTC';
}

/** Creates or changes the shop's site settings; what is not given keeps its value. */
export async function saveSiteSettings(
  ctx: RequestContext,
  input: Partial<Omit<SiteSettingsRow, 'tenantId' | 'id' | 'updatedAt'>>,
): Promise<void> {
  await upsertSettings(ctx.scope, input);
}

/** Adds core values to the company information, at their positions. */
export async function createCoreValues(
  ctx: RequestContext,
  input: { name: string; description: string; position: number }[],
): Promise<void> {
  await insertCoreValues(ctx.scope, input);
}
