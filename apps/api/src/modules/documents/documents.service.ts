// The shop's documents about its orders: invoices and credit notes, numbered per shop without gaps and kept as issued,
// and packing slips, drawn on request. What a document lists (buyer, lines, totals) is the orders module's to say;
// this module adds the seller from the shop's settings, numbers, keeps and draws it.
import { countryName } from '@platform/contracts/shipping';
import type { DocumentKind } from '../../db/schema/index.ts';
import type { RequestContext, TransactionContext } from '../../lib/context.ts';
import { shopEmailAddress } from '../mail/index.ts';
import { getSellerDetails, type SellerDetails } from '../site/index.ts';
import { type DocumentContent, type DocumentTable, renderDocumentPdf } from './documents.pdf.ts';
import {
  findDocumentOfOrder,
  findOrderDocument,
  insertDocument,
  listOrderDocuments,
  type OrderDocumentRow,
  takeDocumentNumber,
} from './documents.repository.ts';

export type { DocumentKind, DocumentTable };

/** What the orders module writes in a document: everything but the seller, the title, the number and the date. */
export type DocumentBody = Pick<DocumentContent, 'buyer' | 'references' | 'lines' | 'totals' | 'notes'>;

/** What the orders module writes in a customs declaration: a table of the goods instead of lines. */
export type CustomsDeclarationBody = Pick<DocumentContent, 'buyer' | 'references' | 'totals' | 'notes'> & {
  table: DocumentTable;
};

/** An issued document as the order's answers list it. */
export interface IssuedDocument {
  id: number;
  kind: DocumentKind;
  /** As printed: `INV-000042`, `CN-000003`; a test order's `TEST-INV-000001`. */
  number: string;
  issued_at: string;
}

/** A document ready to send: its file name and bytes. */
export interface DocumentFile {
  filename: string;
  pdf: Buffer;
}

const TITLES: Record<DocumentKind, string> = { invoice: 'Invoice', credit_note: 'Credit note' };
const PREFIXES: Record<DocumentKind, string> = { invoice: 'INV', credit_note: 'CN' };
const TEST_BANNER =
  'Test order: paid through the test payment gateway, no money was taken. This is not a valid tax document.';

/** The printed number of the `number`th document of a series. */
export function documentNumber(kind: DocumentKind, number: number, isTest: boolean): string {
  return `${isTest ? 'TEST-' : ''}${PREFIXES[kind]}-${String(number).padStart(6, '0')}`;
}

/** The seller as documents print it: the site settings' details, with the shop's address by the mail module's rule. */
async function sellerOf(ctx: RequestContext): Promise<SellerDetails> {
  const [seller, email] = await Promise.all([getSellerDetails(ctx), shopEmailAddress(ctx)]);
  return { ...seller, contactEmail: email ?? '' };
}

function sellerBlock(seller: SellerDetails): DocumentContent['seller'] {
  return {
    name: seller.legalName,
    lines: [
      ...seller.legalAddress
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      ...(seller.taxNumber ? [`Tax number: ${seller.taxNumber}`] : []),
      ...(seller.contactEmail ? [seller.contactEmail] : []),
    ],
  };
}

/** A date as the shop writes dates (its locale, in its time zone). */
function shopDate(date: Date, seller: SellerDetails): string {
  return new Intl.DateTimeFormat(seller.locale, { dateStyle: 'long', timeZone: seller.timeZone }).format(date);
}

function toIssued(row: OrderDocumentRow): IssuedDocument {
  return {
    id: row.id,
    kind: row.kind,
    number: documentNumber(row.kind, row.number, row.isTest),
    issued_at: row.issuedAt.toISOString(),
  };
}

function toFile(row: OrderDocumentRow): Promise<DocumentFile> {
  const number = documentNumber(row.kind, row.number, row.isTest);
  return renderDocumentPdf(row.content as DocumentContent, row.issuedAt).then((pdf) => ({
    filename: `${number}.pdf`,
    pdf,
  }));
}

