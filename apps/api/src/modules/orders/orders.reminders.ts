// The payment reminder: two days before an unpaid order's payment time ends, its customer is told by e-mail that the
// order is cancelled then unless paid, once per order, whatever number of instances run the job.
import { systemContext } from '../../lib/context.ts';
import { type Job, type JobLogger, scheduleJob } from '../../lib/jobs.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { shopUrl } from '../../lib/urls.ts';
import { getAccountEmail } from '../accounts/index.ts';
import { queueMail } from '../mail/index.ts';
import { getSellerDetails } from '../site/index.ts';
import { listTenants } from '../tenants/index.ts';
import type { JobDeps } from './orders.expiry.ts';
import { payByText, paymentReminderMail } from './orders.mail.ts';
import { findOrder } from './orders.service.ts';
import { claimPaymentReminders } from './payment-reminders.repository.ts';

/** How long before the payment time ends the reminder goes: two days (orders given less get none). */
export const PAYMENT_REMINDER_LEAD_MS = 2 * 24 * 3_600_000;
const BATCH = 100;

/**
 * Sends the reminders due at `now`, in every shop: each order's claim (its `payment_reminder_sent_at`, set by one
 * conditional update) and its e-mail commit together, so a reminder is queued once, and again never. Returns how many
 * were queued.
 */
export async function sendPaymentReminders(deps: JobDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (const tenant of await listTenants(deps.database.db)) {
    const ctx = systemContext(deps, deps.database, tenant, 'payment-reminders');
    for (;;) {
      const claimed = await inTransaction(ctx, async (tx) => {
        const ids = await claimPaymentReminders(tx.scope, now, PAYMENT_REMINDER_LEAD_MS, BATCH);
        if (ids.length === 0) return 0;
        const shop = await getSellerDetails(tx);
        for (const id of ids) {
          const order = await findOrder(tx, id);
          const to = order && (await getAccountEmail(tx, order.userId));
          if (!order || !to) continue;
          const orderPageUrl = shopUrl(tx, `/account/orders/${order.id}`);
          await queueMail(
            tx,
            paymentReminderMail({ shopName: tx.tenant.name, to, order, orderPageUrl, payBy: payByText(order, shop) }),
          );
          sent += 1;
        }
        return ids.length;
      });
      if (claimed < BATCH) break;
    }
  }
  return sent;
}

/** Runs `sendPaymentReminders` every `intervalMs` (never twice at once in this process), logging what it did. */
export function schedulePaymentReminders(deps: JobDeps, intervalMs: number, log: JobLogger): Job {
  return scheduleJob({
    name: 'payment reminders',
    intervalMs,
    run: () => sendPaymentReminders(deps),
    report: (reminded) => (reminded > 0 ? { reminded } : null),
    log,
  });
}
