import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { purchases } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { productColumns } from '../catalog/index.ts';

/** Counts one more paid order of each product for the customer (products deleted since are skipped). */
export async function addPurchases(scope: TenantScope, userId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await scope.db
    .insert(purchases)
    .select(
      sql`select ${scope.tenantId}::integer, ${userId}::integer, bought.id, 1
            from unnest(${sql.param(productIds)}::integer[]) as bought(id)
           where ${productColumns.exists(scope, sql`bought.id`)}`,
    )
    .onConflictDoUpdate({
      target: [purchases.tenantId, purchases.userId, purchases.productId],
      set: { paidOrders: sql`${purchases.paidOrders} + 1` },
    });
}

/** Counts one paid order less of each product; a product no paid order holds any more is no purchase. */
export async function removePurchases(scope: TenantScope, userId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const mine = (...conditions: ReturnType<typeof eq>[]) =>
    scope.where(purchases, eq(purchases.userId, userId), inArray(purchases.productId, productIds), ...conditions);
  await scope.db.delete(purchases).where(mine(lte(purchases.paidOrders, 1)));
  await scope.db
    .update(purchases)
    .set({ paidOrders: sql`${purchases.paidOrders} - 1` })
    .where(mine());
}

export async function hasPurchase(scope: TenantScope, userId: number, productId: number): Promise<boolean> {
  const [row] = await scope.db
    .select({ productId: purchases.productId })
    .from(purchases)
    .where(scope.where(purchases, and(eq(purchases.userId, userId), eq(purchases.productId, productId))))
    .limit(1);
  return Boolean(row);
}
