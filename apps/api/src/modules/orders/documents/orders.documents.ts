// An order's documents: what its invoice, packing slip and customs declaration list, the invoice issued when the
// order is paid, and the documents as staff and the order's customer download them. Numbering, keeping and drawing are the documents module's.
import {
  addressLines,
  customizationText,
  formatMinor,
  type Order,
  type OrderRefund,
  parseMinor,
} from '@platform/contracts';
import type { AdminRefund } from '@platform/contracts/admin';
import { taxesOfLineRefund } from '@platform/contracts/pricing';
import { countryName } from '@platform/contracts/shipping';
import { shareDiscount, taxLabel } from '@platform/contracts/tax';
import { type RequestContext, requireStaff, type TransactionContext } from '../../../lib/context.ts';
import { ConflictError, NotFoundError } from '../../../lib/errors.ts';
import { getAccountEmails } from '../../accounts/index.ts';
import { type CustomsDetails, customsDetails } from '../../catalog/index.ts';
import {
  customsDeclarationFile,
  type DocumentBody,
  type DocumentFile,
  type IssuedDocument,
  issueOrderDocument,
  listDocumentsOfOrder,
  orderDocumentFile,
  orderInvoiceFile,
  packingSlipFile,
} from '../../documents/index.ts';
import { type RefundLineRecord, refundTotals, staffRefunds } from '../../payments/index.ts';
import { getSellingAbroadSettings } from '../../site/index.ts';
import { toOrderTax } from '../../tax/index.ts';
import { presentmentLines } from '../orders.mail.ts';
import { findOrderWithLines } from '../orders.repository.ts';
import { findOrder, getOrder, leavesShopCountry, refundableOf } from '../orders.service.ts';
import { soldOrderOf } from '../refunds/index.ts';

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
    notes: [...presentmentLines(order), 'Thank you for your order.'],
  };
}

/**
 * What a packing slip lists: where to, and the lines without prices; for an order holding a product only adults may
 * buy, the age its buyer confirmed.
 */
