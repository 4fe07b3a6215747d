import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { TenantScope } from '../db/tenant-scope.ts';
import { AppError, AuthenticationError, NotFoundError } from '../lib/errors.ts';
import type { EventBus } from '../lib/events.ts';
import type { TokenSigner } from '../modules/accounts/index.ts';
import type { Mailer } from '../modules/mail/index.ts';
import type { MediaStorage } from '../modules/media/index.ts';
import { type Tenant, TenantResolver, TenantTokenMissingError, TenantUnknownError } from '../modules/tenants/index.ts';

/** The signed-in user, when the request carries a valid access token. */
export interface AuthUser {
  id: number;
  role: string;
  /** The sign-in (refresh token family) the request's access token belongs to. */
  session?: string;
}

/** The platform's services every feature may use: configuration, media, mail, tokens and the domain events. */
export interface ServiceDeps {
  config: Config;
  media: MediaStorage;
  mailer: Mailer;
  tokens: TokenSigner;
  events: EventBus;
}

/**
 * What every service call receives first: who asks (tenant, user), the tenant-scoped data door, and the platform's
 * services. Services have one shape: `service(ctx, input)`.
 */
export interface RequestContext {
  tenant: Tenant;
  scope: TenantScope;
  user: AuthUser | null;
  requestId: string;
  deps: ServiceDeps;
  /** What a public read's answer shows (`lib/cache-tags.ts`), gathered for the response cache; absent elsewhere. */
  cacheTags?: Set<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** A context for work the platform does on its own for a shop (scheduled jobs, gateway notifications): no user. */
export function systemContext(
  deps: ServiceDeps,
  database: Database,
  tenant: Tenant,
  requestId = 'system',
): RequestContext {
  return { tenant, scope: new TenantScope(database.db, tenant.id), user: null, requestId, deps };
}

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

/**
 * The one gate of routes that need a signed-in customer: 401 before the body or parameters are looked at, with the
 * detail the spec gives that feature (`app.addHook('onRequest', signedIn(...))` for a module, or a route's
 * `onRequest: signedIn()`).
 */
export function signedIn(detail?: string): onRequestHookHandler {
  return async function requireSignedIn(request) {
    requireUser(request.ctx, detail);
  };
}

/** The signed-in user of a context (services call it to read who asks); 401 when there is none. */
export function requireUser(ctx: RequestContext, detail?: string): AuthUser {
  if (!ctx.user) throw new AuthenticationError(detail);
  return ctx.user;
}

/** Staff roles, weakest first: `owner` may do all `staff` may, and manage staff and payment settings. */
const STAFF_ROLES = ['staff', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The gate of administration routes: 401 for a guest (or a token of another shop, refused by the authentication),
 * 403 for a customer, or for staff where the owner is needed.
 */
export function staffOnly(minimum: StaffRole = 'staff'): onRequestHookHandler {
  return async function staffGate(request) {
    requireStaff(request.ctx, minimum);
  };
}

/** The signed-in member of staff of a context, with at least the `minimum` role; 401 or 403 otherwise. */
export function requireStaff(ctx: RequestContext, minimum: StaffRole = 'staff'): AuthUser {
  const user = requireUser(ctx);
  const rank = STAFF_ROLES.indexOf(user.role as StaffRole);
  if (rank < STAFF_ROLES.indexOf(minimum)) {
    throw new AppError(403, 'permission_denied', 'You do not have permission to perform this action.');
  }
  return user;
}
