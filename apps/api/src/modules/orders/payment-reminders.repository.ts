import { eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

/**
 * Claims the reminders due at `now`: unpaid orders whose payment time ends within `lead` (and has not ended), given
 * more than `lead` to pay, and not reminded yet. One conditional update marks them sent and answers their ids, so an
 * order is claimed by one instance once, whatever runs at the same moment.
 */
export async function claimPaymentReminders(
  scope: TenantScope,
  now: Date,
  leadMs: number,
  limit: number,
): Promise<number[]> {
  const until = new Date(now.getTime() + leadMs);
  const lead = `${Math.round(leadMs / 1000)} seconds`;
  const due = scope.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      scope.where(
        orders,
        eq(orders.status, 'awaiting_payment'),
        isNull(orders.paymentReminderSentAt),
        gt(orders.paymentDueAt, now),
        lte(orders.paymentDueAt, until),
        sql`${orders.paymentDueAt} - ${orders.createdAt} > ${lead}::interval`,
      ),
    )
    .limit(limit);
  const rows = await scope.db
    .update(orders)
    .set({ paymentReminderSentAt: now })
    .where(
      scope.where(
        orders,
        // Checked again on the row itself: an instance that waited for another's claim finds it sent.
        isNull(orders.paymentReminderSentAt),
        eq(orders.status, 'awaiting_payment'),
        sql`${orders.id} in (${due})`,
      ),
    )
    .returning({ id: orders.id });
  return rows.map((row) => row.id);
}
