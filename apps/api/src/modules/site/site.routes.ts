import { SiteSettings } from '@platform/contracts';
import { AdminSiteSettings, AdminSiteSettingsBody } from '@platform/contracts/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import { getSiteSettingsForStaff, updateSiteSettings } from './site.admin.ts';
import { getPublicSettings } from './site.service.ts';

/** `/pages/settings/public/`: the site settings the storefront embeds in its pages. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pages/settings/public/',
    { config: { publicCache: true }, schema: { tags: ['site'], response: { 200: SiteSettings, ...errorResponses } } },
    async (request) => getPublicSettings(request.ctx),
  );
};

/** `/admin/site-settings/`: the site settings' administration (staff). */
export const siteAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly());
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/site-settings/',
    { schema: { ...schema, response: { 200: AdminSiteSettings, ...errorResponses } } },
    async (request) => getSiteSettingsForStaff(request.ctx),
  );

  app.patch(
    '/site-settings/',
    { schema: { ...schema, body: AdminSiteSettingsBody, response: { 200: AdminSiteSettings, ...errorResponses } } },
    async (request) => updateSiteSettings(request.ctx, request.body),
  );
};
