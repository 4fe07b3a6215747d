import { HomePage, SiteSettings } from '@platform/contracts';
import {
  AdminHomePage,
  AdminHomePageBody,
  AdminSiteSettings,
  AdminSiteSettingsBody,
} from '@platform/contracts/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import { getHomePageForStaff, updateHomePageByOwner } from './home-page.admin.ts';
import { getHomePage } from './home-page.service.ts';
import { getSiteSettingsForStaff, updateSiteSettings } from './site.admin.ts';
import { getPublicSettings } from './site.service.ts';

/** `/pages/settings/public/`: the site settings the storefront embeds in its pages; `/pages/home/`: its home page. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pages/settings/public/',
    { config: { publicCache: true }, schema: { tags: ['site'], response: { 200: SiteSettings, ...errorResponses } } },
    async (request) => getPublicSettings(request.ctx),
  );
  app.get(
    '/pages/home/',
    { config: { publicCache: true }, schema: { tags: ['site'], response: { 200: HomePage, ...errorResponses } } },
    async (request) => getHomePage(request.ctx),
  );
};

/** `/admin/site-settings/` and `/admin/home-page/`: their administration (staff read, the owner changes). */
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
  app.get(
    '/home-page/',
    { schema: { ...schema, response: { 200: AdminHomePage, ...errorResponses } } },
    async (request) => getHomePageForStaff(request.ctx),
  );
  app.patch(
    '/home-page/',
    { schema: { ...schema, body: AdminHomePageBody, response: { 200: AdminHomePage, ...errorResponses } } },
    async (request) => updateHomePageByOwner(request.ctx, request.body),
  );
};
