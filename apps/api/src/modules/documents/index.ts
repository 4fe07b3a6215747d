// The documents module's public surface: invoices and credit notes of orders (numbered, kept as issued), packing
// slips and customs declarations, as PDF.
export {
  type CustomsDeclarationBody,
  customsDeclarationFile,
  type DocumentBody,
  type DocumentFile,
  type DocumentKind,
  type DocumentTable,
  documentNumber,
  type IssuedDocument,
  issueOrderDocument,
  listDocumentsOfOrder,
  orderDocumentFile,
  orderInvoiceFile,
  packingSlipFile,
} from './documents.service.ts';
