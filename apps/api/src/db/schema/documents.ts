import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const documentCounters = pgTable('document_counters', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
  isTest: boolean('is_test').notNull(),
  lastNumber: integer('last_number').notNull(),
});

export const orderDocuments = pgTable('order_documents', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  orderId: integer('order_id').notNull(),
  kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
  isTest: boolean('is_test').notNull().default(false),
  number: integer('number').notNull(),
  refundId: integer('refund_id'),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  content: jsonb('content').notNull(),
});
