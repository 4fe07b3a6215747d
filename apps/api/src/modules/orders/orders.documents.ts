// An order's documents: what its invoice and packing slip list, the invoice issued when the order is paid, and the
// documents as staff and the order's customer download them. Numbering, keeping and drawing are the documents module's.
import {
  addressLines,
  customizationText,
  formatMinor,
  type Order,
  type OrderRefund,
  parseMinor,
} from '@platform/contracts';
import type { AdminRefund } from '@platform/contracts/admin';
import { shareDiscount, taxLabel } from '@platform/contracts/tax';
import { type RequestContext, requireStaff, type TransactionContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import {
  type DocumentBody,
  type DocumentFile,
  type IssuedDocument,
  issueOrderDocument,
  listDocumentsOfOrder,
  orderDocumentFile,
  orderInvoiceFile,
  packingSlipFile,
} from '../documents/index.ts';
import { refundTotals, staffRefunds } from '../payments/index.ts';
import { findOrderWithLines } from './orders.repository.ts';
import { findOrder, getOrder, refundableOf } from './orders.service.ts';

const money = (amount: string, currency: string) => `$${amount} ${currency}`;

/** A line as documents name it: the product, its options and texts (the customization), and a variant's SKU. */
function lineDescription(item: Order['items'][number]): string {
  const customization = customizationText(item.customization);
  const described = customization ? `${item.product_name} (${customization})` : item.product_name;
  return item.variant ? `${described}, SKU ${item.variant.sku}` : described;
}

function buyerOf(order: Order, email: string | null): DocumentBody['buyer'] {
  const [name, ...lines] = addressLines(order.delivery_address);
  return { heading: 'Bill to', name: name ?? '', lines: [...lines, ...(email ? [email] : [])] };
}

function referencesOf(order: Order): DocumentBody['references'] {
  return [
    { label: 'Order', value: order.number },
    { label: 'Order date', value: order.created_at.slice(0, 10) },
    { label: 'Payment', value: order.payment_label },
  ];
}

/** What an order's invoice lists: the buyer, the lines with their prices, its discounts, shipping and the total. */
export function invoiceBody(order: Order, email: string | null): DocumentBody {
  return {
    buyer: buyerOf(order, email),
    references: referencesOf(order),
    lines: order.items.map((item) => ({
      description: lineDescription(item),
      quantity: item.quantity,
      unitPrice: money(item.unit_price, order.currency),
      amount: money(item.line_total, order.currency),
    })),
    totals: [
      { label: 'Subtotal', amount: money(order.subtotal, order.currency) },
      ...order.discounts.map((discount) => ({
        label: `Discount${discount.code ? ` ${discount.code}` : ''}: ${discount.description}`,
        amount: `-${money(discount.amount, order.currency)}`,
      })),
      {
        label: order.shipping_zone ? `Shipping (${order.shipping_zone})` : 'Shipping',
        amount: money(order.shipping, order.currency),
      },
      ...order.taxes.map((tax) => ({ label: taxLabel(tax), amount: money(tax.amount, order.currency) })),
      { label: 'Total paid', amount: money(order.total, order.currency) },
    ],
    notes: ['Thank you for your order.'],
  };
}

/** What a packing slip lists: where to, and the lines without prices. */
function packingSlipBody(order: Order): DocumentBody {
  // The address's lines end with its phone number, which the courier needs: printed once.
  const [name, ...lines] = addressLines(order.delivery_address);
  return {
    buyer: { heading: 'Ship to', name: name ?? '', lines },
    references: [
      { label: 'Order', value: order.number },
      { label: 'Order date', value: order.created_at.slice(0, 10) },
      ...(order.shipping_zone ? [{ label: 'Shipping', value: order.shipping_zone }] : []),
    ],
    lines: order.items.map((item) => ({
      description: lineDescription(item),
      quantity: item.quantity,
      unitPrice: null,
      amount: null,
    })),
    totals: [],
    notes: [],
  };
}

/** Issues the order's invoice in the transaction that pays it (once: a second call finds the first). */
export async function issueInvoice(
  tx: TransactionContext,
  order: Order & { isTest: boolean },
  email: string | null,
): Promise<DocumentFile> {
  const invoice = await issueOrderDocument(tx, {
    kind: 'invoice',
    orderId: order.id,
    isTest: order.isTest,
    body: invoiceBody(order, email),
  });
  return invoice.file();
}

type RefundedUnits = AdminRefund['restock'];

/** Cents of a wire amount the order wrote itself (always well formed). */
function cents(amount: string): number {
  return parseMinor(amount) ?? 0;
}

/**
 * The order's line a refunded unit was sold on: its product, and its variant when the refund names one; the first
 * such line when the order holds the product on several (their unit prices differ only by personalisation).
 */
function soldLine(order: Order, unit: RefundedUnits[number]): Order['items'][number] | undefined {
  return order.items.find(
    (item) =>
      item.product?.id === unit.product_id && (unit.variant_id === undefined || item.variant?.id === unit.variant_id),
  );
}

/**
 * The lines of a credit note: the units the refund took back, each at its order line's unit price, and whatever the
 * amount refunded differs from them by (shipping given back, or less than the units' price); a refund that names no
 * units is one line of its amount.
 */
function creditNoteLines(order: Order, refund: OrderRefund, units: RefundedUnits): DocumentBody['lines'] {
  const refundedCents = cents(refund.amount);
  const unitLines = units.flatMap((unit) => {
    const line = soldLine(order, unit);
    if (!line) return [];
    const unitCents = cents(line.unit_price);
    return [
      { description: lineDescription(line), quantity: unit.quantity, cents: unitCents * unit.quantity, unitCents },
    ];
  });
  if (unitLines.length === 0) {
    return [
      {
        description: `${refund.kind === 'void' ? 'Payment voided' : 'Refund'} for order ${order.number}`,
        quantity: 1,
        unitPrice: money(refund.amount, order.currency),
        amount: money(refund.amount, order.currency),
      },
    ];
  }
  const difference = refundedCents - unitLines.reduce((sum, line) => sum + line.cents, 0);
  return [
    ...unitLines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: money(formatMinor(line.unitCents), order.currency),
      amount: money(formatMinor(line.cents), order.currency),
    })),
    ...(difference === 0
      ? []
      : [
          {
            description: difference > 0 ? 'Further amount refunded' : "Deducted from the units' price",
            quantity: 1,
            unitPrice: signedMoney(difference, order.currency),
            amount: signedMoney(difference, order.currency),
          },
        ]),
  ];
}

