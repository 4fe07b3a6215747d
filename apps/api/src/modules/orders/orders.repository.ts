import { asc, count, desc, eq, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  orderCounters,
  orderDiscounts,
  orderHistory,
  orderLines,
  orderNotes,
  orders,
  orderTaxes,
} from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'tenantId' | 'id' | 'number'>;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'tenantId' | 'id' | 'orderId'>;
export type OrderStatusValue = OrderRow['status'];
export type OrderHistoryRow = typeof orderHistory.$inferSelect;
export type NewOrderHistory = Omit<typeof orderHistory.$inferInsert, 'tenantId' | 'id'>;
export type NewOrderDiscount = Omit<typeof orderDiscounts.$inferInsert, 'tenantId' | 'id' | 'orderId'>;
export type OrderDiscountRow = Pick<
  typeof orderDiscounts.$inferSelect,
  'code' | 'name' | 'kind' | 'description' | 'amountCents'
>;
export type NewOrderTax = Omit<typeof orderTaxes.$inferInsert, 'tenantId' | 'id' | 'orderId'>;
export type OrderTaxRow = Pick<typeof orderTaxes.$inferSelect, 'name' | 'basisPoints' | 'amountCents' | 'included'>;
export type OrderWithLines = OrderRow & {
  lines: OrderLineRow[];
  discounts: OrderDiscountRow[];
  taxes: OrderTaxRow[];
  history: { status: OrderStatusValue; at: string }[];
};

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
  discounts: NewOrderDiscount[] = [],
  taxes: NewOrderTax[] = [],
): Promise<number> {
  const [row] = await scope.db.insert(orders).values(scope.values(values)).returning({ id: orders.id });
  if (!row) throw new Error('order insert returned nothing');
  await scope.db.insert(orderLines).values(lines.map((line) => scope.values({ ...line, orderId: row.id })));
  if (discounts.length > 0) {
    await scope.db
      .insert(orderDiscounts)
      .values(discounts.map((discount) => scope.values({ ...discount, orderId: row.id })));
  }
  if (taxes.length > 0) {
    await scope.db.insert(orderTaxes).values(taxes.map((tax) => scope.values({ ...tax, orderId: row.id })));
  }
  return row.id;
}

// NOTE: the outer columns are named with their table: in a select from one table Drizzle writes its columns bare,
// and a bare "id" here would mean the line's own id.
const linesOfOrder = sql<OrderLineRow[]>`(
  select coalesce(json_agg(json_build_object(
           'id', l.id, 'orderId', l.order_id, 'productId', l.product_id, 'productSlug', l.product_slug,
           'productName', l.product_name, 'variantId', l.variant_id, 'sku', l.sku, 'thumbKey', l.thumb_key, 'unitPriceCents', l.unit_price_cents,
           'quantity', l.quantity, 'customization', l.customization, 'lineTotalCents', l.line_total_cents,
           'discountCents', l.discount_cents, 'taxCents', l.tax_cents, 'taxName', l.tax_name,
           'taxBasisPoints', l.tax_basis_points, 'optionValues', l.option_values, 'shipsBy', l.ships_by)
         order by l.id), '[]'::json)
    from ${orderLines} l
   where l.tenant_id = "orders"."tenant_id" and l.order_id = "orders"."id")`;

const discountsOfOrder = sql<OrderDiscountRow[]>`(
  select coalesce(json_agg(json_build_object(
           'code', d.code, 'name', d.name, 'kind', d.kind, 'description', d.description,
           'amountCents', d.amount_cents) order by d.id), '[]'::json)
    from ${orderDiscounts} d
   where d.tenant_id = "orders"."tenant_id" and d.order_id = "orders"."id")`;

const taxesOfOrder = sql<OrderTaxRow[]>`(
  select coalesce(json_agg(json_build_object(
           'name', t.name, 'basisPoints', t.basis_points, 'amountCents', t.amount_cents, 'included', t.included)
         order by t.id), '[]'::json)
    from ${orderTaxes} t
   where t.tenant_id = "orders"."tenant_id" and t.order_id = "orders"."id")`;