function packingSlipBody(order: Order): DocumentBody {
  // The address's lines end with its phone number, which the courier needs: printed once.
  const [name, ...lines] = addressLines(order.delivery_address);
  return {
    buyer: { heading: 'Ship to', name: name ?? '', lines },
    references: [
      { label: 'Order', value: order.number },
      { label: 'Order date', value: order.created_at.slice(0, 10) },
      ...(order.shipping_zone ? [{ label: 'Shipping', value: order.shipping_zone }] : []),
      ...(order.confirmed_age === null
        ? []
        : [{ label: 'Age confirmed', value: `The buyer confirmed being ${order.confirmed_age} or older.` }]),
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

/** What a refund by line took (decision 024): each line's units and figures, the shipping, the tax per rate. */
interface RefundedLines {
  records: RefundLineRecord[];
  /** Per line id, the rate its tax was charged at, as the customer reads it ("VAT 19% (included)"), when known. */
  rates: Map<number, string>;
  /** Per rate; null when the order's lines do not say their rates (an order from before they did). */
  taxes: Order['taxes'] | null;
  included: boolean;
  /** The shipping given back with the order's last units (with its tax), and that tax; 0 before. */
  shippingCents: number;
  shippingTaxCents: number;
}

/**
 * The lines of a refund by line's credit note: each line's units at their unit price, with the tax they hold or add;
 * what the order's discounts took off them; and the shipping when the order's last units came back.
 */
function lineRefundLines(order: Order, refunded: RefundedLines): DocumentBody['lines'] {
  const atPrice = refunded.records.flatMap((record) => {
    const item = order.items.find((candidate) => candidate.id === record.line_id);
    if (!item) return [];
    const rate = refunded.rates.get(record.line_id) ?? 'tax';
    const tax = record.tax_cents === 0 ? '' : `; ${rate}: ${money(formatMinor(record.tax_cents), order.currency)}`;
    return [
      { item, record, description: `${lineDescription(item)}${tax}`, cents: cents(item.unit_price) * record.quantity },
    ];
  });
  const discountCents = atPrice.reduce((sum, line) => sum + line.cents - line.record.net_cents, 0);
  const shippingNetCents = refunded.shippingCents - (refunded.included ? 0 : refunded.shippingTaxCents);
  return [
    ...atPrice.map((line) => ({
      description: line.description,
      quantity: line.record.quantity,
      unitPrice: money(line.item.unit_price, order.currency),
      amount: money(formatMinor(line.cents), order.currency),
    })),
    ...(discountCents === 0
      ? []
      : [
          {
            description: "The order's discounts on these items",
            quantity: 1,
            unitPrice: signedMoney(-discountCents, order.currency),
            amount: signedMoney(-discountCents, order.currency),
          },
        ]),
    ...(refunded.shippingCents === 0
      ? []
      : [
          {
            description: order.shipping_zone ? `Shipping (${order.shipping_zone})` : 'Shipping',
            quantity: 1,
            unitPrice: money(formatMinor(shippingNetCents), order.currency),
            amount: money(formatMinor(shippingNetCents), order.currency),
          },
        ]),
  ];
}

/**
 * What a refund's credit note lists: the lines a refund by line gave back with their tax, or the units given back at
 * their prices (or the amount, when it names none); the tax the amount holds per rate of the order, how it went back,
 * and for which order.
 */
function creditNoteBody(
  order: Order,
  refund: OrderRefund,
  taken: { units: RefundedUnits; lines: RefundedLines | null },
  email: string | null,
): DocumentBody {
  const taxes = taken.lines?.taxes ?? refundTaxes(order, cents(refund.amount));
  return {
    buyer: buyerOf(order, email),
    references: [...referencesOf(order), { label: 'Refunded through', value: refund.method_label }],
    lines: taken.lines ? lineRefundLines(order, taken.lines) : creditNoteLines(order, refund, taken.units),
    totals: [
      { label: 'Order total', amount: money(order.total, order.currency) },
      ...taxes.map((tax) => ({
        label: `${taxLabel(tax)} in this refund`,
        amount: money(tax.amount, order.currency),
      })),
      { label: 'Total refunded', amount: money(refund.amount, order.currency) },
    ],
    notes: ['This credit note cancels the amount above of the invoice of this order.'],
  };
}

/**
 * What a refund took: the units it put back, as staff's view of the order's refunds has them, and for a refund by
 * line its lines with their rates and taxes (none for a refund not found).
 */
async function refundTaken(
  tx: TransactionContext,
  orderId: number,
  refundId: number,
): Promise<{ units: RefundedUnits; lines: RefundedLines | null }> {
  const row = await findOrderWithLines(tx.scope, orderId);
  if (!row) return { units: [], lines: null };
  const totals = await refundTotals(tx, refundableOf(row));
  const units = staffRefunds(totals).refunds.find((refund) => refund.id === refundId)?.restock ?? [];
  const refund = totals.rows.find((candidate) => candidate.id === refundId);
  if (!refund || refund.lines.length === 0) return { units, lines: null };
  const sold = soldOrderOf(row);
  const included = sold.taxIncluded;
  const lineTaxCents = refund.lines.reduce((sum, line) => sum + line.tax_cents, 0);
  const shippingCents = refund.amountCents - refund.lines.reduce((sum, line) => sum + line.amount_cents, 0);
  const withShipping = shippingCents !== 0;
  const taxes = taxesOfLineRefund(
    sold,
    refund.lines.map((line) => ({ lineId: line.line_id, taxCents: line.tax_cents })),
    withShipping,
  );
  const rates = new Map(
    row.lines.flatMap((line) =>
      line.taxName === null || line.taxBasisPoints === null
        ? []
        : [[line.id, taxLabel({ name: line.taxName, rate: formatMinor(line.taxBasisPoints), included })] as const],
    ),
  );
  return {
    units,
    lines: {
      records: refund.lines,
      rates,
      taxes: taxes ? taxes.map((tax) => toOrderTax({ ...tax, included })) : null,
      included,
      shippingCents,
      shippingTaxCents: withShipping ? (taxes ?? []).reduce((sum, tax) => sum + tax.cents, 0) - lineTaxCents : 0,
    },
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
    body: creditNoteBody(order, refund, await refundTaken(tx, order.id, refund.id), email),
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

/**
 * The order's packing slip, for staff; "Adult signature required" under its title for an order holding a product
 * only adults may buy, when the shop's courier takes an adult's signature.
 */
export async function staffPackingSlip(ctx: RequestContext, orderId: number): Promise<DocumentFile> {
  requireStaff(ctx);
  const order = await staffOrder(ctx, orderId);
  const { adultSignature } = await getSellingAbroadSettings(ctx);
  const banner = adultSignature && order.confirmed_age !== null ? ADULT_SIGNATURE_REQUIRED : '';
  return packingSlipFile(ctx, order.number, packingSlipBody(order), banner);
}

export const ADULT_SIGNATURE_REQUIRED = 'Adult signature required';

/** Grams as customs papers write weights: kilograms with three decimals ("0.650 kg"). */
function kilograms(grams: number): string {
  return `${Math.floor(grams / 1000)}.${String(grams % 1000).padStart(3, '0')} kg`;
}

const CUSTOMS_CERTIFICATION =
  'I certify that the particulars given in this declaration are correct and that this item does not contain any ' +
  'dangerous article prohibited by legislation or by postal or customs regulations.';

/**
 * What an order's customs declaration lists (the CN23's fields): the recipient; the reason (sale of goods) and the
 * incoterm (DAP: duties and taxes of the destination are the recipient's); each line's goods with their customs
 * description, HS code, origin, quantity, net weight and value; the order's figures as the invoice gives them; and
 * the sender's certification.
 */
function customsDeclarationBody(order: Order, email: string | null, customs: (CustomsDetails | null)[]) {
  const [name, ...lines] = addressLines(order.delivery_address);
  let knownGrams = 0;
  let weighed = true;
  const rows = order.items.map((item, index) => {
    const details = customs[index] ?? null;
    const grams = details?.weightGrams == null ? null : details.weightGrams * item.quantity;
    if (grams === null) weighed = false;
    else knownGrams += grams;
    const described = lineDescription(item);
    const goods =
      details && details.description !== item.product_name ? `${details.description}: ${described}` : described;
    return [
      goods,
      details?.hsCode || '—',
      details?.countryOfOrigin ? countryName(details.countryOfOrigin) : '—',
      String(item.quantity),
      grams === null ? '—' : kilograms(grams),
      money(item.line_total, order.currency),
    ];
  });
  const invoice = invoiceBody(order, email);
  return {
    buyer: { heading: 'Recipient', name: name ?? '', lines: [...lines, ...(email ? [email] : [])] },
    references: [
      { label: 'Order', value: order.number },
      { label: 'Order date', value: order.created_at.slice(0, 10) },
      { label: 'Reason for export', value: 'Sale of goods' },
      { label: 'Incoterm', value: 'DAP (delivered at place; import duties and taxes are the recipient’s)' },
      { label: 'Currency', value: order.currency },
      {
        label: 'Total net weight',
        value: weighed ? kilograms(knownGrams) : `${kilograms(knownGrams)} (some items unweighed)`,
      },
    ],
    table: {
      columns: [
        { heading: 'Description of goods', width: 0 },
        { heading: 'HS code', width: 52 },
        { heading: 'Origin', width: 50 },
        { heading: 'Qty', width: 24, align: 'right' as const },
        { heading: 'Net weight', width: 52, align: 'right' as const },
        { heading: 'Value', width: 70, align: 'right' as const },
      ],
      rows,
    },
    // The invoice's figures, the last the order's total value.
    totals: invoice.totals.map((total, index, all) =>
      index === all.length - 1 ? { label: 'Total value', amount: total.amount } : total,
    ),
    notes: [CUSTOMS_CERTIFICATION, 'Date and sender’s signature: ______________________________'],
  };
}

/**
 * The order's customs declaration, for staff (issue 48): only for an order going to another country than the shop's
 * (409 otherwise, and while the shop's settings name no country).
 */
export async function staffCustomsDeclaration(ctx: RequestContext, orderId: number): Promise<DocumentFile> {
  requireStaff(ctx);
  const order = await staffOrder(ctx, orderId);
  const { country } = await getSellingAbroadSettings(ctx);
  if (!country) {
    throw new ConflictError(
      "Set the shop's country in the site settings first: a customs declaration names the country of export.",
      'shop_country_missing',
    );
  }
  if (!leavesShopCountry(order.delivery_address, country)) {
    throw new ConflictError(
      `This order stays in ${countryName(country)}: it needs no customs declaration.`,
      'customs_declaration_not_needed',
    );
  }
  const [emails, customs] = await Promise.all([
    getAccountEmails(ctx, [order.userId]),
    customsDetails(
      ctx,
      order.items.map((item) => ({ productId: item.product?.id ?? null, variantId: item.variant?.id ?? null })),
    ),
  ]);
  const body = customsDeclarationBody(order, emails.get(order.userId) ?? null, customs);
  return customsDeclarationFile(ctx, order.number, body);
}

async function staffOrder(ctx: RequestContext, orderId: number): Promise<Order & { userId: number }> {
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
