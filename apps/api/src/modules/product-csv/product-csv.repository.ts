// The product CSV's import jobs (migration 0080): the module's one table.
import type { ProductImportReport } from '@platform/contracts/product-csv';
import { eq, sql } from 'drizzle-orm';
import { productImportJobs } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type ProductImportJobRow = typeof productImportJobs.$inferSelect;

/** A new running job of `rowsTotal` rows to write, with the checked file's report. */
export async function insertImportJob(
  scope: TenantScope,
  values: { rowsTotal: number; report: ProductImportReport; createdBy: number | null },
): Promise<ProductImportJobRow> {
  const [row] = await scope.db.insert(productImportJobs).values(scope.values(values)).returning();
  if (!row) throw new Error('import job insert returned nothing');
  return row;
}

/** The job of this id in the shop; null when there is none. */
export async function findImportJob(scope: TenantScope, id: number): Promise<ProductImportJobRow | null> {
  const [row] = await scope.db
    .select()
    .from(productImportJobs)
    .where(scope.where(productImportJobs, eq(productImportJobs.id, id)));
  return row ?? null;
}

/** Adds the rows a batch wrote (in the batch's transaction, so that the count is exactly what committed). */
export async function addAppliedRows(scope: TenantScope, id: number, rows: number[]): Promise<void> {
  await scope.db
    .update(productImportJobs)
    .set({
      rowsDone: sql`${productImportJobs.rowsDone} + ${rows.length}`,
      appliedRows: sql`${productImportJobs.appliedRows} || ${`{${rows.join(',')}}`}::integer[]`,
    })
    .where(scope.where(productImportJobs, eq(productImportJobs.id, id)));
}

/** Ends a running job: done, or failed with the reason. */
export async function finishImportJob(
  scope: TenantScope,
  id: number,
  outcome: { status: 'done' | 'failed'; failure?: string },
): Promise<void> {
  await scope.db
    .update(productImportJobs)
    .set({ status: outcome.status, failure: outcome.failure ?? null, finishedAt: new Date() })
    .where(scope.where(productImportJobs, eq(productImportJobs.id, id)));
}
