// The inventory module's public surface: the only file other modules and the app import from it. The stock level is
// the catalog's `products.stock`; the ledger (`stock_movements`), purchases and the rules of every change are here.

export { inventoryAdminRoutes } from './inventory.routes.ts';
export { hasBoughtProduct, recordPurchase, withdrawPurchase } from './purchases.service.ts';
export {
  adjustStock,
  findStockLedgerMismatches,
  type LowStockItem,
  listLowStockProducts,
  listStockMovements,
  lockProductsForSale,
  lockVariantsForSale,
  moveStock,
  type OrderUnits,
  orderStockUnits,
  orderUnitKey,
  productFormStock,
  retakeOrderStock,
  returnOrderStock,
  type SaleProduct,
  type SaleVariant,
  type StockChange,
  type StockMovementRow,
  type StockReason,
  VariantRequiredError,
} from './stock.service.ts';
