// The catalog module's public surface: the only file other modules and the app import from it.
export {
  adjustStock,
  findStockLedgerMismatches,
  listStockMovements,
  lockProductsForSale,
  moveStock,
  type SaleProduct,
  type StockChange,
  type StockMovementRow,
  type StockReason,
} from './stock.service.ts';
export { getProduct } from './catalog.service.ts';
