// The documents module's public surface: invoices and credit notes of orders (numbered, kept as issued) and packing
// slips, as PDF.
export {
  type DocumentBody,
  type DocumentFile,
  type DocumentKind,
  documentNumber,
  type IssuedDocument,
  issueOrderDocument,
  listDocumentsOfOrder,
  orderDocumentFile,
  orderInvoiceFile,
  packingSlipFile,
} from './documents.service.ts';
