// The shop's synonym groups for staff. Every write runs in one transaction with its audit entry.
import type { AdminSynonymBody, AdminSynonymGroup, AdminSynonymListQuery } from '@platform/contracts/admin-catalog';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import { deleteSynonymGroup, insertSynonymGroup, listSynonymRows, updateSynonymGroup } from './search.repository.ts';

const synonymsNotFound = () => new NotFoundError('Synonym group not found.', 'synonyms_not_found');

/** `GET /admin/synonyms/`: the shop's synonym groups, which every search applies at once. */
export async function listSynonymsForStaff(
  ctx: RequestContext,
  query: AdminSynonymListQuery,
): Promise<{ count: number; results: AdminSynonymGroup[] }> {
  requireStaff(ctx);
  const rows = await listSynonymRows(ctx.scope, query.ordering === '-id');
  return { count: rows.length, results: rows };
}

/** `GET /admin/synonyms/{id}/`. */
export async function getSynonymsForStaff(ctx: RequestContext, id: number): Promise<AdminSynonymGroup> {
  requireStaff(ctx);
  const group = (await listSynonymRows(ctx.scope)).find((row) => row.id === id);
  if (!group) throw synonymsNotFound();
  return group;
}

/** `POST /admin/synonyms/`: a new group of words that mean the same; audited. */
export async function createSynonymsByStaff(ctx: RequestContext, body: AdminSynonymBody): Promise<AdminSynonymGroup> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const group = await insertSynonymGroup(tx.scope, body.terms);
    await recordAudit(tx, {
      action: 'synonyms.create',
      entity: 'synonyms',
      entityId: group.id,
      after: { terms: group.terms },
    });
    return group;
  });
}

/** `PATCH /admin/synonyms/{id}/`: a group's new words; audited. */
export async function updateSynonymsByStaff(
  ctx: RequestContext,
  id: number,
  body: AdminSynonymBody,
): Promise<AdminSynonymGroup> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const before = (await listSynonymRows(tx.scope)).find((group) => group.id === id);
    const group = before ? await updateSynonymGroup(tx.scope, id, body.terms) : null;
    if (!before || !group) throw synonymsNotFound();
    await recordAudit(tx, {
      action: 'synonyms.update',
      entity: 'synonyms',
      entityId: id,
      before: { terms: before.terms },
      after: { terms: group.terms },
    });
    return group;
  });
}

/** `DELETE /admin/synonyms/{id}/`; audited. */
export async function deleteSynonymsByStaff(ctx: RequestContext, id: number): Promise<void> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const terms = await deleteSynonymGroup(tx.scope, id);
    if (!terms) throw synonymsNotFound();
    await recordAudit(tx, { action: 'synonyms.delete', entity: 'synonyms', entityId: id, before: { terms } });
  });
}
