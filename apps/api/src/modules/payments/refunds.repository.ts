import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { paymentSettings, refunds } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = Omit<typeof refunds.$inferInsert, 'tenantId' | 'id'>;
export type RefundChanges = Partial<Omit<RefundRow, 'tenantId' | 'id' | 'orderId' | 'createdAt'>>;

/**
 * What other modules read of the shop's refunds inside their own statements (the sales report): a relation of the
 * refunds that went through — `order_id`, `amount_cents`, `completed_at`.
 */
export const refundColumns = {
  completed: (scope: TenantScope) =>
    sql`(select ${refunds.orderId} as order_id, ${refunds.amountCents} as amount_cents,
                ${refunds.completedAt} as completed_at
           from ${refunds}
          where ${scope.where(refunds, eq(refunds.status, 'succeeded'))})`,
};

/** Every refund of an order, oldest first. */
export async function listRefundRows(scope: TenantScope, orderId: number): Promise<RefundRow[]> {
  return scope.db
    .select()
    .from(refunds)
    .where(scope.where(refunds, eq(refunds.orderId, orderId)))
    .orderBy(asc(refunds.id));
}

export async function findRefund(scope: TenantScope, id: number): Promise<RefundRow | null> {
  const [row] = await scope.db
    .select()
    .from(refunds)
    .where(scope.where(refunds, eq(refunds.id, id)))
    .limit(1);
  return row ?? null;
}

/** A refund locked until the caller's transaction ends: a concurrent recording of it waits, then reads what was done. */
export async function lockRefund(scope: TenantScope, id: number): Promise<RefundRow | null> {
  const [row] = await scope.db
    .select()
    .from(refunds)
    .where(scope.where(refunds, eq(refunds.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function findRefundByKey(scope: TenantScope, orderId: number, key: string): Promise<RefundRow | null> {
  const [row] = await scope.db
    .select()
    .from(refunds)
    .where(scope.where(refunds, eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

export async function insertRefund(scope: TenantScope, values: NewRefund): Promise<RefundRow> {
  const [row] = await scope.db.insert(refunds).values(scope.values(values)).returning();
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}

/** Changes a refund still in one of `from` (null when it has moved on meanwhile). */
export async function updateRefund(
  scope: TenantScope,
  id: number,
  from: readonly RefundRow['status'][],
  changes: RefundChanges,
): Promise<RefundRow | null> {
  const [row] = await scope.db
    .update(refunds)
    .set({ ...changes, updatedAt: new Date() })
    .where(scope.where(refunds, eq(refunds.id, id), inArray(refunds.status, [...from])))
    .returning();
  return row ?? null;
}

/**
 * Claims up to `limit` refunds not finished for one re-drive, until `claimUntil`: pending ones and unknown ones, and
 * ones left requested or being sent before `settledBefore`. A row another instance holds (locked now, or claimed and
 * not yet released) is skipped, so no two runs ask about one.
 */
export async function claimOpenRefunds(
  scope: TenantScope,
  input: { now: Date; settledBefore: Date; claimUntil: Date; limit: number },
): Promise<RefundRow[]> {
  return scope.transaction(async (tx) => {
    const due = await tx.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        tx.where(
          refunds,
          or(
            inArray(refunds.status, ['pending', 'unknown']),
            and(inArray(refunds.status, ['requested', 'sending']), lt(refunds.updatedAt, input.settledBefore)),
          ),
          or(isNull(refunds.pollClaimedUntil), lt(refunds.pollClaimedUntil, input.now)),
        ),
      )
      .orderBy(asc(refunds.createdAt))
      .limit(input.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx.db
      .update(refunds)
      .set({ pollClaimedUntil: input.claimUntil })
      .where(
        tx.where(
          refunds,
          inArray(
            refunds.id,
            due.map((row) => row.id),
          ),
        ),
      )
      .returning();
  });
}

/**
 * Claims one refund for a re-drive until `claimUntil` (a staff retry), unless another run holds it (claimed and not
 * yet released): null then. With `claimOpenRefunds`, no two runs ask about (or send) one refund at once.
 */
export async function claimRefund(
  scope: TenantScope,
  id: number,
  input: { now: Date; claimUntil: Date },
): Promise<RefundRow | null> {
  const [row] = await scope.db
    .update(refunds)
    .set({ pollClaimedUntil: input.claimUntil })
    .where(
      scope.where(
        refunds,
        eq(refunds.id, id),
        or(isNull(refunds.pollClaimedUntil), lt(refunds.pollClaimedUntil, input.now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** The merchant's sandbox maintenance keys; set once (a concurrent first use keeps the first pair written). */
export async function storeSandboxMerchantKeys(
  scope: TenantScope,
  keys: { privateKey: string; publicKey: string },
): Promise<{ privateKey: string; publicKey: string }> {
  await scope.db
    .update(paymentSettings)
    .set({ sandboxMaintenancePrivateKey: keys.privateKey, sandboxMaintenancePublicKey: keys.publicKey })
    .where(scope.where(paymentSettings, and(eq(paymentSettings.sandboxMaintenancePrivateKey, sql`''`))));
  const [row] = await scope.db
    .select({
      privateKey: paymentSettings.sandboxMaintenancePrivateKey,
      publicKey: paymentSettings.sandboxMaintenancePublicKey,
    })
    .from(paymentSettings)
    .where(scope.where(paymentSettings))
    .limit(1);
  if (!row?.privateKey) throw new Error('sandbox maintenance keys were not stored');
  return row;
}
