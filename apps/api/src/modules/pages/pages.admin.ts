// The administration of the shop's pages: FAQs (in their order) and legal documents (refund and privacy policies).
// Every write runs in one transaction with its audit entry; answers and documents are sanitized on write.

import type {
  AdminDocument,
  AdminDocumentCreateBody,
  AdminDocumentListQuery,
  AdminDocumentUpdateBody,
  AdminFaq,
  AdminFaqCreateBody,
  AdminFaqListQuery,
  AdminFaqUpdateBody,
} from '@platform/contracts/admin-content';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import {
  deleteDocument,
  deleteFaq,
  type FaqRow,
  findDocument,
  findFaq,
  insertDocument,
  insertFaq,
  type LegalDocumentRow,
  listAllDocuments,
  listAllFaqs,
  updateDocument,
  updateFaq,
} from './pages.repository.ts';

const faqNotFound = () => new NotFoundError('FAQ not found.', 'faq_not_found');
const documentNotFound = () => new NotFoundError('Document not found.', 'document_not_found');

function toAdminFaq(row: FaqRow): AdminFaq {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    order: row.position,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

function toAdminDocument(row: LegalDocumentRow): AdminDocument {
  return {
    id: row.id,
    document_type: row.documentType,
    title: row.title,
    content: row.content,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The fields that differ, before and after (rich text only by its length). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

function auditedFaq(row: FaqRow): Record<string, unknown> {
  return { question: row.question, answer_length: row.answer.length, order: row.position, is_active: row.isActive };
}

function auditedDocument(row: LegalDocumentRow): Record<string, unknown> {
  return {
    document_type: row.documentType,
    title: row.title,
    content_length: row.content.length,
    is_active: row.isActive,
  };
}

/** `GET /admin/faqs/`: every FAQ, active or not, in its order. */
export async function listFaqsForStaff(
  ctx: RequestContext,
  query: AdminFaqListQuery,
): Promise<{ count: number; results: AdminFaq[] }> {
  requireStaff(ctx);
  const { rows, count } = await listAllFaqs(ctx.scope, query.search || undefined, {
    ordering: query.ordering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { count, results: rows.map(toAdminFaq) };
}

/** `GET /admin/faqs/{id}/`. */
export async function getFaqForStaff(ctx: RequestContext, id: number): Promise<AdminFaq> {
  requireStaff(ctx);
  const row = await findFaq(ctx.scope, id);
  if (!row) throw faqNotFound();
  return toAdminFaq(row);
}

/** `POST /admin/faqs/`; audited. */
export async function createFaqByStaff(ctx: RequestContext, body: AdminFaqCreateBody): Promise<AdminFaq> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const row = await insertFaq(tx.scope, {
      question: body.question,
      answer: sanitizeRichText(body.answer ?? ''),
      position: body.order ?? 0,
      isActive: body.is_active ?? true,
    });
    await recordAudit(tx, { action: 'faq.create', entity: 'faq', entityId: row.id, after: auditedFaq(row) });
    return toAdminFaq(row);
  });
}

/** `PATCH /admin/faqs/{id}/`: changes the given fields; audited. */
export async function updateFaqByStaff(ctx: RequestContext, id: number, body: AdminFaqUpdateBody): Promise<AdminFaq> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const current = await findFaq(tx.scope, id, true);
    if (!current) throw faqNotFound();
    const row = await updateFaq(tx.scope, id, {
      question: body.question,
      answer: body.answer === undefined ? undefined : sanitizeRichText(body.answer),
      position: body.order,
      isActive: body.is_active,
    });
    if (!row) throw faqNotFound();
    await recordAudit(tx, {
      action: 'faq.update',
      entity: 'faq',
      entityId: id,
      ...changes(auditedFaq(current), auditedFaq(row)),
    });
    return toAdminFaq(row);
  });
}

/** `DELETE /admin/faqs/{id}/`; audited. */
export async function deleteFaqByStaff(ctx: RequestContext, id: number): Promise<void> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const current = await findFaq(tx.scope, id, true);
    if (!current || !(await deleteFaq(tx.scope, id))) throw faqNotFound();
    await recordAudit(tx, { action: 'faq.delete', entity: 'faq', entityId: id, before: auditedFaq(current) });
  });
}

/** `GET /admin/documents/`: every document, active or not, of one type when asked, newest first. */
export async function listDocumentsForStaff(
  ctx: RequestContext,
  query: AdminDocumentListQuery,
): Promise<{ count: number; results: AdminDocument[] }> {
  requireStaff(ctx);
  const { rows, count } = await listAllDocuments(
    ctx.scope,
    { type: query.document_type, search: query.search || undefined },
    { ordering: query.ordering, limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { count, results: rows.map(toAdminDocument) };
}

/** `GET /admin/documents/{id}/`. */
export async function getDocumentForStaff(ctx: RequestContext, id: number): Promise<AdminDocument> {
  requireStaff(ctx);
  const row = await findDocument(ctx.scope, id);
  if (!row) throw documentNotFound();
  return toAdminDocument(row);
}

/** `POST /admin/documents/`; audited. */
export async function createDocumentByStaff(
  ctx: RequestContext,
  body: AdminDocumentCreateBody,
): Promise<AdminDocument> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const row = await insertDocument(tx.scope, {
      documentType: body.document_type,
      title: body.title ?? '',
      content: sanitizeRichText(body.content ?? ''),
      isActive: body.is_active ?? true,
    });
    await recordAudit(tx, {
      action: 'legal_document.create',
      entity: 'legal_document',
      entityId: row.id,
      after: auditedDocument(row),
    });
    return toAdminDocument(row);
  });
}

/** `PATCH /admin/documents/{id}/`: changes the given fields; audited. */
export async function updateDocumentByStaff(
  ctx: RequestContext,
  id: number,
  body: AdminDocumentUpdateBody,
): Promise<AdminDocument> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    const current = await findDocument(tx.scope, id, true);
    if (!current) throw documentNotFound();
    const row = await updateDocument(tx.scope, id, {
      documentType: body.document_type,
      title: body.title,
      content: body.content === undefined ? undefined : sanitizeRichText(body.content),
      isActive: body.is_active,
    });
    if (!row) throw documentNotFound();
    await recordAudit(tx, {
      action: 'legal_document.update',
      entity: 'legal_document',
      entityId: id,
      ...changes(auditedDocument(current), auditedDocument(row)),
    });
    return toAdminDocument(row);
  });
}

/** `DELETE /admin/documents/{id}/`; audited. */
export async function deleteDocumentByStaff(ctx: RequestContext, id: number): Promise<void> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const current = await findDocument(tx.scope, id, true);
    if (!current || !(await deleteDocument(tx.scope, id))) throw documentNotFound();
    await recordAudit(tx, {
      action: 'legal_document.delete',
      entity: 'legal_document',
      entityId: id,
      before: auditedDocument(current),
    });
  });
}