function signedMoney(amountCents: number, currency: string): string {
  return amountCents < 0 ? `-${money(formatMinor(-amountCents), currency)}` : money(formatMinor(amountCents), currency);
}

/**
 * The tax a refund holds, per tax of the order, in proportion to what each tax is of the order's total: the refund
 * shared over the total's parts (each tax, and the rest) by largest remainder, so the shares are whole cents that
 * add up to the refund. A tax of 0 on this refund is left out.
 */
function refundTaxes(order: Pick<Order, 'total' | 'taxes'>, refundedCents: number): Order['taxes'] {
  const taxCents = order.taxes.map((tax) => cents(tax.amount));
  const rest = cents(order.total) - taxCents.reduce((sum, amount) => sum + amount, 0);
  const shares = shareDiscount([...taxCents, Math.max(rest, 0)], refundedCents);
  return order.taxes
    .map((tax, index) => ({ ...tax, amount: formatMinor(shares[index] ?? 0) }))
    .filter((tax) => tax.amount !== '0.00');
}

/**
 * What a refund's credit note lists: the units given back at their prices (or the amount, when it names none), the
 * tax the amount holds per rate of the order, how it went back, and for which order.
 */
function creditNoteBody(order: Order, refund: OrderRefund, units: RefundedUnits, email: string | null): DocumentBody {
  return {
    buyer: buyerOf(order, email),
    references: [...referencesOf(order), { label: 'Refunded through', value: refund.method_label }],
    lines: creditNoteLines(order, refund, units),
    totals: [
      { label: 'Order total', amount: money(order.total, order.currency) },
      ...refundTaxes(order, cents(refund.amount)).map((tax) => ({
        label: `${taxLabel(tax)} in this refund`,
        amount: money(tax.amount, order.currency),
      })),
      { label: 'Total refunded', amount: money(refund.amount, order.currency) },
    ],
    notes: ['This credit note cancels the amount above of the invoice of this order.'],
  };
}

