// The stock of a product for staff: its ledger, and corrections through it. Every write runs in one transaction with
// its audit entry.
import type { AdminStockAdjustmentBody, AdminStockLedger } from '@platform/contracts/admin-catalog';
import { type RequestContext, requireStaff } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import { readStockLevel, variantLabels } from '../catalog/index.ts';
import { adjustStock, listStockMovements } from './stock.service.ts';

/**
 * `POST /admin/products/{id}/stock/`: a correction of the stock (a count, a delivery, a breakage) through the stock
 * ledger, with its reason; the stock never goes below 0. For a product sold in options, of the variant named (its
 * stock before and after in the audit). Audited with the stock before and after.
 */
export async function adjustStockByStaff(
  ctx: RequestContext,
  productId: number,
  body: AdminStockAdjustmentBody,
  orderNumbers: OrderNumbers,
): Promise<AdminStockLedger> {
  requireStaff(ctx);
  await inTransaction(ctx, async (tx) => {
    const product = await adjustStock(tx, {
      productId,
      variantId: body.variant_id,
      quantity: body.change,
      note: body.reason,
    });
    const variant = body.variant_id === undefined ? {} : { variant: body.variant_id };
    await recordAudit(tx, {
      action: 'product.stock',
      entity: 'product',
      entityId: productId,
      before: { ...variant, stock: product.stock - body.change },
      after: { ...variant, stock: product.stock, change: body.change, reason: body.reason },
    });
  });
  return stockLedgerForStaff(ctx, productId, orderNumbers);
}

/**
 * The numbers of orders by id: the orders module's, which builds on the inventory, so the app hands it to the
 * inventory's staff routes.
 */
export type OrderNumbers = (ctx: RequestContext, ids: number[]) => Promise<Map<number, string>>;

/**
 * `GET /admin/products/{id}/stock/`: the product's stock and its latest movements, newest first, each naming its
 * order by number and its variant by its option values.
 */
export async function stockLedgerForStaff(
  ctx: RequestContext,
  productId: number,
  orderNumbers: OrderNumbers,
): Promise<AdminStockLedger> {
  requireStaff(ctx);
  const stock = await readStockLevel(ctx, productId);
  if (stock === null) throw new NotFoundError('Product not found.', 'product_not_found');
  const movements = await listStockMovements(ctx, { productId, limit: 200 });
  const orderIds = movements.flatMap((movement) => (movement.orderId === null ? [] : [movement.orderId]));
  const [numbers, variants] = await Promise.all([
    orderNumbers(ctx, orderIds),
    movements.some((movement) => movement.variantId !== null) ? variantLabels(ctx, productId) : new Map(),
  ]);
  return {
    product: productId,
    stock,
    movements: movements.map((movement) => ({
      id: movement.id,
      quantity: movement.quantity,
      reason: movement.reason,
      order_id: movement.orderId,
      order_number: movement.orderId === null ? null : (numbers.get(movement.orderId) ?? null),
      variant_id: movement.variantId,
      variant: movement.variantId === null ? null : (variants.get(movement.variantId) ?? null),
      note: movement.note,
      created_at: movement.createdAt.toISOString(),
    })),
  };
}
