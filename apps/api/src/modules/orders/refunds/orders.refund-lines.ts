// Refunds by line (decision 024): the lines a refund names, checked against the order (a line of it, units not
// refunded yet), and the amount the pricing module's `refundOfLines` gives back for them; `POST
// /admin/orders/{id}/refunds/quote/` answers that amount without refunding.
import { formatMinor, orderLineName } from '@platform/contracts';
import type { RefundLineBody, RefundQuote, RefundQuoteBody } from '@platform/contracts/admin';
import {
  type LineRefund,
  type RefundedLine,
  refundOfLines,
  type SoldOrder,
  soldLinesOf,
  unitsLeftToRefund,
} from '@platform/contracts/pricing';
import { type RequestContext, requirePermission } from '../../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../../lib/errors.ts';
import { type RefundLineRecord, type RefundRow, type RefundTotals, refundTotals } from '../../payments/index.ts';
import { toOrderTax } from '../../tax/index.ts';
import { findOrderWithLines, type OrderLineRow, type OrderWithLines } from '../orders.repository.ts';
import { refundableOf } from '../orders.service.ts';

/** The order as a refund by line reads it: its total, its lines as sold, its taxes. */
export function soldOrderOf(order: OrderWithLines): SoldOrder {
  const shippingDiscountCents = order.discounts
    .filter((discount) => discount.kind === 'free_shipping')
    .reduce((sum, discount) => sum + discount.amountCents, 0);
  return {
    totalCents: order.totalCents,
    taxIncluded: order.taxes.some((tax) => tax.included),
    lines: soldLinesOf({
      lines: order.lines.map((line) => ({
        id: line.id,
        quantity: line.quantity,
        totalCents: line.lineTotalCents,
        discountCents: line.discountCents,
        taxCents: line.taxCents,
        rate:
          line.taxName === null || line.taxBasisPoints === null
            ? null
            : { name: line.taxName, basisPoints: line.taxBasisPoints },
      })),
      productDiscountCents: order.discountCents - shippingDiscountCents,
      shippingNetCents: order.shippingCents - shippingDiscountCents,
      taxCents: order.taxes.reduce((sum, tax) => sum + tax.amountCents, 0),
    }),
    taxes: order.taxes.map((tax) => ({ name: tax.name, basisPoints: tax.basisPoints, cents: tax.amountCents })),
  };
}

/** What the order's refunds (every one not failed: a pending one's units are taken) took of its lines. */
export function refundedLinesOf(rows: readonly RefundRow[]): RefundedLine[] {
  return rows
    .filter((row) => row.status !== 'failed')
    .flatMap((row) =>
      row.lines.map((line) => ({
        lineId: line.line_id,
        quantity: line.quantity,
        netCents: line.net_cents,
        taxCents: line.tax_cents,
      })),
    );
}

/** A line as staff read it in a refusal: "Line 2 (Angkhola — 15 inch)", by its place in the order. */
export function lineLabel(order: OrderWithLines, line: OrderLineRow): string {
  const name = orderLineName({
    product_name: line.productName,
    variant: line.sku ? { sku: line.sku, option_values: line.optionValues ?? [] } : null,
  });
  return `Line ${order.lines.indexOf(line) + 1} (${name})`;
}

/** Units of an order line to put back in stock: its product's, of its own variant. */
export interface LineRestock {
  line: OrderLineRow;
  quantity: number;
}

/** A refund by line, checked: what it gives back, what each line's record keeps, and the units to put back. */
export interface CheckedLines {
  refund: LineRefund;
  records: RefundLineRecord[];
  restock: LineRestock[];
}

/**
 * Checks the lines a refund names against the order and what its refunds took already, and prices them
 * (`refundOfLines`). A line named twice, not in the order, or asking more units than are left of it (the units of
 * every refund not failed are taken) answers 400 naming the line; so does putting back a line whose product or
 * variant is no longer in the catalog.
 */