const historyOfOrder = sql<{ status: OrderStatusValue; at: string }[]>`(
  select coalesce(json_agg(json_build_object('status', h.to_status, 'at', h.created_at) order by h.id), '[]'::json)
    from ${orderHistory} h
   where h.tenant_id = "orders"."tenant_id" and h.order_id = "orders"."id")`;

/**
 * One order with its lines and history, in one statement; with `userId`, only that customer's (null for an order of
 * someone else).
 */
export async function findOrderWithLines(
  scope: TenantScope,
  orderId: number,
  userId?: number,
): Promise<OrderWithLines | null> {
  const [row] = await scope.db
    .select({
      order: orders,
      lines: linesOfOrder,
      discounts: discountsOfOrder,
      taxes: taxesOfOrder,
      history: historyOfOrder,
    })
    .from(orders)
    .where(scope.where(orders, eq(orders.id, orderId), userId === undefined ? undefined : eq(orders.userId, userId)))
    .limit(1);
  return row
    ? { ...row.order, lines: row.lines, discounts: row.discounts, taxes: row.taxes, history: row.history }
    : null;
}

/** The id of the shop's order with this number; null when there is none. */
export async function findOrderIdByNumber(scope: TenantScope, number: string): Promise<number | null> {
  const [row] = await scope.db
    .select({ id: orders.id })
    .from(orders)
    .where(scope.where(orders, eq(orders.number, number)))
    .limit(1);
  return row?.id ?? null;
}

