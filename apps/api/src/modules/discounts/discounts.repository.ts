import { asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { discounts, discountUses } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type DiscountRow = typeof discounts.$inferSelect;
export type DiscountValues = Omit<typeof discounts.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'timesUsed'>;

/** The shop's discount with this code, whatever its letter case; null when there is none. */
export async function findDiscountByCode(scope: TenantScope, code: string): Promise<DiscountRow | null> {
  const [row] = await scope.db
    .select()
    .from(discounts)
    .where(scope.where(discounts, sql`lower(${discounts.code}) = lower(${code})`))
    .limit(1);
  return row ?? null;
}

/** The shop's automatic promotions that are switched on. */
export async function listAutomaticDiscounts(scope: TenantScope): Promise<DiscountRow[]> {
  return scope.db
    .select()
    .from(discounts)
    .where(scope.where(discounts, isNull(discounts.code), eq(discounts.isActive, true)))
    .orderBy(asc(discounts.id));
}

/** How many times the customer used each of these discounts (uses of cancelled orders given back). */
export async function countCustomerUses(
  scope: TenantScope,
  userId: number,
  discountIds: number[],
): Promise<Map<number, number>> {
  if (discountIds.length === 0) return new Map();
  const rows = await scope.db
    .select({ discountId: discountUses.discountId, uses: count() })
    .from(discountUses)
    .where(
      scope.where(
        discountUses,
        eq(discountUses.userId, userId),
        inArray(discountUses.discountId, discountIds),
        isNull(discountUses.releasedAt),
      ),
    )
    .groupBy(discountUses.discountId);
  return new Map(rows.map((row) => [row.discountId, row.uses]));
}

/**
 * Takes one use of the discount, if it has one left: one conditional update, so that of concurrent orders only as
 * many as there are uses left get one (the row lock makes the others wait, then read the new count). False when it
 * has none left or is switched off.
 */
export async function claimUse(scope: TenantScope, discountId: number): Promise<boolean> {
  const rows = await scope.db
    .update(discounts)
    .set({ timesUsed: sql`${discounts.timesUsed} + 1` })
    .where(
      scope.where(
        discounts,
        eq(discounts.id, discountId),
        eq(discounts.isActive, true),
        or(isNull(discounts.usageLimit), sql`${discounts.timesUsed} < ${discounts.usageLimit}`),
      ),
    )
    .returning({ id: discounts.id });
  return rows.length > 0;
}

export async function insertUse(
  scope: TenantScope,
  use: { discountId: number; orderId: number; userId: number; amountCents: number },
): Promise<void> {
  await scope.db.insert(discountUses).values(scope.values(use));
}

/** Gives back the uses of an order not given back yet (each once), and lowers their discounts' counts. */
export async function releaseUses(scope: TenantScope, orderId: number, now: Date): Promise<number> {
  const released = await scope.db
    .update(discountUses)
    .set({ releasedAt: now })
    .where(scope.where(discountUses, eq(discountUses.orderId, orderId), isNull(discountUses.releasedAt)))
    .returning({ discountId: discountUses.discountId });
  for (const { discountId } of released) {
    await scope.db
      .update(discounts)
      .set({ timesUsed: sql`greatest(${discounts.timesUsed} - 1, 0)` })
      .where(scope.where(discounts, eq(discounts.id, discountId)));
  }
  return released.length;
}

/** Takes back the given-back uses of an order (restored after a cancellation), and raises their discounts' counts. */
export async function reclaimUses(scope: TenantScope, orderId: number): Promise<number> {
  const reclaimed = await scope.db
    .update(discountUses)
    .set({ releasedAt: null })
    .where(scope.where(discountUses, eq(discountUses.orderId, orderId), isNotNull(discountUses.releasedAt)))
    .returning({ discountId: discountUses.discountId });
  for (const { discountId } of reclaimed) {
    await scope.db
      .update(discounts)
      .set({ timesUsed: sql`${discounts.timesUsed} + 1` })
      .where(scope.where(discounts, eq(discounts.id, discountId)));
  }
  return reclaimed.length;
}

// ── Administration ───────────────────────────────────────────────────────────────────────────────────────────────

const ORDERINGS: Record<string, SQL> = {
  code: asc(discounts.code),
  '-code': desc(discounts.code),
  name: asc(discounts.name),
  '-name': desc(discounts.name),
  times_used: asc(discounts.timesUsed),
  '-times_used': desc(discounts.timesUsed),
  created_at: asc(discounts.createdAt),
  '-created_at': desc(discounts.createdAt),
  id: asc(discounts.id),
  '-id': desc(discounts.id),
};

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The shop's discounts, searched by code or name, newest first unless ordered otherwise. */
export async function listDiscounts(
  scope: TenantScope,
  options: { search?: string | undefined; ordering?: string | undefined; limit: number; offset: number },
): Promise<{ rows: DiscountRow[]; count: number }> {
  const search = options.search
    ? or(ilike(discounts.code, likePattern(options.search)), ilike(discounts.name, likePattern(options.search)))
    : undefined;
  const where = scope.where(discounts, search);
  const rows = await scope.db
    .select()
    .from(discounts)
    .where(where)
    .orderBy(ORDERINGS[options.ordering ?? '-id'] ?? desc(discounts.id), desc(discounts.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await scope.db.select({ count: count() }).from(discounts).where(where);
  return { rows, count: total?.count ?? 0 };
}

/** One discount; with `lock`, its row stays locked until the transaction ends. */
export async function findDiscount(scope: TenantScope, id: number, lock = false): Promise<DiscountRow | null> {
  const query = scope.db
    .select()
    .from(discounts)
    .where(scope.where(discounts, eq(discounts.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Another discount of the shop with this code, whatever its letter case. */
export async function findOtherWithCode(scope: TenantScope, code: string, exceptId: number | null) {
  const [row] = await scope.db
    .select({ id: discounts.id })
    .from(discounts)
    .where(
      scope.where(
        discounts,
        sql`lower(${discounts.code}) = lower(${code})`,
        exceptId === null ? undefined : sql`${discounts.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertDiscount(scope: TenantScope, values: DiscountValues): Promise<DiscountRow> {
  const [row] = await scope.db.insert(discounts).values(scope.values(values)).returning();
  if (!row) throw new Error('discount insert returned nothing');
  return row;
}

export async function updateDiscount(
  scope: TenantScope,
  id: number,
  values: Partial<DiscountValues>,
): Promise<DiscountRow | null> {
  const [row] = await scope.db
    .update(discounts)
    .set({ ...values, updatedAt: new Date() })
    .where(scope.where(discounts, eq(discounts.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteDiscount(scope: TenantScope, id: number): Promise<boolean> {
  const rows = await scope.db
    .delete(discounts)
    .where(scope.where(discounts, eq(discounts.id, id)))
    .returning({ id: discounts.id });
  return rows.length > 0;
}
