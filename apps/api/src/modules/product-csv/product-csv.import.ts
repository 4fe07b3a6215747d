// The product CSV's import: each row creates a product (a slug the shop does not have) or updates one (only the
// columns the file has), through the catalog's own product writes, the stock ledger and the catalog's pictures.

import type { AdminProductCreateBody } from '@platform/contracts/admin-products';
import type { ProductImportReport } from '@platform/contracts/product-csv';
import { type RequestContext, requireStaff, type TransactionContext } from '../../lib/context.ts';
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
import { planProductImport, type RowPlan, readProductFile } from './product-csv.plan.ts';
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

/**
 * `POST /admin/products/import/`: reads a product CSV and reports, row by row, what it creates, updates or leaves
 * unchanged, and each row's errors. A dry run writes nothing. A real run plans the same in its one transaction and
 * then does exactly that, every write audited; with any error in any row it writes nothing at all (`ok: false`).
 */
export async function importProductsCsv(
  ctx: RequestContext,
  input: { text: string; dryRun: boolean },
): Promise<{ ok: boolean; report: ProductImportReport }> {
  requireStaff(ctx);
  const lines = readProductFile(input.text);
  if (input.dryRun) {
    const report = reportOf(await planProductImport(ctx, lines), true);
    return { ok: true, report };
  }
  return inTransaction(ctx, async (tx) => {
    const plans = await planProductImport(tx, lines);
    const report = reportOf(plans, false);
    if (report.errors > 0) return { ok: false, report };
    for (const plan of plans) {
      if (!plan.follows && plan.report.action !== 'unchanged') await applyPlan(tx, plan);
    }
    await recordAudit(tx, {
      action: 'product.import',
      entity: 'product',
      entityId: 'csv',
      after: { created: report.created, updated: report.updated, unchanged: report.unchanged },
    });
    return { ok: true, report };
  });
}
