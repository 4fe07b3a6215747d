import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type DocumentKind, documentCounters, orderDocuments } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type OrderDocumentRow = typeof orderDocuments.$inferSelect;

/**
 * The next number of the shop's series (kind, test or not), taken in the caller's transaction: the counter's row
 * stays locked until it ends, so numbers follow the order of the commits, and a rolled-back issue gives its number
 * back — no gap.
 */
export async function takeDocumentNumber(scope: TenantScope, kind: DocumentKind, isTest: boolean): Promise<number> {
  const [row] = await scope.db
    .insert(documentCounters)
    .values(scope.values({ kind, isTest, lastNumber: 1 }))
    .onConflictDoUpdate({
      target: [documentCounters.tenantId, documentCounters.kind, documentCounters.isTest],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  if (!row) throw new Error('document counter upsert returned nothing');
  return row.lastNumber;
}

export async function insertDocument(
  scope: TenantScope,
  values: Omit<OrderDocumentRow, 'tenantId' | 'id' | 'issuedAt'>,
): Promise<OrderDocumentRow> {
  const [row] = await scope.db.insert(orderDocuments).values(scope.values(values)).returning();
  if (!row) throw new Error('document insert returned nothing');
  return row;
}

/** The order's document of this kind (for a credit note: of this refund); null when none was issued. */
export async function findOrderDocument(
  scope: TenantScope,
  orderId: number,
  kind: DocumentKind,
  refundId: number | null,
): Promise<OrderDocumentRow | null> {
  const [row] = await scope.db
    .select()
    .from(orderDocuments)
    .where(
      scope.where(
        orderDocuments,
        eq(orderDocuments.orderId, orderId),
        eq(orderDocuments.kind, kind),
        refundId === null ? isNull(orderDocuments.refundId) : eq(orderDocuments.refundId, refundId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The order's documents, in the order they were issued. */
export async function listOrderDocuments(scope: TenantScope, orderId: number): Promise<OrderDocumentRow[]> {
  return scope.db
    .select()
    .from(orderDocuments)
    .where(scope.where(orderDocuments, eq(orderDocuments.orderId, orderId)))
    .orderBy(asc(orderDocuments.id));
}

/** One of the order's documents by its id; null when the order has no such document. */
export async function findDocumentOfOrder(
  scope: TenantScope,
  orderId: number,
  documentId: number,
): Promise<OrderDocumentRow | null> {
  const [row] = await scope.db
    .select()
    .from(orderDocuments)
    .where(scope.where(orderDocuments, and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.id, documentId))))
    .limit(1);
  return row ?? null;
}
