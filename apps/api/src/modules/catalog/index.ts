// The catalog module's public surface: the only file other modules and the app import from it.

export { productColumns } from './catalog.columns.ts';
export { catalogAdminRoutes, catalogRoutes } from './catalog.routes.ts';
export {
  createCategory,
  createProducts,
  createReview,
  createSynonymGroups,
  getProduct,
  type NewCatalogProduct,
} from './catalog.service.ts';
export { recordPurchase, withdrawPurchase } from './purchases.service.ts';
export {
  adjustStock,
  findStockLedgerMismatches,
  listLowStockProducts,
  listStockMovements,
  lockProductsForSale,
  moveStock,
  type SaleProduct,
  type StockChange,
  type StockMovementRow,
  type StockReason,
} from './stock.service.ts';
