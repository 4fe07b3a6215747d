import { ShopByHost } from '@platform/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { findTenantByHost } from './tenants.service.ts';

const ByHostQuery = z.object({ host: z.string().min(1).max(253) });

/**
 * `/platform/shops/`: the platform's own calls, with no shop header. A storefront serving several shops asks which
 * shop runs on a host name (one of its `domains`); the token it answers is the public one every browser sends.
 */
export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/platform/shops/by-host/',
    {
      schema: {
        tags: ['platform'],
        security: [],
        querystring: ByHostQuery,
        response: { 200: ShopByHost, ...errorResponses },
      },
    },
    async (request) => {
      const tenant = await findTenantByHost(app.deps.database.db, request.query.host);
      if (!tenant) throw new NotFoundError('No shop runs on this host.', 'shop_not_found');
      return { token: tenant.token };
    },
  );
};
