import type { RequestContext } from '../plugins/request-context.ts';
import type { DomainEvent } from './events.ts';

/** A request context bound to one open database transaction: its scope is the transaction's, and `emit` records
 * domain events that are published only once the transaction has committed. */
export interface TransactionContext extends RequestContext {
  emit(event: DomainEvent): void;
}

function isTransactionContext(ctx: RequestContext): ctx is TransactionContext {
  return typeof (ctx as Partial<TransactionContext>).emit === 'function';
}

/**
 * Runs `work` in one database transaction and publishes the events it emitted after the commit; a rollback drops
 * them. Called with a context that is already in a transaction, it joins that one (its events wait for the outer
 * commit), so a service can be called on its own or as one step of a workflow.
 */
export async function inTransaction<T>(ctx: RequestContext, work: (tx: TransactionContext) => Promise<T>): Promise<T> {
  if (isTransactionContext(ctx)) return work(ctx);
  const events: DomainEvent[] = [];
  const result = await ctx.scope.transaction((scope) =>
    work({ ...ctx, scope, emit: (event) => void events.push(event) }),
  );
  await ctx.deps.events.publish(events);
  return result;
}
