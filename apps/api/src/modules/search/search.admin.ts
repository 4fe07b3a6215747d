// The shop's synonym groups and related concept groups for staff. Every write runs in one transaction with its audit
// entry.
import type { AdminSynonymBody, AdminSynonymGroup, AdminSynonymListQuery } from '@platform/contracts/admin-catalog';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import {
  deleteSynonymGroup,
  insertSynonymGroup,
  listSynonymRows,
  updateSynonymGroup,
  type WordGroupKind,
} from './search.repository.ts';

const groupNotFound = (kind: WordGroupKind) =>
  kind === 'synonyms'
    ? new NotFoundError('Synonym group not found.', 'synonyms_not_found')
    : new NotFoundError('Concept group not found.', 'concepts_not_found');

/** `GET /admin/synonyms/`, `GET /admin/concepts/`: the shop's groups of `kind`, which every search applies at once. */
export async function listSynonymsForStaff(
  ctx: RequestContext,
  query: AdminSynonymListQuery,
  kind: WordGroupKind = 'synonyms',
): Promise<{ count: number; results: AdminSynonymGroup[] }> {
  requireStaff(ctx);
  const rows = await listSynonymRows(ctx.scope, query.ordering === '-id', kind);
  return { count: rows.length, results: rows };
}

/** `GET /admin/synonyms/{id}/`, `GET /admin/concepts/{id}/`. */
export async function getSynonymsForStaff(
  ctx: RequestContext,
  id: number,
  kind: WordGroupKind = 'synonyms',
): Promise<AdminSynonymGroup> {
  requireStaff(ctx);
  const group = (await listSynonymRows(ctx.scope, false, kind)).find((row) => row.id === id);
  if (!group) throw groupNotFound(kind);
  return group;
}

/** `POST /admin/synonyms/`, `POST /admin/concepts/`: a new group of words; audited. */
export async function createSynonymsByStaff(
  ctx: RequestContext,
  body: AdminSynonymBody,
  kind: WordGroupKind = 'synonyms',
): Promise<AdminSynonymGroup> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const group = await insertSynonymGroup(tx.scope, body.terms, kind);
    await recordAudit(tx, {
      action: `${kind}.create`,
      entity: kind,
      entityId: group.id,
      after: { terms: group.terms },
    });
    return group;
  });
}

/** `PATCH /admin/synonyms/{id}/`, `PATCH /admin/concepts/{id}/`: a group's new words; audited. */
export async function updateSynonymsByStaff(
  ctx: RequestContext,
  id: number,
  body: AdminSynonymBody,
  kind: WordGroupKind = 'synonyms',
): Promise<AdminSynonymGroup> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const before = (await listSynonymRows(tx.scope, false, kind)).find((group) => group.id === id);
    const group = before ? await updateSynonymGroup(tx.scope, id, body.terms, kind) : null;
    if (!before || !group) throw groupNotFound(kind);
    await recordAudit(tx, {
      action: `${kind}.update`,
      entity: kind,
      entityId: id,
      before: { terms: before.terms },
      after: { terms: group.terms },
    });
    return group;
  });
}

/** `DELETE /admin/synonyms/{id}/`, `DELETE /admin/concepts/{id}/`; audited. */
export async function deleteSynonymsByStaff(
  ctx: RequestContext,
  id: number,
  kind: WordGroupKind = 'synonyms',
): Promise<void> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const terms = await deleteSynonymGroup(tx.scope, id, kind);
    if (!terms) throw groupNotFound(kind);
    await recordAudit(tx, { action: `${kind}.delete`, entity: kind, entityId: id, before: { terms } });
  });
}
