import { systemContext } from '../../lib/context.ts';
import { type Job, type JobDeps, type JobLogger, scheduleJob } from '../../lib/jobs.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { listTenants } from '../tenants/index.ts';
import { PAYMENT_TIMEOUT, transitionOrder } from './orders.lifecycle.ts';
import { lockOverdueOrders } from './orders.repository.ts';

const BATCH = 100;

export type { JobDeps } from '../../lib/jobs.ts';

/**
 * Cancels every order still unpaid past its due time, in every shop, through the order lifecycle (history, stock
 * back as `expiry` in the ledger, `order.cancelled` announced, which mails the customer). Safe with several instances
 * running: each batch locks its orders and skips those another instance holds. Returns how many orders it cancelled.
 */
export async function cancelOverdueOrders(deps: JobDeps, now = new Date()): Promise<number> {
  let cancelled = 0;
  for (const tenant of await listTenants(deps.database.db)) {
    const ctx = systemContext(deps, deps.database, tenant, 'order-expiry');
    for (;;) {
      const done = await inTransaction(ctx, async (tx) => {
        const ids = await lockOverdueOrders(tx.scope, now, BATCH);
        for (const id of ids) {
          // Still awaiting payment: the lock taken above keeps anyone else from moving it meanwhile.
          await transitionOrder(tx, { orderId: id, to: 'cancelled', actor: 'system', reason: PAYMENT_TIMEOUT, now });
          cancelled += 1;
        }
        return ids.length;
      });
      if (done < BATCH) break;
    }
  }
  return cancelled;
}

/** Runs `cancelOverdueOrders` every `intervalMs` (never twice at once in this process), logging what it did. */
export function scheduleOrderExpiry(deps: JobDeps, intervalMs: number, log: JobLogger): Job {
  return scheduleJob({
    name: 'order expiry',
    intervalMs,
    run: () => cancelOverdueOrders(deps),
    report: (cancelled) => (cancelled > 0 ? { cancelled } : null),
    log,
  });
}
