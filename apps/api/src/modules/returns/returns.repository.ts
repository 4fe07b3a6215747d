import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { returnLines, returns } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type ReturnRow = typeof returns.$inferSelect;
export type NewReturn = Omit<typeof returns.$inferInsert, 'tenantId' | 'id'>;
export type ReturnLineRow = Omit<typeof returnLines.$inferSelect, 'tenantId' | 'returnId'>;
export type ReturnWithLines = ReturnRow & { lines: ReturnLineRow[] };
export type ReturnStatusValue = ReturnRow['status'];

// NOTE: the outer columns are named with their table, as in the orders' repository: a bare "id" would be the line's.
const linesOfReturn = sql<ReturnLineRow[]>`(
  select coalesce(json_agg(json_build_object(
           'orderLineId', l.order_line_id, 'productName', l.product_name, 'sku', l.sku, 'quantity', l.quantity,
           'receivedQuantity', l.received_quantity, 'condition', l.condition)
         order by l.order_line_id), '[]'::json)
    from ${returnLines} l
   where l.tenant_id = "returns"."tenant_id" and l.return_id = "returns"."id")`;

/** A return's row and lines, as every read answers them. */
function withLines(row: { ret: ReturnRow; lines: ReturnLineRow[] }): ReturnWithLines {
  return { ...row.ret, lines: row.lines };
}

/**
 * Holds the order's returns for this transaction: two withdrawals of the same lines at once are counted one after
 * the other (a per-order advisory lock; the order's row is the orders module's to lock).
 */
export async function lockOrderReturns(scope: TenantScope, orderId: number): Promise<void> {
  await scope.rows(sql`select pg_advisory_xact_lock(hashtextextended(${`returns:${scope.tenantId}:${orderId}`}, 0))`);
}

/** Units of each order line already in a return that was not rejected (requested, received or refunded). */
export async function returnedQuantities(scope: TenantScope, orderId: number): Promise<Map<number, number>> {
  const rows = await scope.db
    .select({ lineId: returnLines.orderLineId, quantity: sql<number>`sum(${returnLines.quantity})::integer` })
    .from(returnLines)
    .innerJoin(returns, and(eq(returns.tenantId, returnLines.tenantId), eq(returns.id, returnLines.returnId)))
    .where(scope.where(returns, eq(returns.orderId, orderId), sql`${returns.status} <> 'rejected'`))
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((row) => [row.lineId, Number(row.quantity)]));
}

export async function insertReturn(
  scope: TenantScope,
  values: NewReturn,
  lines: Omit<ReturnLineRow, 'receivedQuantity' | 'condition'>[],
): Promise<number> {
  const [row] = await scope.db.insert(returns).values(scope.values(values)).returning({ id: returns.id });
  if (!row) throw new Error('return insert returned nothing');
  await scope.db.insert(returnLines).values(lines.map((line) => scope.values({ ...line, returnId: row.id })));
  return row.id;
}

/** One return with its lines; null when the shop has none with this id. */
export async function findReturn(scope: TenantScope, id: number): Promise<ReturnWithLines | null> {
  const [row] = await scope.db
    .select({ ret: returns, lines: linesOfReturn })
    .from(returns)
    .where(scope.where(returns, eq(returns.id, id)))
    .limit(1);
  return row ? withLines(row) : null;
}

/** One return locked until the transaction ends (staff's moves of it); null when the shop has none. */
export async function lockReturn(scope: TenantScope, id: number): Promise<ReturnRow | null> {
  const [row] = await scope.db
    .select()
    .from(returns)
    .where(scope.where(returns, eq(returns.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The returns of an order, oldest first. */
export async function listOrderReturns(scope: TenantScope, orderId: number): Promise<ReturnWithLines[]> {
  const rows = await scope.db
    .select({ ret: returns, lines: linesOfReturn })
    .from(returns)
    .where(scope.where(returns, eq(returns.orderId, orderId)))
    .orderBy(asc(returns.id));
  return rows.map(withLines);
}

/** What staff filter the shop's returns by. */
export interface ReturnFilter {
  status?: ReturnStatusValue;
  kind?: ReturnRow['kind'];
  orderId?: number;
  /** An order number (its beginning). */
  search?: string;
}

const RETURN_ORDERINGS = { id: returns.id, requested_at: returns.id, status: returns.status } as const;

function returnFilter(scope: TenantScope, filter: ReturnFilter): SQL {
  return scope.where(
    returns,
    filter.status ? eq(returns.status, filter.status) : undefined,
    filter.kind ? eq(returns.kind, filter.kind) : undefined,
    filter.orderId ? eq(returns.orderId, filter.orderId) : undefined,
    filter.search ? sql`${returns.orderNumber} like ${`${filter.search.replace(/[\\%_]/g, '')}%`}` : undefined,
  );
}

/** A page of the shop's returns for staff (`field` or `-field` of an allowlist; newest first). */
export async function listShopReturns(
  scope: TenantScope,
  filter: ReturnFilter,
  page: { ordering?: string | undefined; limit: number; offset: number },
): Promise<{ rows: ReturnWithLines[]; count: number }> {
  const where = returnFilter(scope, filter);
  const ordering = page.ordering ?? '-requested_at';
  const column = RETURN_ORDERINGS[ordering.replace(/^-/, '') as keyof typeof RETURN_ORDERINGS] ?? returns.id;
  const direction = ordering.startsWith('-') ? desc : asc;
  const [total] = await scope.db.select({ count: count() }).from(returns).where(where);
  const rows = await scope.db
    .select({ ret: returns, lines: linesOfReturn })
    .from(returns)
    .where(where)
    .orderBy(direction(column), direction(returns.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map(withLines), count: total?.count ?? 0 };
}

/** Changes a return that is in one of `from` (null when it is not: another change came first). */
export async function updateReturn(
  scope: TenantScope,
  id: number,
  from: readonly ReturnStatusValue[],
  fields: Partial<
    Pick<
      ReturnRow,
      | 'status'
      | 'rejectionReason'
      | 'receivedNote'
      | 'receivedAt'
      | 'rejectedAt'
      | 'refundedAt'
      | 'refundId'
      | 'updatedAt'
    >
  >,
): Promise<ReturnRow | null> {
  const [row] = await scope.db
    .update(returns)
    .set({ updatedAt: new Date(), ...fields })
    .where(scope.where(returns, eq(returns.id, id), inArray(returns.status, [...from])))
    .returning();
  return row ?? null;
}

/** What came back of one line of a return, and in what state. */
export async function setReceivedLine(
  scope: TenantScope,
  returnId: number,
  line: { orderLineId: number; receivedQuantity: number; condition: ReturnLineRow['condition'] },
): Promise<void> {
  await scope.db
    .update(returnLines)
    .set({ receivedQuantity: line.receivedQuantity, condition: line.condition })
    .where(scope.where(returnLines, eq(returnLines.returnId, returnId), eq(returnLines.orderLineId, line.orderLineId)));
}
