import { asc, desc, eq } from 'drizzle-orm';
import { type DocumentType, faqs, legalDocuments } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type FaqRow = typeof faqs.$inferSelect;
export type LegalDocumentRow = typeof legalDocuments.$inferSelect;

export async function listActiveFaqs(scope: TenantScope): Promise<FaqRow[]> {
  return scope.db
    .select()
    .from(faqs)
    .where(scope.where(faqs, eq(faqs.isActive, true)))
    .orderBy(asc(faqs.position), asc(faqs.id));
}

/** Active documents, newest first (the storefront shows the first of a type). */
export async function listActiveDocuments(scope: TenantScope, type?: DocumentType): Promise<LegalDocumentRow[]> {
  return scope.db
    .select()
    .from(legalDocuments)
    .where(
      scope.where(
        legalDocuments,
        eq(legalDocuments.isActive, true),
        type ? eq(legalDocuments.documentType, type) : undefined,
      ),
    )
    .orderBy(desc(legalDocuments.updatedAt), desc(legalDocuments.id));
}

export async function insertFaq(
  scope: TenantScope,
  values: Omit<typeof faqs.$inferInsert, 'tenantId' | 'id'>,
): Promise<FaqRow> {
  const [row] = await scope.db.insert(faqs).values(scope.values(values)).returning();
  if (!row) throw new Error('faq insert returned nothing');
  return row;
}

export async function insertDocument(
  scope: TenantScope,
  values: Omit<typeof legalDocuments.$inferInsert, 'tenantId' | 'id'>,
): Promise<LegalDocumentRow> {
  const [row] = await scope.db.insert(legalDocuments).values(scope.values(values)).returning();
  if (!row) throw new Error('document insert returned nothing');
  return row;
}
