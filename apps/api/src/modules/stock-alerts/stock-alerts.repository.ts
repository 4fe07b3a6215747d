import { desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { stockAlerts } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

// The back-in-stock alerts (issue 49, migration 0094): the module owns `stock_alerts`.

export type StockAlertRow = typeof stockAlerts.$inferSelect;

/** The waiting alert of this address for the product (or variant); null when there is none. */
export async function findWaitingAlert(
  scope: TenantScope,
  input: { productId: number; variantId: number | null; email: string },
): Promise<StockAlertRow | null> {
  const [row] = await scope.db
    .select()
    .from(stockAlerts)
    .where(
      scope.where(
        stockAlerts,
        eq(stockAlerts.productId, input.productId),
        sql`coalesce(${stockAlerts.variantId}, 0) = ${input.variantId ?? 0}`,
        sql`lower(${stockAlerts.email}) = lower(${input.email})`,
        isNull(stockAlerts.notifiedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Records an alert, or finds the one this address already has waiting for the product (or variant): one waiting
 * alert per address (the unique index). A customer's confirms a guest's of the same address.
 */
export async function upsertAlert(
  scope: TenantScope,
  input: { productId: number; variantId: number | null; userId: number | null; email: string },
): Promise<StockAlertRow> {
  const confirmedAt = input.userId === null ? null : new Date();
  const [created] = await scope.db
    .insert(stockAlerts)
    .values(scope.values({ ...input, confirmedAt }))
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const existing = await findWaitingAlert(scope, input);
  if (!existing) throw new Error('stock alert upsert found nothing');
  if (input.userId !== null && existing.userId === null) {
    const [claimed] = await scope.db
      .update(stockAlerts)
      .set({ userId: input.userId, confirmedAt: existing.confirmedAt ?? confirmedAt })
      .where(scope.where(stockAlerts, eq(stockAlerts.id, existing.id)))
      .returning();
    return claimed ?? existing;
  }
  return existing;
}

export async function findAlert(scope: TenantScope, id: number): Promise<StockAlertRow | null> {
  const [row] = await scope.db
    .select()
    .from(stockAlerts)
    .where(scope.where(stockAlerts, eq(stockAlerts.id, id)))
    .limit(1);
  return row ?? null;
}

/** Confirms a waiting alert (a guest's link); false when it was not waiting for confirmation. */
export async function confirmAlert(scope: TenantScope, id: number): Promise<boolean> {
  const rows = await scope.db
    .update(stockAlerts)
    .set({ confirmedAt: new Date() })
    .where(
      scope.where(stockAlerts, eq(stockAlerts.id, id), isNull(stockAlerts.confirmedAt), isNull(stockAlerts.notifiedAt)),
    )
    .returning({ id: stockAlerts.id });
  return rows.length > 0;
}

/** The customer's waiting alerts, newest first. */
export async function listCustomerAlerts(scope: TenantScope, userId: number): Promise<StockAlertRow[]> {
  return scope.db
    .select()
    .from(stockAlerts)
    .where(scope.where(stockAlerts, eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt)))
    .orderBy(desc(stockAlerts.id));
}

/** Cancels one of the customer's waiting alerts; false when the customer has no such alert. */
export async function deleteCustomerAlert(scope: TenantScope, userId: number, id: number): Promise<boolean> {
  const rows = await scope.db
    .delete(stockAlerts)
    .where(
      scope.where(stockAlerts, eq(stockAlerts.id, id), eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt)),
    )
    .returning({ id: stockAlerts.id });
  return rows.length > 0;
}

/**
 * Spends the confirmed alerts waiting for the product (`variantId` null) or the variant: one conditional update, so
 * that of two restocks at the same time only one gets each alert (the other finds it spent once the first commits).
 */
export async function claimAlerts(
  scope: TenantScope,
  input: { productId: number; variantId: number | null },
): Promise<StockAlertRow[]> {
  return scope.db
    .update(stockAlerts)
    .set({ notifiedAt: new Date() })
    .where(
      scope.where(
        stockAlerts,
        eq(stockAlerts.productId, input.productId),
        input.variantId === null ? isNull(stockAlerts.variantId) : eq(stockAlerts.variantId, input.variantId),
        isNotNull(stockAlerts.confirmedAt),
        isNull(stockAlerts.notifiedAt),
      ),
    )
    .returning();
}

/** The products (and variants) with alerts waiting, with how many are confirmed and not, and the oldest. */
export async function countWaitingAlerts(scope: TenantScope): Promise<
  {
    productId: number;
    variantId: number | null;
    waiting: number;
    unconfirmed: number;
    oldest: Date;
  }[]
> {
  const rows = await scope.db
    .select({
      productId: stockAlerts.productId,
      variantId: stockAlerts.variantId,
      waiting: sql<number>`(count(*) filter (where ${stockAlerts.confirmedAt} is not null))::integer`,
      unconfirmed: sql<number>`(count(*) filter (where ${stockAlerts.confirmedAt} is null))::integer`,
      oldest: sql<Date>`min(${stockAlerts.createdAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(stockAlerts)
    .where(scope.where(stockAlerts, isNull(stockAlerts.notifiedAt)))
    .groupBy(stockAlerts.productId, stockAlerts.variantId);
  return rows.map((row) => ({ ...row, waiting: Number(row.waiting), unconfirmed: Number(row.unconfirmed) }));
}
