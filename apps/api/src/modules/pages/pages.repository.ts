import { asc, count, desc, eq, ilike, or } from 'drizzle-orm';
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

// ── Administration ───────────────────────────────────────────────────────────────────────────────────────────────

type Page = { limit: number; offset: number };

/** `field` ascending or `-field` descending. */
type Ordering<T extends string> = T | `-${T}`;

export type FaqOrdering = Ordering<'id' | 'order'>;
export type DocumentOrdering = Ordering<'id' | 'updated_at'>;
export type NewFaq = Omit<typeof faqs.$inferInsert, 'tenantId' | 'id'>;
export type NewLegalDocument = Omit<typeof legalDocuments.$inferInsert, 'tenantId' | 'id'>;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Every FAQ of the shop (active or not) in its order (or by id), searched in the question. */
export async function listAllFaqs(
  scope: TenantScope,
  search: string | undefined,
  page: Page & { ordering?: FaqOrdering | undefined },
) {
  const ordering = page.ordering ?? 'order';
  const direction = ordering.startsWith('-') ? desc : asc;
  const byId = ordering.endsWith('id');
  const where = scope.where(faqs, search ? ilike(faqs.question, likePattern(search)) : undefined);
  const [total] = await scope.db.select({ count: count() }).from(faqs).where(where);
  const rows = await scope.db
    .select()
    .from(faqs)
    .where(where)
    .orderBy(...(byId ? [direction(faqs.id)] : [direction(faqs.position), direction(faqs.id)]))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, count: total?.count ?? 0 };
}

/** One of the shop's FAQs; locked for the transaction's update when `lock`. */
export async function findFaq(scope: TenantScope, id: number, lock = false): Promise<FaqRow | null> {
  const query = scope.db
    .select()
    .from(faqs)
    .where(scope.where(faqs, eq(faqs.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateFaq(scope: TenantScope, id: number, values: Partial<NewFaq>): Promise<FaqRow | null> {
  const [row] = await scope.db
    .update(faqs)
    .set(values)
    .where(scope.where(faqs, eq(faqs.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteFaq(scope: TenantScope, id: number): Promise<boolean> {
  const rows = await scope.db
    .delete(faqs)
    .where(scope.where(faqs, eq(faqs.id, id)))
    .returning({ id: faqs.id });
  return rows.length > 0;
}

/** Every document of the shop (active or not), of one type when asked, newest first, searched in the title. */
export async function listAllDocuments(
  scope: TenantScope,
  filter: { type?: DocumentType; search?: string },
  page: Page & { ordering?: DocumentOrdering | undefined },
) {
  const ordering = page.ordering ?? '-updated_at';
  const direction = ordering.startsWith('-') ? desc : asc;
  const byId = ordering.endsWith('id');
  const where = scope.where(
    legalDocuments,
    filter.type ? eq(legalDocuments.documentType, filter.type) : undefined,
    filter.search ? or(ilike(legalDocuments.title, likePattern(filter.search))) : undefined,
  );
  const [total] = await scope.db.select({ count: count() }).from(legalDocuments).where(where);
  const rows = await scope.db
    .select()
    .from(legalDocuments)
    .where(where)
    .orderBy(
      ...(byId ? [direction(legalDocuments.id)] : [direction(legalDocuments.updatedAt), direction(legalDocuments.id)]),
    )
    .limit(page.limit)
    .offset(page.offset);
  return { rows, count: total?.count ?? 0 };
}

/** One of the shop's legal documents; locked for the transaction's update when `lock`. */
export async function findDocument(scope: TenantScope, id: number, lock = false): Promise<LegalDocumentRow | null> {
  const query = scope.db
    .select()
    .from(legalDocuments)
    .where(scope.where(legalDocuments, eq(legalDocuments.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateDocument(
  scope: TenantScope,
  id: number,
  values: Partial<NewLegalDocument>,
): Promise<LegalDocumentRow | null> {
  const [row] = await scope.db
    .update(legalDocuments)
    .set({ ...values, updatedAt: new Date() })
    .where(scope.where(legalDocuments, eq(legalDocuments.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteDocument(scope: TenantScope, id: number): Promise<boolean> {
  const rows = await scope.db
    .delete(legalDocuments)
    .where(scope.where(legalDocuments, eq(legalDocuments.id, id)))
    .returning({ id: legalDocuments.id });
  return rows.length > 0;
}
