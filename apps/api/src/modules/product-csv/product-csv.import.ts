// The product CSV's import: each row creates a product (a slug the shop does not have) or updates one (only the
// columns the file has), through the catalog's own product writes, the stock ledger and the catalog's pictures.

import type { AdminProductCreateBody } from '@platform/contracts/admin-products';
import type { ProductImportJob, ProductImportReport, ProductImportRow } from '@platform/contracts/product-csv';
import { type RequestContext, requireStaff, type TransactionContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import {
  createProductByStaff,
  getProductForStaff,
  setProductOptionsByStaff,
  setProductPictures,
  updateProductByStaff,
  updateVariantsByStaff,
} from '../catalog/index.ts';
import { adjustStock, lockProductsForSale, productFormStock } from '../inventory/index.ts';
import { type ProductLine, planProductImport, type RowPlan, readProductFile } from './product-csv.plan.ts';
import {
  addAppliedRows,
  findImportJob,
  finishImportJob,
  insertImportJob,
  type ProductImportJobRow,
} from './product-csv.repository.ts';
import type { VariantPlan } from './product-csv.variants.ts';

/** The note of the ledger's entries an import makes. */
const STOCK_NOTE = 'CSV import';

function reportOf(plans: RowPlan[], dryRun: boolean): ProductImportReport {
  const rows = plans.map((plan) => plan.report);
  // Products are counted by their first row (a product sold in options has one row per variant).
  const count = (action: string) => plans.filter((plan) => !plan.follows && plan.report.action === action).length;
  return {
    dry_run: dryRun,
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    errors: rows.filter((row) => Object.keys(row.errors).length > 0).length,
    rows,
  };
}

/** Sets a product's stock through the ledger (an adjustment with the import's note), audited as staff's are. */
async function setStock(tx: TransactionContext, productId: number, stock: number): Promise<void> {
  // Read under the row's lock: a sale meanwhile is counted before the difference is taken.
  const current = (await lockProductsForSale(tx, [productId])).get(productId)?.stock ?? 0;
  const change = stock - current;
  if (change === 0) return;
  await adjustStock(tx, { productId, quantity: change, note: STOCK_NOTE });
  await recordAudit(tx, {
    action: 'product.stock',
    entity: 'product',
    entityId: productId,
    before: { stock: current },
    after: { stock, change, reason: STOCK_NOTE },
  });
}

/** A product's options set again when they changed (its variants generated), then its variants' rows written. */
async function setVariants(tx: TransactionContext, productId: number, plan: VariantPlan): Promise<void> {
  let product = await getProductForStaff(tx, productId);
  if (plan.optionsChanged) {
    product = await setProductOptionsByStaff(
      tx,
      productId,
      { options: plan.options, personalisation: product.personalisation },
      productFormStock,
    );
  }
  const names = plan.options.map((option) => option.name);
  const idOf = new Map(
    product.variants.map((variant) => [JSON.stringify(names.map((name) => variant.options[name])), variant.id]),
  );
  // The default variant's before-discount price is the product's `price_before_discount` (decision 020).
  const defaultId = product.variants.find((variant) => variant.is_active)?.id;
  // A picture's place in the file's `images` (1 the main image) names the product's picture there.
  const places = [
    ...product.images.filter((image) => image.is_main),
    ...product.images.filter((image) => !image.is_main),
  ].map((image) => image.id);
  const variants = plan.variants.flatMap((input) => {
    const id = idOf.get(JSON.stringify(input.values));
    if (id === undefined) return [];
    return [
      {
        id,
        sku: input.sku,
        price: input.price,
        ...(input.priceBeforeDiscount === undefined || id === defaultId
          ? {}
          : { price_before_discount: input.priceBeforeDiscount }),
        ...(input.stock === null ? {} : { stock: input.stock }),
        ...(input.madeToOrder === undefined ? {} : { made_to_order: input.madeToOrder }),
        ...(input.leadTimeDays === undefined ? {} : { lead_time_days: input.leadTimeDays }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.attributes === undefined ? {} : { attributes: input.attributes }),
        ...(input.hsCode === undefined ? {} : { hs_code: input.hsCode }),
        ...(input.countryOfOrigin === undefined ? {} : { country_of_origin: input.countryOfOrigin }),
        ...(input.customsDescription === undefined ? {} : { customs_description: input.customsDescription }),
        ...(input.weightGrams === undefined ? {} : { weight_grams: input.weightGrams }),
        ...(input.pictureAlts === undefined
          ? {}
          : {
              image_alt_texts: input.pictureAlts.flatMap((text) => {
                const imageId = places[text.picture - 1];
                return imageId === undefined ? [] : [{ image_id: imageId, alt_text: text.altText }];
              }),
            }),
      },
    ];
  });
  if (variants.length > 0) await updateVariantsByStaff(tx, productId, { variants }, productFormStock, STOCK_NOTE);
}

async function applyPlan(tx: TransactionContext, plan: RowPlan): Promise<void> {
  let productId: number;
  if (plan.existing) {
    productId = plan.existing.id;
    if (plan.body) await updateProductByStaff(tx, productId, plan.body, productFormStock);
  } else {
    productId = (await createProductByStaff(tx, plan.body as AdminProductCreateBody, productFormStock)).id;
  }
  if (plan.stock !== null) await setStock(tx, productId, plan.stock);
  if (plan.pictures !== null) await setProductPictures(tx, productId, plan.pictures);
  if (plan.variants?.changed) await setVariants(tx, productId, plan.variants);
}

/** How many rows of the file one transaction of an import writes at most (a product's variant rows stay together). */
export const IMPORT_BATCH_ROWS = 25;

/** What a real import answers: the report of a file with errors (nothing written), or the job that writes it. */
export type ImportAnswer =
  | { kind: 'refused'; report: ProductImportReport }
  | { kind: 'report'; report: ProductImportReport }
  | { kind: 'job'; job: ProductImportJob; running: Promise<void> };

/**
 * `POST /admin/products/import/`: reads a product CSV and reports, row by row, what it creates, updates or leaves
 * unchanged, and each row's errors. A dry run writes nothing. A real run checks the whole file the same way first:
 * with any error in any row it writes nothing at all (`refused`); else it answers a job at once and writes the file
 * in the background, a few products a transaction (`runImportJob`), so that the shop answers other requests between
 * them.
 */
export async function importProductsCsv(
  ctx: RequestContext,
  input: { text: string; dryRun: boolean },
): Promise<ImportAnswer> {
  const user = requireStaff(ctx);
  const lines = readProductFile(input.text);
  const plans = await planProductImport(ctx, lines);
  const report = reportOf(plans, input.dryRun);
  if (input.dryRun) return { kind: 'report', report };
  if (report.errors > 0) return { kind: 'refused', report };
  const batches = batchesOf(lines, plans);
  const rowsTotal = batches.reduce((sum, batch) => sum + batch.length, 0);
  const row = await insertImportJob(ctx.scope, { rowsTotal, report, createdBy: user.id });
  const running = runImportJob(ctx, row.id, batches, report);
  return { kind: 'job', job: jobAnswer(row, false), running };
}

/**
 * The lines to write, in batches of whole products (a product's first row and its variant rows together) of at most
 * `IMPORT_BATCH_ROWS` lines, in the order of their first rows; products the file leaves unchanged are left out.
 */
function batchesOf(lines: ProductLine[], plans: RowPlan[]): ProductLine[][] {
  const products: { lines: ProductLine[]; writes: boolean }[] = [];
  const bySlug = new Map<string, { lines: ProductLine[]; writes: boolean }>();
  lines.forEach((line, index) => {
    const plan = plans[index];
    if (!plan) return;
    if (plan.follows) {
      bySlug.get(plan.report.slug)?.lines.push(line);
      return;
    }
    const product = { lines: [line], writes: plan.report.action !== 'unchanged' };
    products.push(product);
    if (!bySlug.has(plan.report.slug)) bySlug.set(plan.report.slug, product);
  });
  const batches: ProductLine[][] = [];
  let batch: ProductLine[] = [];
  for (const product of products) {
    if (!product.writes) continue;
    if (batch.length > 0 && batch.length + product.lines.length > IMPORT_BATCH_ROWS) {
      batches.push(batch);
      batch = [];
    }
    batch.push(...product.lines);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Lets the requests waiting for the database go first (PGlite has one connection), for as long as the last batch held
 * it (at most a fifth of a second): a request needs several statements, and a bare turn of the event loop lets only
 * its first one through before the next batch. So an import takes about half the database's time, never all of it.
 */
const yieldToOthers = (heldMs: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(Math.max(heldMs, 1), 200)));

/**
 * Writes a checked file, batch by batch: each batch is planned again and written in its own short transaction, which
 * also counts its rows on the job, so the job says exactly what committed. A batch that finds the shop changed since
 * the check (a row now in error) or fails stops the job (`failed`, with the reason); the batches before it stay.
 */
async function runImportJob(
  ctx: RequestContext,
  jobId: number,
  batches: ProductLine[][],
  report: ProductImportReport,
): Promise<void> {
  try {
    let heldMs = 0;
    for (const batch of batches) {
      await yieldToOthers(heldMs);
      const started = performance.now();
      await inTransaction(ctx, async (tx) => {
        const plans = await planProductImport(tx, batch);
        const wrong = plans.find((plan) => Object.keys(plan.report.errors).length > 0);
        if (wrong) throw new ImportStopped(wrong.report);
        for (const plan of plans) {
          if (!plan.follows && plan.report.action !== 'unchanged') await applyPlan(tx, plan);
        }
        await addAppliedRows(
          tx.scope,
          jobId,
          batch.map((line) => line.row),
        );
      });
      heldMs = performance.now() - started;
    }
    await inTransaction(ctx, async (tx) => {
      await recordAudit(tx, {
        action: 'product.import',
        entity: 'product',
        entityId: 'csv',
        after: { created: report.created, updated: report.updated, unchanged: report.unchanged, job: jobId },
      });
      await finishImportJob(tx.scope, jobId, { status: 'done' });
    });
  } catch (error) {
    const failure =
      error instanceof ImportStopped
        ? error.message
        : 'The import stopped on an unexpected error; the rows listed were applied, the others not.';
    await finishImportJob(ctx.scope, jobId, { status: 'failed', failure });
    if (!(error instanceof ImportStopped)) throw error;
  }
}

/** A batch found a row in error when it was planned again: the shop changed after the file was checked. */
class ImportStopped extends Error {
  constructor(row: ProductImportRow) {
    const [column, messages = []] = Object.entries(row.errors)[0] ?? ['', []];
    super(
      `Row ${row.row} (${row.slug}) changed in the shop during the import: ${column ? `${column}: ` : ''}` +
        `${messages.join(' ')} The rows listed were applied, the others not.`,
    );
  }
}

function jobAnswer(row: ProductImportJobRow, withReport: boolean): ProductImportJob {
  return {
    id: row.id,
    status: row.status,
    rows: row.rowsTotal,
    rows_done: row.rowsDone,
    applied_rows: row.appliedRows,
    failure: row.failure,
    report: withReport || row.status !== 'running' ? row.report : null,
  };
}

/** `GET /admin/products/import/jobs/{id}/`: an import's progress, and once it has ended its report (404: none). */
export async function getImportJob(ctx: RequestContext, id: number): Promise<ProductImportJob> {
  requireStaff(ctx);
  const row = await findImportJob(ctx.scope, id);
  if (!row) throw new NotFoundError('Import not found.', 'import_not_found');
  return jobAnswer(row, false);
}
