import { asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { paymentEvents, paymentSettings, payments, refusedPaymentNotifications } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
export type PaymentSettingsValues = Partial<Omit<PaymentSettingsRow, 'tenantId' | 'updatedAt'>>;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'tenantId' | 'id'>;
export type PaymentChanges = Partial<Omit<PaymentRow, 'tenantId' | 'id' | 'uuid' | 'orderId' | 'createdAt'>>;
export type NewPaymentEvent = Omit<typeof paymentEvents.$inferInsert, 'tenantId' | 'id' | 'createdAt'>;

/** The shop's payment settings. Read for every page a shop renders (whether it is in test mode): prepared. */
export async function findPaymentSettings(scope: TenantScope): Promise<PaymentSettingsRow | null> {
  const statement = scope.prepared('payments_settings', (shop) =>
    shop.db.select().from(paymentSettings).where(shop.where(paymentSettings)).limit(1),
  );
  const [row] = await statement.execute();
  return row ?? null;
}

export async function upsertPaymentSettings(
  scope: TenantScope,
  values: PaymentSettingsValues,
): Promise<PaymentSettingsRow> {
  const [row] = await scope.db
    .insert(paymentSettings)
    .values(scope.values(values))
    .onConflictDoUpdate({ target: paymentSettings.tenantId, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('payment settings upsert returned nothing');
  return row;
}

/** How many attempts an order has had (the next one's invoice number counts on). */
export async function countOrderPayments(scope: TenantScope, orderId: number): Promise<number> {
  const [row] = await scope.db
    .select({ count: count() })
    .from(payments)
    .where(scope.where(payments, eq(payments.orderId, orderId)));
  return row?.count ?? 0;
}

/** The order's attempt that is still open (initiated or pending), if any. */
export async function findOpenPayment(scope: TenantScope, orderId: number): Promise<PaymentRow | null> {
  const [row] = await scope.db
    .select()
    .from(payments)
    .where(scope.where(payments, eq(payments.orderId, orderId), inArray(payments.status, ['initiated', 'pending'])))
    .limit(1);
  return row ?? null;
}

/** Whether another attempt of the order has succeeded already. */
export async function hasOtherSucceededPayment(scope: TenantScope, orderId: number, paymentId: number) {
  const [row] = await scope.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      scope.where(
        payments,
        eq(payments.orderId, orderId),
        eq(payments.status, 'succeeded'),
        sql`${payments.id} <> ${paymentId}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A new attempt; null when another one got there first (the order's one open attempt, or the same invoice number,
 * taken by a concurrent start).
 */
export async function insertPayment(scope: TenantScope, values: NewPayment): Promise<PaymentRow | null> {
  const [row] = await scope.db.insert(payments).values(scope.values(values)).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findPaymentByUuid(scope: TenantScope, uuid: string): Promise<PaymentRow | null> {
  const [row] = await scope.db
    .select()
    .from(payments)
    .where(scope.where(payments, eq(payments.uuid, uuid)))
    .limit(1);
  return row ?? null;
}

/** A payment by id or by invoice number, its row locked until the transaction ends. */
export async function lockPayment(
  scope: TenantScope,
  by: { id: number } | { invoiceNo: string },
): Promise<PaymentRow | null> {
  const condition = 'id' in by ? eq(payments.id, by.id) : eq(payments.invoiceNo, by.invoiceNo);
  const [row] = await scope.db.select().from(payments).where(scope.where(payments, condition)).limit(1).for('update');
  return row ?? null;
}

export async function updatePayment(scope: TenantScope, id: number, changes: PaymentChanges): Promise<PaymentRow> {
  const [row] = await scope.db
    .update(payments)
    .set({ ...changes, updatedAt: changes.updatedAt ?? new Date() })
    .where(scope.where(payments, eq(payments.id, id)))
    .returning();
  if (!row) throw new Error('payment update returned nothing');
  return row;
}

export async function insertPaymentEvent(scope: TenantScope, event: NewPaymentEvent): Promise<void> {
  await scope.db.insert(paymentEvents).values(scope.values(event));
}

/** Counts a notification refused before its signature verified, on the shop's one counter row, with its reason. */
export async function countRefusedNotification(scope: TenantScope, reason: string): Promise<void> {
  const at = new Date();
  await scope.db
    .insert(refusedPaymentNotifications)
    .values(scope.values({ refused: 1, lastRefusedAt: at, lastReason: reason }))
    .onConflictDoUpdate({
      target: refusedPaymentNotifications.tenantId,
      set: { refused: sql`${refusedPaymentNotifications.refused} + 1`, lastRefusedAt: at, lastReason: reason },
    });
}

/**
 * Takes the payment's turn to ask the gateway about it: true (the time noted) when nobody did within
 * `intervalSeconds`, else false. One conditional update, so that concurrent requests and instances ask once.
 */
export async function claimInquiry(scope: TenantScope, id: number, intervalSeconds: number): Promise<boolean> {
  const claimed = await scope.db
    .update(payments)
    .set({ inquiredAt: sql`now()` })
    .where(
      scope.where(
        payments,
        eq(payments.id, id),
        or(
          isNull(payments.inquiredAt),
          sql`${payments.inquiredAt} <= now() - make_interval(secs => ${intervalSeconds})`,
        ),
      ),
    )
    .returning({ id: payments.id });
  return claimed.length > 0;
}

export async function listPaymentEvents(scope: TenantScope, paymentId: number) {
  return scope.db
    .select()
    .from(paymentEvents)
    .where(scope.where(paymentEvents, eq(paymentEvents.paymentId, paymentId)))
    .orderBy(asc(paymentEvents.id));
}

/**
 * Claims up to `limit` open attempts whose token has expired for one reconciliation run, until `claimUntil`: a row
 * another instance holds (locked now, or claimed and not yet released) is skipped, so no two runs ask about one.
 */
export async function claimExpiredOpenPayments(
  scope: TenantScope,
  now: Date,
  claimUntil: Date,
  limit: number,
): Promise<PaymentRow[]> {
  return scope.transaction(async (tx) => {
    const due = await tx.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        tx.where(
          payments,
          inArray(payments.status, ['initiated', 'pending']),
          lt(payments.expiresAt, now),
          or(isNull(payments.reconcileClaimedUntil), lt(payments.reconcileClaimedUntil, now)),
        ),
      )
      .orderBy(asc(payments.expiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx.db
      .update(payments)
      .set({ reconcileClaimedUntil: claimUntil })
      .where(
        tx.where(
          payments,
          inArray(
            payments.id,
            due.map((row) => row.id),
          ),
        ),
      )
      .returning();
  });
}

/** Succeeded attempts whose order has not confirmed it learned of them, older than `before`. */
export async function listUnnotifiedSucceededPayments(scope: TenantScope, before: Date, limit: number) {
  return scope.db
    .select()
    .from(payments)
    .where(
      scope.where(
        payments,
        eq(payments.status, 'succeeded'),
        isNull(payments.orderNotifiedAt),
        lt(payments.updatedAt, before),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}

/** Marks that the order learned of the payment's success; `reviewReason` flags it for staff at the same time. */
export async function markOrderNotified(scope: TenantScope, id: number, at: Date, reviewReason?: string) {
  await scope.db
    .update(payments)
    .set({ orderNotifiedAt: at, ...(reviewReason ? { reviewReason } : {}) })
    .where(scope.where(payments, eq(payments.id, id), isNull(payments.orderNotifiedAt)));
}

/** Every attempt of an order, oldest first. */
export async function listOrderPaymentRows(scope: TenantScope, orderId: number): Promise<PaymentRow[]> {
  return scope.db
    .select()
    .from(payments)
    .where(scope.where(payments, eq(payments.orderId, orderId)))
    .orderBy(asc(payments.id));
}
