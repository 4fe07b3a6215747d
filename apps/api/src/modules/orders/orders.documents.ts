// An order's documents: what its invoice and packing slip list, the invoice issued when the order is paid, and the
// documents as staff and the order's customer download them. Numbering, keeping and drawing are the documents module's.
import { addressLines, customizationText, type Order, type OrderRefund } from '@platform/contracts';
import { taxLabel } from '@platform/contracts/tax';
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
import { findOrder, getOrder } from './orders.service.ts';

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
  const [name, ...lines] = addressLines(order.delivery_address);
  return {
    buyer: { heading: 'Ship to', name: name ?? '', lines: [...lines, order.delivery_address.contact_number] },
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

/** What a refund's credit note lists: the money given back, how, and for which order. */
function creditNoteBody(order: Order, refund: OrderRefund, email: string | null): DocumentBody {
  return {
    buyer: buyerOf(order, email),
    references: [...referencesOf(order), { label: 'Refunded through', value: refund.method_label }],
    lines: [
      {
        description: `${refund.kind === 'void' ? 'Payment voided' : 'Refund'} for order ${order.number}`,
        quantity: 1,
        unitPrice: money(refund.amount, order.currency),
        amount: money(refund.amount, order.currency),
      },
    ],
    totals: [
      { label: 'Order total', amount: money(order.total, order.currency) },
      { label: 'Total refunded', amount: money(refund.amount, order.currency) },
    ],
    notes: ['This credit note cancels the amount above of the invoice of this order.'],
  };
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
    body: creditNoteBody(order, refund, email),
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