/**
 * Issues the order's invoice (or a refund's credit note) in the caller's transaction, numbered next in the shop's
 * series; when it was issued already, that one. Its content is frozen: later changes of the shop's settings or of the
 * order leave it as it was.
 */
export async function issueOrderDocument(
  tx: TransactionContext,
  input: { kind: DocumentKind; orderId: number; refundId?: number; isTest: boolean; body: DocumentBody },
): Promise<IssuedDocument & { file: () => Promise<DocumentFile> }> {
  const refundId = input.refundId ?? null;
  let row = await findOrderDocument(tx.scope, input.orderId, input.kind, refundId);
  if (!row) {
    const seller = await sellerOf(tx);
    const number = await takeDocumentNumber(tx.scope, input.kind, input.isTest);
    const content: DocumentContent = {
      title: TITLES[input.kind],
      number: documentNumber(input.kind, number, input.isTest),
      date: shopDate(new Date(), seller),
      banner: input.isTest ? TEST_BANNER : '',
      seller: sellerBlock(seller),
      ...input.body,
    };
    row = await insertDocument(tx.scope, {
      orderId: input.orderId,
      kind: input.kind,
      isTest: input.isTest,
      number,
      refundId,
      content,
    });
  }
  const issued = row;
  return { ...toIssued(issued), file: () => toFile(issued) };
}

/** The order's documents, in the order they were issued. */
export async function listDocumentsOfOrder(ctx: RequestContext, orderId: number): Promise<IssuedDocument[]> {
  return (await listOrderDocuments(ctx.scope, orderId)).map(toIssued);
}

/** The order's invoice as PDF; null when none was issued (the order is not paid). */
export async function orderInvoiceFile(ctx: RequestContext, orderId: number): Promise<DocumentFile | null> {
  const row = await findOrderDocument(ctx.scope, orderId, 'invoice', null);
  return row && toFile(row);
}

/** One of the order's documents as PDF, by its id; null when the order has no such document. */
export async function orderDocumentFile(
  ctx: RequestContext,
  orderId: number,
  documentId: number,
): Promise<DocumentFile | null> {
  const row = await findDocumentOfOrder(ctx.scope, orderId, documentId);
  return row && toFile(row);
}

/** An order's number as it may stand in a file name. */
const fileSafe = (orderNumber: string) => orderNumber.replace(/[^A-Za-z0-9-]/g, '');

/**
 * A packing slip for the order: drawn now, not numbered nor kept (no prices: `body`'s lines carry none); `banner`,
 * when given, is printed in bold under the title (what the courier must do: "Adult signature required").
 */
export async function packingSlipFile(
  ctx: RequestContext,
  orderNumber: string,
  body: DocumentBody,
  banner = '',
): Promise<DocumentFile> {
  const seller = await sellerOf(ctx);
  const now = new Date();
  const pdf = await renderDocumentPdf(
    {
      title: 'Packing slip',
      number: '',
      date: shopDate(now, seller),
      banner,
      seller: sellerBlock(seller),
      ...body,
    },
    now,
  );
  return { filename: `packing-slip-${fileSafe(orderNumber)}.pdf`, pdf };
}

/**
 * An order's customs declaration (issue 48): a commercial invoice with the CN23's fields, the shop as the sender
 * (its country of export among the references when its settings name it), drawn now, not numbered nor kept.
 */
export async function customsDeclarationFile(
  ctx: RequestContext,
  orderNumber: string,
  body: CustomsDeclarationBody,
): Promise<DocumentFile> {
  const seller = await sellerOf(ctx);
  const now = new Date();
  const pdf = await renderDocumentPdf(
    {
      title: 'Customs declaration',
      number: '',
      date: shopDate(now, seller),
      banner: '',
      seller: sellerBlock(seller),
      ...body,
      references: [
        { label: 'Form', value: 'Commercial invoice (CN23)' },
        ...body.references,
        ...(seller.country ? [{ label: 'Country of export', value: countryName(seller.country) }] : []),
      ],
      lines: [],
    },
    now,
  );
  return { filename: `customs-declaration-${fileSafe(orderNumber)}.pdf`, pdf };
}
