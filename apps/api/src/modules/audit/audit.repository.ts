import { asc, count, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'tenantId' | 'id' | 'createdAt'>;

export async function insertAuditEntry(scope: TenantScope, entry: NewAuditRow): Promise<void> {
  await scope.db.insert(auditLog).values(scope.values(entry));
}

export async function listAuditEntries(
  scope: TenantScope,
  filter: { entity?: string; entityId?: string; oldestFirst: boolean; limit: number; offset: number },
): Promise<{ rows: AuditRow[]; count: number }> {
  const where = scope.where(
    auditLog,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
  );
  const [total] = await scope.db.select({ count: count() }).from(auditLog).where(where);
  const rows = await scope.db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(filter.oldestFirst ? asc(auditLog.id) : desc(auditLog.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, count: total?.count ?? 0 };
}
