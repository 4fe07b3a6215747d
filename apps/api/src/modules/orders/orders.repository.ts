import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { mediaImages, orderCounters, orderLines, orders, products } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'tenantId' | 'id' | 'number'>;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'tenantId' | 'id' | 'orderId'>;
export type OrderStatusValue = OrderRow['status'];
export type OrderWithLines = OrderRow & { lines: OrderLineRow[] };

/** Statuses of an order whose customer has paid (a review of its products is a verified purchase). */
export const PAID_STATUSES: OrderStatusValue[] = ['paid', 'processing', 'shipped', 'delivered'];

/** A product as an order takes it: locked until the order's transaction ends. */
export interface LockedProduct {
  id: number;
  slug: string;
  name: string;
  priceCents: number;
  stock: number;
  isActive: boolean;
  thumbKey: string | null;
}

/**
 * Locks the products' rows (in id order, so that two orders of the same products never deadlock) and reads them:
 * no other order can take their stock until this transaction ends.
 */
export async function lockProducts(scope: TenantScope, ids: number[]): Promise<LockedProduct[]> {
  if (ids.length === 0) return [];
  return scope.db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      priceCents: products.priceCents,
      stock: products.stock,
      isActive: products.isActive,
      thumbKey: mediaImages.thumbKey,
    })
    .from(products)
    .leftJoin(mediaImages, and(eq(mediaImages.tenantId, products.tenantId), eq(mediaImages.id, products.mainImageId)))
    .where(scope.where(products, inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('update', { of: products });
}

/** Takes units out of stock, one statement for all products; the stock check constraint backs the caller's check. */
export async function takeStock(scope: TenantScope, quantities: Map<number, number>): Promise<void> {
  if (quantities.size === 0) return;
  const ids = [...quantities.keys()];
  const amounts = ids.map((id) => quantities.get(id) ?? 0);
  await scope.db.execute(sql`
    update ${products} p
       set stock = p.stock - taken.quantity, updated_at = now()
      from (select unnest(${sql.param(ids)}::integer[]) as id, unnest(${sql.param(amounts)}::integer[]) as quantity) taken
     where p.tenant_id = ${scope.tenantId} and p.id = taken.id`);
}

/** Puts an order's units back in stock (products deleted since are skipped). */
export async function restoreStock(scope: TenantScope, orderId: number): Promise<void> {
  await scope.db.execute(sql`
    update ${products} p
       set stock = p.stock + returned.quantity, updated_at = now()
      from (select product_id, sum(quantity)::integer as quantity
              from ${orderLines}
             where tenant_id = ${scope.tenantId} and order_id = ${orderId} and product_id is not null
             group by product_id) returned
     where p.tenant_id = ${scope.tenantId} and p.id = returned.product_id`);
}

/** The shop's next order number: 1001, 1002… (the counter row is locked until the transaction ends). */
export async function nextOrderNumber(scope: TenantScope): Promise<string> {
  const [row] = await scope.db
    .insert(orderCounters)
    .values(scope.values({ lastNumber: 1001 }))
    .onConflictDoUpdate({ target: orderCounters.tenantId, set: { lastNumber: sql`${orderCounters.lastNumber} + 1` } })
    .returning({ lastNumber: orderCounters.lastNumber });
  if (!row) throw new Error('order counter returned nothing');
  return String(row.lastNumber);
}

export async function insertOrder(
  scope: TenantScope,
  values: NewOrder & { number: string },
  lines: NewOrderLine[],
): Promise<number> {
  const [row] = await scope.db.insert(orders).values(scope.values(values)).returning({ id: orders.id });
  if (!row) throw new Error('order insert returned nothing');
  await scope.db.insert(orderLines).values(lines.map((line) => scope.values({ ...line, orderId: row.id })));
  return row.id;
}

// NOTE: the outer columns are named with their table: in a select from one table Drizzle writes its columns bare,
// and a bare "id" here would mean the line's own id.
const linesOfOrder = sql<OrderLineRow[]>`(
  select coalesce(json_agg(json_build_object(
           'id', l.id, 'orderId', l.order_id, 'productId', l.product_id, 'productSlug', l.product_slug,
           'productName', l.product_name, 'thumbKey', l.thumb_key, 'unitPriceCents', l.unit_price_cents,
           'quantity', l.quantity, 'customization', l.customization, 'lineTotalCents', l.line_total_cents)
         order by l.id), '[]'::json)
    from ${orderLines} l
   where l.tenant_id = "orders"."tenant_id" and l.order_id = "orders"."id")`;

/** One order of the customer with its lines, in one statement; null for an order of someone else. */
export async function findCustomerOrder(
  scope: TenantScope,
  userId: number,
  orderId: number,
): Promise<OrderWithLines | null> {
  const [row] = await scope.db
    .select({ order: orders, lines: linesOfOrder })
    .from(orders)
    .where(scope.where(orders, eq(orders.userId, userId), eq(orders.id, orderId)))
    .limit(1);
  return row ? { ...row.order, lines: row.lines } : null;
}

/** The order a create request with this key made before, if any. */
export async function findOrderByIdempotencyKey(
  scope: TenantScope,
  userId: number,
  key: string,
): Promise<OrderRow | null> {
  const [row] = await scope.db
    .select()
    .from(orders)
    .where(scope.where(orders, eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** The customer's orders, newest first. */
export async function listCustomerOrders(
  scope: TenantScope,
  userId: number,
  page: { limit: number; offset: number },
): Promise<OrderRow[]> {
  return scope.db
    .select()
    .from(orders)
    .where(scope.where(orders, eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countCustomerOrders(scope: TenantScope, userId: number): Promise<number> {
  const [row] = await scope.db
    .select({ count: count() })
    .from(orders)
    .where(scope.where(orders, eq(orders.userId, userId)));
  return row?.count ?? 0;
}

/**
 * Moves an order from one of `from` to `to` and sets the given fields; null when it is in none of `from` (so when
 * two callers race, exactly one moves it).
 */
export async function moveOrder(
  scope: TenantScope,
  orderId: number,
  from: OrderStatusValue[],
  to: OrderStatusValue,
  fields: Partial<Pick<OrderRow, 'paidAt' | 'cancelledAt' | 'cancelReason' | 'paymentDueAt'>> = {},
): Promise<OrderRow | null> {
  const [row] = await scope.db
    .update(orders)
    .set({ ...fields, status: to, updatedAt: new Date() })
    .where(scope.where(orders, eq(orders.id, orderId), inArray(orders.status, from)))
    .returning();
  return row ?? null;
}

/** Unpaid orders past their due time, locked; rows another instance is cancelling right now are skipped. */
export async function lockOverdueOrders(scope: TenantScope, now: Date, limit: number): Promise<number[]> {
  const rows = await scope.db
    .select({ id: orders.id })
    .from(orders)
    .where(scope.where(orders, eq(orders.status, 'awaiting_payment'), lte(orders.paymentDueAt, now)))
    .orderBy(asc(orders.paymentDueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

export async function customerHasPaidOrderWithProduct(
  scope: TenantScope,
  userId: number,
  productId: number,
): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, and(eq(orderLines.tenantId, orders.tenantId), eq(orderLines.orderId, orders.id)))
    .where(
      scope.where(
        orders,
        eq(orders.userId, userId),
        inArray(orders.status, PAID_STATUSES),
        eq(orderLines.productId, productId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function findOrderStatus(scope: TenantScope, orderId: number): Promise<OrderStatusValue | null> {
  const [row] = await scope.db
    .select({ status: orders.status })
    .from(orders)
    .where(scope.where(orders, eq(orders.id, orderId)))
    .limit(1);
  return row?.status ?? null;
}