/** The numbers of the shop's orders among `ids`, by id (an id of no order of the shop is left out). */
export async function findOrderNumbers(scope: TenantScope, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await scope.db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(scope.where(orders, inArray(orders.id, ids)));
  return new Map(rows.map((row) => [row.id, row.number]));
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

/** How many of the customer's orders await payment. */
export async function countUnpaidOrders(scope: TenantScope, userId: number): Promise<number> {
  const [row] = await scope.db
    .select({ count: count() })
    .from(orders)
    .where(scope.where(orders, eq(orders.userId, userId), eq(orders.status, 'awaiting_payment')));
  return row?.count ?? 0;
}

/** Locks an order's row until the transaction ends and reads it; null when the shop has no such order. */
export async function lockOrder(scope: TenantScope, orderId: number): Promise<OrderRow | null> {
  const [row] = await scope.db
    .select()
    .from(orders)
    .where(scope.where(orders, eq(orders.id, orderId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateOrder(
  scope: TenantScope,
  orderId: number,
  fields: Partial<
    Pick<
      OrderRow,
      | 'status'
      | 'paidAt'
      | 'cancelledAt'
      | 'cancelReason'
      | 'paymentDueAt'
      | 'updatedAt'
      | 'carrier'
      | 'trackingNumber'
      | 'trackingUrl'
    >
  >,
): Promise<OrderRow> {
  const [row] = await scope.db
    .update(orders)
    .set(fields)
    .where(scope.where(orders, eq(orders.id, orderId)))
    .returning();
  if (!row) throw new Error(`order ${orderId} vanished while it was locked`);
  return row;
}

export async function insertOrderHistory(scope: TenantScope, entry: NewOrderHistory): Promise<void> {
  await scope.db.insert(orderHistory).values(scope.values(entry));
}

/**
 * Units of each product an order holds, per variant for a product sold in options (`variantId`); lines of products
 * or variants deleted since are left out (a variant's line keeps its SKU).
 */
export async function orderQuantities(
  scope: TenantScope,
  orderId: number,
): Promise<{ productId: number; variantId?: number; quantity: number }[]> {
  const rows = await scope.db
    .select({
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: sql<number>`sum(${orderLines.quantity})::integer`,
    })
    .from(orderLines)
    .where(
      scope.where(
        orderLines,
        eq(orderLines.orderId, orderId),
        sql`${orderLines.productId} is not null`,
        sql`(${orderLines.sku} is null or ${orderLines.variantId} is not null)`,
      ),
    )
    .groupBy(orderLines.productId, orderLines.variantId)
    .orderBy(orderLines.productId, orderLines.variantId);
  return rows.map((row) => ({
    productId: row.productId as number,
    ...(row.variantId === null ? {} : { variantId: row.variantId }),
    quantity: Number(row.quantity),
  }));
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

/** What staff filter the shop's orders by. */
export interface OrderFilter {
  status?: OrderStatusValue;
  paymentMethod?: OrderRow['paymentMethod'];
  userId?: number;
  /** An order number's digits (a prefix), searched alone. */
  number?: string;
  /** Free text: an order number (prefix), the delivery name, or one of these customers' orders. */
  search?: { text: string; userIds: number[] };
}

const ORDER_ORDERINGS = {
  id: orders.id,
  created_at: orders.id,
  number: orders.id,
  total: orders.totalCents,
  status: orders.status,
  updated_at: orders.updatedAt,
} as const;

function orderFilter(scope: TenantScope, filter: OrderFilter): SQL {
  const search = filter.search;
  const pattern = search ? `%${search.text.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : '';
  return scope.where(
    orders,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.paymentMethod ? eq(orders.paymentMethod, filter.paymentMethod) : undefined,
    filter.userId ? eq(orders.userId, filter.userId) : undefined,
    filter.number ? ilike(orders.number, `${filter.number}%`) : undefined,
    search
      ? or(
          ilike(orders.number, `${search.text.replace(/[\\%_]/g, '')}%`),
          ilike(sql`${orders.deliveryAddress}->>'fullname'`, pattern),
          search.userIds.length > 0 ? inArray(orders.userId, search.userIds) : undefined,
        )
      : undefined,
  );
}

/** A page of the shop's orders for staff, filtered and ordered (`field` or `-field` of an allowlist; newest first). */
export async function listShopOrders(
  scope: TenantScope,
  filter: OrderFilter,
  page: { ordering?: string; limit: number; offset: number },
): Promise<{ rows: OrderRow[]; count: number }> {
  const where = orderFilter(scope, filter);
  const field = (page.ordering ?? '-created_at').replace(/^-/, '') as keyof typeof ORDER_ORDERINGS;
  const column = ORDER_ORDERINGS[field] ?? orders.id;
  const direction = (page.ordering ?? '-created_at').startsWith('-') ? desc : asc;
  const [total] = await scope.db.select({ count: count() }).from(orders).where(where);
  const rows = await scope.db
    .select()
    .from(orders)
    .where(where)
    .orderBy(direction(column), direction(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, count: total?.count ?? 0 };
}

/** The tax the prices of these orders held (their included `order_taxes`), per order id, in cents. */
export async function includedTaxOfOrders(scope: TenantScope, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await scope.db
    .select({ orderId: orderTaxes.orderId, cents: sql<string>`sum(${orderTaxes.amountCents})::text` })
    .from(orderTaxes)
    .where(scope.where(orderTaxes, inArray(orderTaxes.orderId, orderIds), eq(orderTaxes.included, true)))
    .groupBy(orderTaxes.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.cents)]));
}

/** The order's history with who moved it and why, oldest first. */
export async function listOrderHistory(scope: TenantScope, orderId: number): Promise<OrderHistoryRow[]> {
  return scope.db
    .select()
    .from(orderHistory)
    .where(scope.where(orderHistory, eq(orderHistory.orderId, orderId)))
    .orderBy(asc(orderHistory.id));
}

export type OrderNoteRow = typeof orderNotes.$inferSelect;

export async function insertOrderNote(
  scope: TenantScope,
  note: { orderId: number; authorUserId: number | null; body: string },
): Promise<void> {
  await scope.db.insert(orderNotes).values(scope.values(note));
}

export async function listOrderNotes(scope: TenantScope, orderId: number): Promise<OrderNoteRow[]> {
  return scope.db
    .select()
    .from(orderNotes)
    .where(scope.where(orderNotes, eq(orderNotes.orderId, orderId)))
    .orderBy(asc(orderNotes.id));
}
