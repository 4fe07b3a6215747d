import type { ProductImportReport } from '@platform/contracts/product-csv';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

export const PRODUCT_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;

/** A product CSV import applied in batches (migration 0080): its progress, report and outcome. */
export const productImportJobs = pgTable('product_import_jobs', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  status: text('status', { enum: PRODUCT_IMPORT_STATUSES }).notNull().default('running'),
  rowsTotal: integer('rows_total').notNull(),
  rowsDone: integer('rows_done').notNull().default(0),
  report: jsonb('report').$type<ProductImportReport>().notNull(),
  appliedRows: integer('applied_rows').array().notNull().default([]),
  failure: text('failure'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
