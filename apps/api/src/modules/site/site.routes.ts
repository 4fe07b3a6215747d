import { SiteSettings } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/schemas.ts';
import { getPublicSettings } from './site.service.ts';

/** `/pages/settings/public/`: the site settings the storefront embeds in its pages. */
export async function siteRoutes(app: FastifyInstance) {
  app.get(
    '/pages/settings/public/',
    { schema: { tags: ['site'], response: { 200: SiteSettings, ...errorResponses } } },
    async (request) => getPublicSettings(request.ctx, app.deps.media),
  );
}
