import type { Database } from '../../db/client.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import { listTenants } from '../tenants/tenants.repository.ts';
import { lockOverdueOrders } from './orders.repository.ts';
import { changeOrderStatus } from './orders.service.ts';

const BATCH = 100;

/**
 * Cancels every order still unpaid past its due time, in every shop, and puts its stock back. Safe with several
 * instances running: each batch locks its orders and skips those another instance holds, and the status check of
 * the cancellation makes the stock come back once. Returns how many orders it cancelled.
 */
export async function cancelOverdueOrders(database: Database, now = new Date()): Promise<number> {
  let cancelled = 0;
  for (const tenant of await listTenants(database.db)) {
    const shop = new TenantScope(database.db, tenant.id);
    for (;;) {
      const done = await shop.transaction(async (scope) => {
        const ids = await lockOverdueOrders(scope, now, BATCH);
        for (const id of ids) {
          // Still awaiting payment: the lock taken above keeps anyone else from moving it meanwhile.
          if (await changeOrderStatus(scope, id, 'cancelled', { reason: 'payment_timeout', now })) cancelled += 1;
        }
        return ids.length;
      });
      if (done < BATCH) break;
    }
  }
  return cancelled;
}

export interface Job {
  stop(): Promise<void>;
}

/** Runs `cancelOverdueOrders` every `intervalMs` (never twice at once in this process), logging failures. */
export function scheduleOrderExpiry(
  database: Database,
  intervalMs: number,
  log: { info(object: object, message: string): void; error(object: object, message: string): void },
): Job {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(async () => {
      try {
        const cancelled = await cancelOverdueOrders(database);
        if (cancelled > 0) log.info({ cancelled }, 'unpaid orders cancelled after their payment time ran out');
      } catch (error) {
        log.error({ err: error }, 'order expiry job failed');
      }
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
