// The transactional outbox (decision 021): events that must not be lost are rows of `event_outbox`, written in the
// transaction of the change that emitted them (`InProcessEventBus.runBeforeCommit`), delivered after the commit by
// `deliverOutbox` (right after the commit, and by a job for what a crash or a failure left), with retries and
// backoff. Each durable handler runs in its own transaction with a marker keyed by the event's id and the handler's
// name, so an event delivered again never runs a handler twice.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type ServiceDeps, systemContext, type Tenant, type TransactionContext } from './context.ts';
import type { DomainEvent, DomainEventName, DomainEvents } from './domain-events.ts';
import { inTransaction } from './unit-of-work.ts';

/** A handler of an event that must not be lost: it runs in its own transaction, once per event. */
export type DurableEventHandler<K extends DomainEventName> = (
  payload: DomainEvents[K],
  tx: TransactionContext,
) => Promise<void>;

/** The durable handlers of an event name, each with its name (part of the idempotency key). */
export type DurableHandlers = (
  name: DomainEventName,
) => readonly { id: string; handler: DurableEventHandler<DomainEventName> }[];

const BATCH = 50;
/** How long a claimed batch is held by one deliverer before another may take it (a crashed one lets go). */
const CLAIM_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Writes the event to the outbox, in the transaction that emitted it. */
export async function writeOutbox(tx: TransactionContext, event: DomainEvent): Promise<void> {
  await tx.scope.rows(
    sql`insert into event_outbox (tenant_id, name, payload)
        values (${tx.tenant.id}, ${event.name}, ${JSON.stringify(event.payload)}::jsonb)`,
  );
}

interface OutboxRow {
  id: string | number;
  name: DomainEventName;
  payload: DomainEvents[DomainEventName] | string;
  attempts: number;
}

/**
 * Delivers one shop's due outbox events: claims a batch (row locks, skipping rows another instance holds), runs each
 * event's durable handlers not yet run for it, and marks it delivered; a failing handler leaves it for a retry after
 * a backoff that doubles (1 second up to an hour). Returns how many it delivered.
 */
export async function deliverOutbox(
  deps: ServiceDeps & { database: Database },
  tenant: Tenant,
  handlers: DurableHandlers,
  now = new Date(),
): Promise<{ delivered: number; retried: number }> {
  const ctx = systemContext(deps, deps.database, tenant, 'outbox');
  const totals = { delivered: 0, retried: 0 };
  const claimed = await ctx.scope.transaction(async (scope) => {
    const due = await scope.rows<OutboxRow>(
      sql`select id, name, payload, attempts from event_outbox
           where tenant_id = ${tenant.id} and delivered_at is null and available_at <= ${now}
             and (claimed_until is null or claimed_until < ${now})
           order by id limit ${BATCH} for update skip locked`,
    );
    if (due.length > 0) {
      const ids = due.map((row) => Number(row.id));
      await scope.rows(
        sql`update event_outbox set claimed_until = ${new Date(now.getTime() + CLAIM_MS)}
             where tenant_id = ${tenant.id} and id in ${sql`(${sql.join(ids, sql`, `)})`}`,
      );
    }
    return due;
  });
  for (const row of claimed) {
    const id = Number(row.id);
    const payload = (
      typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
    ) as DomainEvents[DomainEventName];
    try {
      for (const { id: handlerId, handler } of handlers(row.name)) {
        await inTransaction(ctx, async (tx) => {
          const [first] = await tx.scope.rows<{ handled: number }>(
            sql`insert into event_outbox_handled (tenant_id, event_id, handler) values (${tenant.id}, ${id}, ${handlerId})
                on conflict do nothing returning 1 as handled`,
          );
          if (first) await handler(payload, tx);
        });
      }
      await ctx.scope.rows(
        sql`update event_outbox set delivered_at = ${new Date()}, claimed_until = null, last_error = null
             where tenant_id = ${tenant.id} and id = ${id}`,
      );
      totals.delivered += 1;
    } catch (error) {
      const backoff = Math.min(1000 * 2 ** row.attempts, MAX_BACKOFF_MS);
      const message = error instanceof Error ? error.message : String(error);
      await ctx.scope.rows(
        sql`update event_outbox set attempts = attempts + 1, claimed_until = null, last_error = ${message.slice(0, 500)},
                   available_at = ${new Date(Date.now() + backoff)}
             where tenant_id = ${tenant.id} and id = ${id}`,
      );
      totals.retried += 1;
    }
  }
  return totals;
}

/** How long a delivered event stays in the outbox, for looking into what happened (an e-mail, an order moved). */
export const OUTBOX_KEPT_DAYS = 30;

/**
 * Deletes one shop's events delivered more than `OUTBOX_KEPT_DAYS` before `now`, with the marks of their handlers
 * (a delivered event is never delivered again, so they guard nothing any more). What is not delivered yet stays, however
 * old. Returns how many events went.
 */
export async function pruneOutbox(
  deps: ServiceDeps & { database: Database },
  tenant: Tenant,
  now = new Date(),
): Promise<number> {
  const ctx = systemContext(deps, deps.database, tenant, 'outbox');
  const before = new Date(now.getTime() - OUTBOX_KEPT_DAYS * 24 * 60 * 60 * 1000);
  return ctx.scope.transaction(async (scope) => {
    await scope.rows(
      sql`delete from event_outbox_handled where tenant_id = ${tenant.id} and event_id in (
            select id from event_outbox where tenant_id = ${tenant.id} and delivered_at < ${before})`,
    );
    const gone = await scope.rows<{ id: number }>(
      sql`delete from event_outbox where tenant_id = ${tenant.id} and delivered_at < ${before} returning id`,
    );
    return gone.length;
  });
}
