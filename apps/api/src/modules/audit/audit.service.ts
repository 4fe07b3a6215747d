import type { AuditEntry } from '@platform/contracts/admin';
import { type RequestContext, requirePermission } from '../../lib/context.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { insertAuditEntry, listAuditEntries } from './audit.repository.ts';

/** What a write of the administration did: an action on an entity, with the fields it changed before and after. */
export interface AuditInput {
  action: string;
  entity: string;
  entityId: string | number;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** Fields that are never written into the log, whatever the caller passes (secrets). */
const SECRET_FIELDS = /secret|password|token/i;

function withoutSecrets(fields: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, SECRET_FIELDS.test(key) ? '(changed)' : value]),
  );
}

/**
 * Records a write of the administration, in the caller's transaction when it has one: who did it (the signed-in
 * member of staff), what, when, and the fields before and after (secrets only as "(changed)").
 */
export async function recordAudit(ctx: RequestContext, input: AuditInput): Promise<void> {
  const before = withoutSecrets(input.before);
  const after = withoutSecrets(input.after);
  await inTransaction(ctx, async (tx) => {
    await insertAuditEntry(tx.scope, {
      actorUserId: ctx.user?.id ?? null,
      actorRole: ctx.user?.role ?? 'system',
      action: input.action,
      entity: input.entity,
      entityId: String(input.entityId),
      summary: { ...(before ? { before } : {}), ...(after ? { after } : {}) },
      requestId: ctx.requestId,
    });
    // Every administration write is announced once committed: what the shop shows may have changed.
    tx.emit({ name: 'shop.changed', payload: { tenantId: tx.tenant.id, entity: input.entity } });
  });
}

/** `GET /admin/audit-log/`: the shop's audit log, newest first (the owner only). */
export async function listAuditLog(
  ctx: RequestContext,
  query: { page: number; page_size: number; ordering?: string; entity?: string; entity_id?: string },
): Promise<{ count: number; results: AuditEntry[] }> {
  requirePermission(ctx, 'manage_settings');
  const { rows, count } = await listAuditEntries(ctx.scope, {
    entity: query.entity,
    entityId: query.entity_id,
    oldestFirst: query.ordering === 'created_at' || query.ordering === 'id',
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return {
    count,
    results: rows.map((row) => ({
      id: row.id,
      actor_user_id: row.actorUserId,
      actor_role: row.actorRole,
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      summary: row.summary,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
