import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TenantScope } from '../db/tenant-scope.ts';
import { AuthenticationError } from '../lib/errors.ts';
import type { Tenant } from '../modules/tenants/tenants.service.ts';
import { TenantResolver } from '../modules/tenants/tenants.service.ts';

/** The signed-in customer, when the request carries a valid access token. */
export interface AuthUser {
  id: number;
  role: string;
}

/** What every service call receives first: who asks (tenant, user) and the tenant-scoped data door. */
export interface RequestContext {
  tenant: Tenant;
  scope: TenantScope;
  user: AuthUser | null;
  requestId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** Resolves `X-Tenant-Token` into `request.ctx` for every route registered after it in the same scope. */
export const tenantContext = fp(
  async (app: FastifyInstance) => {
    const resolver = new TenantResolver(app.deps.database.db);
    app.decorateRequest('ctx', null as unknown as RequestContext);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const header = request.headers['x-tenant-token'];
      const tenant = await resolver.resolve(Array.isArray(header) ? header[0] : header);
      request.ctx = {
        tenant,
        scope: new TenantScope(app.deps.database.db, tenant.id),
        user: null,
        requestId: request.id,
      };
    });
  },
  { name: 'tenant-context' },
);

/** The signed-in user, or 401 with the given detail (each feature words it as the spec does). */
export function requireUser(ctx: RequestContext, detail?: string): AuthUser {
  if (!ctx.user) throw new AuthenticationError(detail);
  return ctx.user;
}