export function checkLines(
  order: OrderWithLines,
  refunds: readonly RefundRow[],
  asked: readonly RefundLineBody[],
): CheckedLines {
  const sold = soldOrderOf(order);
  const earlier = refundedLinesOf(refunds);
  const left = unitsLeftToRefund(sold, earlier);
  const seen = new Set<number>();
  const refusals: string[] = [];
  const restock: LineRestock[] = [];
  for (const each of asked) {
    const line = order.lines.find((candidate) => candidate.id === each.line_id);
    if (!line) {
      refusals.push(`There is no line ${each.line_id} in this order.`);
      continue;
    }
    const label = lineLabel(order, line);
    if (seen.has(line.id)) {
      refusals.push(`${label} is named twice: give its units once.`);
      continue;
    }
    seen.add(line.id);
    const unitsLeft = left.get(line.id) ?? 0;
    if (each.quantity > unitsLeft) {
      refusals.push(
        unitsLeft === 0 ? `${label}: every unit was refunded already.` : `${label}: only ${unitsLeft} left to refund.`,
      );
      continue;
    }
    if (each.restock) {
      // A line keeps its variant's SKU when the variant is deleted: it names a variant no longer there.
      if (line.productId === null || (line.sku !== null && line.variantId === null)) {
        refusals.push(`${label}: it is no longer in the catalog, so it cannot go back in stock.`);
        continue;
      }
      restock.push({ line, quantity: each.quantity });
    }
  }
  if (refusals.length > 0) throw new ValidationError({ lines: refusals });
  const refund = refundOfLines(
    sold,
    earlier,
    asked.map((each) => ({ lineId: each.line_id, quantity: each.quantity })),
  );
  const restocked = new Set(asked.filter((each) => each.restock).map((each) => each.line_id));
  return {
    refund,
    restock,
    records: refund.lines.map((part) => ({
      line_id: part.lineId,
      quantity: part.quantity,
      restock: restocked.has(part.lineId),
      net_cents: part.netCents,
      tax_cents: part.taxCents,
      amount_cents: part.amountCents,
    })),
  };
}

/**
 * A refund by line gives back what its lines come to, never more than is left to refund on the order (a free amount
 * refunded before took some): beyond it answers 400, pointing to a free amount.
 */
export function refuseBeyondLeft(totals: RefundTotals, refund: LineRefund): void {
  const leftCents = Math.max(totals.paidCents - totals.requestedCents, 0);
  if (refund.amountCents > leftCents) {
    throw new ValidationError({
      lines: [
        `These lines come to ${formatMinor(refund.amountCents)}, but only ${formatMinor(leftCents)} is left to refund on this order: refund a free amount instead.`,
      ],
    });
  }
}

/** Units of each order line not yet refunded by line, by line id (for staff's view of the order). */
export function refundableQuantities(order: OrderWithLines, refunds: readonly RefundRow[]): Map<number, number> {
  return unitsLeftToRefund(soldOrderOf(order), refundedLinesOf(refunds));
}

/** A checked refund by line as its quote answers it. */
export function toRefundQuote(refund: LineRefund, included: boolean): RefundQuote {
  return {
    amount: formatMinor(refund.amountCents),
    tax: formatMinor(refund.taxCents),
    taxes: (refund.taxes ?? []).map((tax) => toOrderTax({ ...tax, included })),
    shipping: refund.shipping ? formatMinor(refund.shipping.amountCents) : null,
    lines: refund.lines.map((part) => ({
      line_id: part.lineId,
      quantity: part.quantity,
      amount: formatMinor(part.amountCents),
      tax: formatMinor(part.taxCents),
    })),
  };
}

/**
 * `POST /admin/orders/{id}/refunds/quote/`: what refunding these lines gives back now (the same check and arithmetic
 * as the refund), refunding nothing. Staff without the `refund` permission: 403.
 */
export async function quoteRefund(ctx: RequestContext, orderId: number, body: RefundQuoteBody): Promise<RefundQuote> {
  requirePermission(ctx, 'refund');
  const order = await findOrderWithLines(ctx.scope, orderId);
  if (!order) throw new NotFoundError('Order not found.', 'order_not_found');
  const totals = await refundTotals(ctx, refundableOf(order));
  const { refund } = checkLines(order, totals.rows, body.lines);
  refuseBeyondLeft(totals, refund);
  return toRefundQuote(
    refund,
    order.taxes.some((tax) => tax.included),
  );
}