/** The units a refund put back, as staff's view of the order's refunds has them (none for a refund not found). */
async function refundedUnits(tx: TransactionContext, orderId: number, refundId: number): Promise<RefundedUnits> {
  const row = await findOrderWithLines(tx.scope, orderId);
  if (!row) return [];
  const { refunds } = staffRefunds(await refundTotals(tx, refundableOf(row)));
  return refunds.find((refund) => refund.id === refundId)?.restock ?? [];
}

/** Issues the credit note of a refund that went through, in the transaction that records it (once). */
export async function issueCreditNote(
  tx: TransactionContext,
  order: Order & { isTest: boolean },
  refund: OrderRefund,
  email: string | null,
): Promise<DocumentFile> {
  const note = await issueOrderDocument(tx, {
    kind: 'credit_note',
    orderId: order.id,
    refundId: refund.id,
    isTest: order.isTest,
    body: creditNoteBody(order, refund, await refundedUnits(tx, order.id, refund.id), email),
  });
  return note.file();
}

// ── Downloads ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** The customer's order's documents (404 for an order that is not theirs). */
export async function customerOrderDocuments(ctx: RequestContext, orderId: number): Promise<IssuedDocument[]> {
  await getOrder(ctx, orderId);
  return listDocumentsOfOrder(ctx, orderId);
}

/** One of the customer's order's documents, or its invoice (`'invoice'`), as PDF. */
export async function customerOrderDocument(
  ctx: RequestContext,
  orderId: number,
  which: number | 'invoice',
): Promise<DocumentFile> {
  await getOrder(ctx, orderId);
  return documentOrNotFound(ctx, orderId, which);
}

/** An order's documents for staff. */
export async function staffOrderDocuments(ctx: RequestContext, orderId: number): Promise<IssuedDocument[]> {
  requireStaff(ctx);
  await staffOrder(ctx, orderId);
  return listDocumentsOfOrder(ctx, orderId);
}

/** One of an order's documents, or its invoice, as PDF, for staff. */
export async function staffOrderDocument(
  ctx: RequestContext,
  orderId: number,
  which: number | 'invoice',
): Promise<DocumentFile> {
  requireStaff(ctx);
  await staffOrder(ctx, orderId);
  return documentOrNotFound(ctx, orderId, which);
}

/** The order's packing slip, for staff. */
export async function staffPackingSlip(ctx: RequestContext, orderId: number): Promise<DocumentFile> {
  requireStaff(ctx);
  const order = await staffOrder(ctx, orderId);
  return packingSlipFile(ctx, order.number, packingSlipBody(order));
}

async function staffOrder(ctx: RequestContext, orderId: number): Promise<Order> {
  const order = await findOrder(ctx, orderId);
  if (!order) throw new NotFoundError('Order not found.', 'order_not_found');
  return order;
}

async function documentOrNotFound(
  ctx: RequestContext,
  orderId: number,
  which: number | 'invoice',
): Promise<DocumentFile> {
  const file =
    which === 'invoice' ? await orderInvoiceFile(ctx, orderId) : await orderDocumentFile(ctx, orderId, which);
  if (!file) {
    throw new NotFoundError(
      which === 'invoice' ? 'This order has no invoice yet: it is issued when the order is paid.' : 'Not found.',
      which === 'invoice' ? 'invoice_not_issued' : 'document_not_found',
    );
  }
  return file;
}
