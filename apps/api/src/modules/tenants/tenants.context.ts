import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type RequestContext, systemContext, type Tenant } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { TenantResolver, TenantTokenMissingError, TenantUnknownError } from './tenants.service.ts';

/**
 * Resolves the shop into `request.ctx` for every route registered after it in the same scope: from `X-Tenant-Token`
 * (400 without it, 403 for an unknown one), or, for addresses a third party calls without our headers (a payment
 * gateway's notification, a browser coming back from it), from the path parameter `fromParam` (404 if unknown).
 */
export const tenantContext = fp<{ fromParam?: string }>(
  async (app: FastifyInstance, options) => {
    const resolver = new TenantResolver(app.deps.database.db);
    app.decorateRequest('ctx', null as unknown as RequestContext);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      let tenant: Tenant;
      if (options.fromParam) {
        const token = (request.params as Record<string, string | undefined>)[options.fromParam];
        tenant = await resolver.resolve(token).catch((error: unknown) => {
          throw error instanceof TenantUnknownError || error instanceof TenantTokenMissingError
            ? new NotFoundError()
            : error;
        });
      } else {
        const header = request.headers['x-tenant-token'];
        tenant = await resolver.resolve(Array.isArray(header) ? header[0] : header);
      }
      request.ctx = systemContext(app.deps, app.deps.database, tenant, request.id);
    });
  },
  { name: 'tenant-context' },
);
