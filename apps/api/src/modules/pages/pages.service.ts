import type { DocumentType, Faq, LegalDocument } from '@platform/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import {
  type FaqRow,
  insertDocument,
  insertFaq,
  type LegalDocumentRow,
  listActiveDocuments,
  listActiveFaqs,
} from './pages.repository.ts';

/** Active FAQs in their order. */
export async function listFaqs(ctx: RequestContext): Promise<Faq[]> {
  const rows = await listActiveFaqs(ctx.scope);
  return rows.map((row) => ({ id: row.id, question: row.question, answer: row.answer, order: row.position }));
}

/** Active legal documents, of one type when asked, newest first. */
export async function listDocuments(
  ctx: RequestContext,
  query: { document_type?: DocumentType },
): Promise<LegalDocument[]> {
  const rows = await listActiveDocuments(ctx.scope, query.document_type);
  return rows.map((row) => ({
    id: row.id,
    document_type: row.documentType,
    title: row.title,
    content: row.content,
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** Writes an FAQ with its answer sanitized (the only write path of FAQ HTML). */
export async function createFaq(
  ctx: RequestContext,
  input: { question: string; answer: string; position?: number; isActive?: boolean },
): Promise<FaqRow> {
  return insertFaq(ctx.scope, { ...input, question: input.question.trim(), answer: sanitizeRichText(input.answer) });
}

/** Writes a legal document with its content sanitized. */
export async function createDocument(
  ctx: RequestContext,
  input: { documentType: DocumentType; title?: string; content: string; isActive?: boolean },
): Promise<LegalDocumentRow> {
  return insertDocument(ctx.scope, { ...input, content: sanitizeRichText(input.content) });
}
