import type { RequestContext, TransactionContext } from './context.ts';
import type { DomainEvent } from './domain-events.ts';

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
  const committed: (() => void)[] = [];
  const result = await ctx.scope.transaction(async (scope) => {
    const tx: TransactionContext = {
      ...ctx,
      scope,
      emit: (event) => void events.push(event),
      afterCommit: (then) => void committed.push(then),
    };
    const value = await work(tx);
    // The events' transactional handlers write with the change (decision 009: an order and its e-mail commit together).
    await ctx.deps.events.runBeforeCommit([...events], tx);
    return value;
  });
  killAfterCommitIfAsked(ctx, events);
  for (const then of committed) then();
  await ctx.deps.events.publish(events);
  return result;
}

/** Runs `work` once `ctx`'s transaction has committed, or at once when `ctx` is not in a transaction. */
export function afterCommit(ctx: RequestContext, work: () => void): void {
  if (isTransactionContext(ctx)) ctx.afterCommit(work);
  else work();
}

/**
 * The fault tests' failpoint (`FAULT_KILL_AFTER_COMMIT_OF`): a crash between a commit and the delivery of its events,
 * for real. Unset, it does nothing.
 */
function killAfterCommitIfAsked(ctx: RequestContext, events: readonly DomainEvent[]): void {
  const name = ctx.deps.config.FAULT_KILL_AFTER_COMMIT_OF;
  if (name && events.some((event) => event.name === name)) process.kill(process.pid, 'SIGKILL');
}
