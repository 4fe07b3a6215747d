// What every service call receives first, at the bottom of the import graph: the shop and the user a request is for,
// the tenant-scoped data door, and the platform's services as interfaces. Modules, plugins and `lib/` import it;
// it imports nothing above `lib/` and `db/`.
import { roleMay, type StaffPermission, StaffRole } from '@platform/contracts/admin';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { TenantScope } from '../db/tenant-scope.ts';
import type { DomainEvent, DomainEventName, DomainEvents, EventHandler } from './domain-events.ts';
import { AppError, AuthenticationError } from './errors.ts';
import type { Mailer, MediaStorage, TokenService } from './services.ts';

/** A shop on the platform, as the tenants module resolves it for every request. */
export interface Tenant {
  id: number;
  name: string;
  token: string;
  domains: string[];
  createdAt: Date;
}

/** The signed-in user, when the request carries a valid access token. */
export interface AuthUser {
  id: number;
  role: string;
  /** The sign-in (refresh token family) the request's access token belongs to. */
  session?: string;
}

/** A handler that writes in the transaction that emitted the event (see `EventBus.beforeCommit`). */
export type TransactionalEventHandler<K extends DomainEventName> = (
  payload: DomainEvents[K],
  tx: TransactionContext,
) => Promise<void>;

/** The domain event bus (`InProcessEventBus` in `events.ts`). */
export interface EventBus {
  /**
   * Registers a handler for one event name; an `awaited` one is waited for by `publish`; an `everyInstance` one also
   * runs for the events other instances publish (with a relay between them: `lib/event-relay.ts`).
   */
  on<K extends DomainEventName>(
    name: K,
    handler: EventHandler<K>,
    options?: { awaited?: boolean; everyInstance?: boolean },
  ): void;
  /** Registers a handler that runs inside the transaction that emitted the event, just before its commit. */
  beforeCommit<K extends DomainEventName>(name: K, handler: TransactionalEventHandler<K>): void;
  /**
   * Registers a handler of an event that must not be lost (`lib/outbox.ts`): the event is written to the outbox with
   * the change, and the handler runs after the commit in its own transaction, once per event (`id` names it in the
   * idempotency key), retried until it succeeds.
   */
  durable<K extends DomainEventName>(name: K, id: string, handler: TransactionalEventHandler<K>): void;
  /** Runs the `beforeCommit` handlers of the events a transaction emitted, inside that transaction. */
  runBeforeCommit(events: readonly DomainEvent[], tx: TransactionContext): Promise<void>;
  /** Hands committed events to their handlers; resolves once the awaited ones have run. */
  publish(events: readonly DomainEvent[]): Promise<void>;
  /** Resolves when every handler started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

/** The platform's services every feature may use: configuration, media, mail, tokens and the domain events. */
export interface ServiceDeps {
  config: Config;
  media: MediaStorage;
  mailer: Mailer;
  tokens: TokenService;
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

/** A request context bound to one open database transaction: its scope is the transaction's, and `emit` records
 * domain events that are published only once the transaction has committed (`lib/unit-of-work.ts`). */
export interface TransactionContext extends RequestContext {
  emit(event: DomainEvent): void;
  /** Runs `work` once the transaction has committed (never after a rollback); it must not throw. */
  afterCommit(work: () => void): void;
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

/** The signed-in user of a context (services call it to read who asks); 401 when there is none. */
export function requireUser(ctx: RequestContext, detail?: string): AuthUser {
  if (!ctx.user) throw new AuthenticationError(detail);
  return ctx.user;
}

/** What staff read when their role may not do something (`requirePermission`). */
const PERMISSION_REFUSALS: Record<StaffPermission, string> = {
  refund: 'Your role may not refund orders: ask the shop owner.',
  see_revenue: "Your role may not see the shop's revenue.",
  manage_products: 'Your role may not manage products.',
  manage_orders: 'Your role may not manage orders.',
  manage_settings: "Your role may not manage the shop's settings or staff.",
};

/** The signed-in staff member, when their role may do `permission` (`ROLE_PERMISSIONS`); else 401 or 403. */
export function requirePermission(ctx: RequestContext, permission: StaffPermission): AuthUser {
  const user = requireStaff(ctx);
  if (!roleMay(user.role, permission)) {
    throw new AppError(403, 'permission_denied', PERMISSION_REFUSALS[permission]);
  }
  return user;
}

/** The signed-in member of staff of a context (any role); 401 or 403 otherwise. */
export function requireStaff(ctx: RequestContext): AuthUser {
  const user = requireUser(ctx);
  if (!StaffRole.safeParse(user.role).success) {
    throw new AppError(403, 'permission_denied', 'You do not have permission to perform this action.');
  }
  return user;
}
