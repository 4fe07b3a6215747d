// The administration of the site settings: title, description, favicon, logo, analytics id, the locale and time zone
// of the storefront's dates and prices, the company information (tagline, history, mission, vision, core values),
// and selling abroad (the shop's country, its notice of import duties, the adult age, the adult's signature). Writes
// are audited in their transaction.
import { DEFAULT_ADULT_AGE } from '@platform/contracts';
import type { AdminSiteSettings, AdminSiteSettingsBody } from '@platform/contracts/admin-content';
import { type RequestContext, requirePermission, requireStaff } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import {
  type CoreValueRow,
  findSettings,
  listCoreValues,
  lockSettings,
  replaceCoreValues,
  type SiteSettingsRow,
  upsertSettings,
} from './site.repository.ts';

function toAdminSettings(ctx: RequestContext, row: SiteSettingsRow | null, values: CoreValueRow[]): AdminSiteSettings {
  const { media } = ctx.deps;
  return {
    site_title: row?.siteTitle ?? '',
    site_description: row?.siteDescription ?? '',
    favicon: row?.favicon ?? '',
    favicon_url: media.url(row?.favicon ?? ''),
    logo: row?.logo ?? '',
    logo_url: media.url(row?.logo ?? ''),
    theme_name: row?.themeName ?? '',
    google_analytics_id: row?.googleAnalyticsId ?? '',
    contact_email: row?.contactEmail ?? '',
    social_media_links: row?.socialMediaLinks ?? '',
    tagline: row?.tagline ?? '',
    history_summary: row?.historySummary ?? '',
    mission_statement: row?.missionStatement ?? '',
    vision_statement: row?.visionStatement ?? '',
    core_values: values.map((value) => ({ name: value.name, description: value.description })),
    locale: row?.locale ?? 'en-US',
    time_zone: row?.timeZone ?? 'UTC',
    legal_name: row?.legalName ?? '',
    legal_address: row?.legalAddress ?? '',
    tax_number: row?.taxNumber ?? '',
    country: row?.country ?? '',
    duties_notice: row?.dutiesNotice ?? '',
    adult_age: row?.adultAge ?? DEFAULT_ADULT_AGE,
    adult_signature: row?.adultSignature ?? false,
  };
}

/** `GET /admin/site-settings/`: the settings as staff edit them (empty values when the shop has none yet). */
export async function getSiteSettingsForStaff(ctx: RequestContext): Promise<AdminSiteSettings> {
  requireStaff(ctx);
  const [row, values] = await Promise.all([findSettings(ctx.scope), listCoreValues(ctx.scope)]);
  return toAdminSettings(ctx, row, values);
}

/** Favicon and logo must be this shop's own media files. */
function checkMediaKeys(ctx: RequestContext, body: AdminSiteSettingsBody): void {
  const errors: Record<string, string[]> = {};
  for (const field of ['favicon', 'logo'] as const) {
    const key = body[field];
    if (key && !key.startsWith(`t${ctx.tenant.id}/`)) errors[field] = ["Not one of this shop's media files."];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** `PATCH /admin/site-settings/`: changes the given fields (`core_values` replaces the list); audited. */
export async function updateSiteSettings(ctx: RequestContext, body: AdminSiteSettingsBody): Promise<AdminSiteSettings> {
  requirePermission(ctx, 'manage_settings');
  checkMediaKeys(ctx, body);
  return inTransaction(ctx, async (tx) => {
    const current = await lockSettings(tx.scope);
    const before = toAdminSettings(tx, current, await listCoreValues(tx.scope));
    const row = await upsertSettings(tx.scope, {
      siteTitle: body.site_title,
      siteDescription: body.site_description,
      favicon: body.favicon,
      logo: body.logo,
      themeName: body.theme_name,
      googleAnalyticsId: body.google_analytics_id,
      contactEmail: body.contact_email,
      socialMediaLinks: body.social_media_links,
      tagline: body.tagline,
      historySummary: body.history_summary,
      missionStatement: body.mission_statement,
      visionStatement: body.vision_statement,
      locale: body.locale,
      timeZone: body.time_zone,
      legalName: body.legal_name,
      legalAddress: body.legal_address,
      taxNumber: body.tax_number,
      country: body.country,
      dutiesNotice: body.duties_notice,
      adultAge: body.adult_age,
      adultSignature: body.adult_signature,
    });
    if (body.core_values) await replaceCoreValues(tx.scope, body.core_values);
    const after = toAdminSettings(tx, row, await listCoreValues(tx.scope));
    const changed = (Object.keys(after) as (keyof AdminSiteSettings)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    await recordAudit(tx, {
      action: 'site_settings.update',
      entity: 'site_settings',
      entityId: '',
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, after[key]])),
    });
    return after;
  });
}
