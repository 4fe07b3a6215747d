// Bulk edits of the product list: one action on many of the shop's products, in one transaction, each change audited.
import { formatMinor } from '@platform/contracts';
import {
  type AdminProductBulkAnswer,
  type AdminProductBulkBody,
  type AdminProductBulkResult,
  changeByPercent,
} from '@platform/contracts/admin-products';
import { type RequestContext, requireStaff } from '../../../lib/context.ts';
import { inTransaction } from '../../../lib/unit-of-work.ts';
import { recordAudit } from '../../audit/index.ts';
import { requireCategory } from '../categories/index.ts';
import { lockProducts } from './product-admin.repository.ts';
import { type ProductChanges, type ProductRow, updateProduct } from './products.repository.ts';

/** The highest price the administration takes (10 000 000.00), in minor units. */
const PRICE_MAX_CENTS = 1_000_000_000;

type Outcome = { changes: ProductChanges } | { refused: string };

/** What the action changes on one product (nothing when it is already so), or why it may not. */
function outcomeOf(product: ProductRow, body: AdminProductBulkBody): Outcome {
  switch (body.action) {
    case 'publish':
      return { changes: product.isActive ? {} : { isActive: true } };
    case 'unpublish':
      return { changes: product.isActive ? { isActive: false } : {} };
    case 'feature':
      return { changes: product.isFeatured ? {} : { isFeatured: true } };
    case 'unfeature':
      return { changes: product.isFeatured ? { isFeatured: false } : {} };
    case 'set_category':
      return { changes: product.categoryId === body.category ? {} : { categoryId: body.category } };
    case 'change_price': {
      // The before-discount price moves by the same percent: a discount offer stays the same offer.
      const price = changeByPercent(product.priceCents, body.percent);
      const before =
        product.priceBeforeDiscountCents === null
          ? null
          : changeByPercent(product.priceBeforeDiscountCents, body.percent);
      if (price === null || price < 0 || price > PRICE_MAX_CENTS || (before !== null && before > PRICE_MAX_CENTS)) {
        return { refused: 'The new price would be above 10000000.00.' };
      }
      if (before !== null && before <= price) {
        return {
          refused: `The price before discount (${formatMinor(before)}) would no longer be above the price (${formatMinor(price)}).`,
        };
      }
      const changes: ProductChanges = {};
      if (price !== product.priceCents) changes.priceCents = price;
      if (before !== product.priceBeforeDiscountCents) changes.priceBeforeDiscountCents = before;
      return { changes };
    }
  }
}

/** A product's changed fields in their wire names, for the audit log. */
function audited(fields: ProductChanges): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (fields.isActive !== undefined) out.is_active = fields.isActive;
  if (fields.isFeatured !== undefined) out.is_featured = fields.isFeatured;
  if (fields.categoryId !== undefined) out.category = fields.categoryId;
  if (fields.priceCents !== undefined) out.price = formatMinor(fields.priceCents);
  if (fields.priceBeforeDiscountCents !== undefined) {
    out.price_before_discount =
      fields.priceBeforeDiscountCents === null ? null : formatMinor(fields.priceBeforeDiscountCents);
  }
  return out;
}

/**
 * `POST /admin/products/bulk/`: publishes, unpublishes, features, unfeatures, moves to a category or changes the price
 * by a percent (rounded exactly to the minor unit) the products named, in one transaction, each change with its audit
 * entry. Answers each id's outcome: an id that is no product of this shop is `not_found` and touched nowhere; a
 * product a rule keeps (a before-discount price the new price would reach) is `refused` while the others change.
 */
export async function bulkEditProducts(
  ctx: RequestContext,
  body: AdminProductBulkBody,
): Promise<AdminProductBulkAnswer> {
  requireStaff(ctx);
  return inTransaction(ctx, async (tx) => {
    if (body.action === 'set_category') await requireCategory(tx, body.category);
    const products = new Map((await lockProducts(tx.scope, body.ids)).map((row) => [row.id, row]));
    const results: AdminProductBulkResult[] = [];
    for (const id of body.ids) {
      const product = products.get(id);
      if (!product) {
        results.push({ id, status: 'not_found' });
        continue;
      }
      const outcome = outcomeOf(product, body);
      if ('refused' in outcome) {
        results.push({ id, status: 'refused', detail: outcome.refused });
        continue;
      }
      const fields = Object.keys(outcome.changes) as (keyof ProductChanges)[];
      if (fields.length === 0) {
        results.push({ id, status: 'unchanged' });
        continue;
      }
      await updateProduct(tx.scope, id, outcome.changes);
      await recordAudit(tx, {
        action: 'product.bulk_update',
        entity: 'product',
        entityId: id,
        before: audited(Object.fromEntries(fields.map((field) => [field, product[field]]))),
        after: { ...audited(outcome.changes), bulk_action: body.action },
      });
      results.push({ id, status: 'updated' });
    }
    return { updated: results.filter((result) => result.status === 'updated').length, results };
  });
}
