import { DEFAULT_ADULT_AGE, DEFAULT_DUTIES_NOTICE, type SiteSettings } from '@platform/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { shopOrigin } from '../../lib/urls.ts';
import { listShopCurrencies, toDisplayCurrency } from '../currencies/index.ts';
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
  const [settings, values, testMode, currencies] = await Promise.all([
    findSettings(ctx.scope),
    listCoreValues(ctx.scope),
    isTestMode(ctx),
    listShopCurrencies(ctx),
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
    currencies: currencies.map((currency) => toDisplayCurrency(currency, settings.locale)),
    adult_age: settings.adultAge,
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
  /** The shop's country (ISO code), '' when not set. */
  country: string;
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
    country: settings?.country ?? '',
    contactEmail: settings?.contactEmail ?? '',
    locale: settings?.locale ?? 'en-US',
    timeZone: settings?.timeZone ?? 'UTC',
  };
}

/** How the shop sells abroad (issue 48, decision 029). */
export interface SellingAbroadSettings {
  /** The shop's country (ISO code); '' when not set: then no order counts as leaving it. */
  country: string;
  /** What the checkout says of import duties on an order leaving the shop's country (its words, else the platform's). */
  dutiesNotice: string;
  /** The age the buyer of an age-restricted product confirms. */
  adultAge: number;
  /** The courier takes an adult's signature for an order holding an age-restricted product. */
  adultSignature: boolean;
}

/** The shop's settings for selling abroad (the defaults for a shop without settings). */
export async function getSellingAbroadSettings(ctx: RequestContext): Promise<SellingAbroadSettings> {
  const settings = await findSettings(ctx.scope);
  return {
    country: settings?.country ?? '',
    dutiesNotice: settings?.dutiesNotice || DEFAULT_DUTIES_NOTICE,
    adultAge: settings?.adultAge ?? DEFAULT_ADULT_AGE,
    adultSignature: settings?.adultSignature ?? false,
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
