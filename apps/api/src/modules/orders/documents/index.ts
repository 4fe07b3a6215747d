// An order's documents, a sub-module of orders: what its invoice, credit notes, packing slip and customs declaration
// list, issued when the order is paid or refunded, and downloaded by staff and the customer (numbering, keeping and
// drawing are the documents module's). The rest of orders imports it only from here.
export {
  customerOrderDocument,
  customerOrderDocuments,
  issueCreditNote,
  issueInvoice,
  staffCustomsDeclaration,
  staffOrderDocument,
  staffOrderDocuments,
  staffPackingSlip,
} from './orders.documents.ts';
