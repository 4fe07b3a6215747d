import { SiteSettings } from '@platform/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { getPublicSettings } from './site.service.ts';

/** `/pages/settings/public/`: the site settings the storefront embeds in its pages. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pages/settings/public/',
    { schema: { tags: ['site'], response: { 200: SiteSettings, ...errorResponses } } },
    async (request) => getPublicSettings(request.ctx),
  );
};
