// The catalog's stock columns (products' and variants') as the inventory module reads and writes them, and the
// inventory's ledger as the catalog's forms write it (`ProductFormStock`).

export type { ProductFormStock } from './product-form-stock.ts';
export { variantColumns } from './sale-variants.repository.ts';
export {
  type ExpectedStock,
  type ExpectedVariantStock,
  findLowStockLevels,
  findProductIdForSlug,
  findProductsSoldInOptions,
  findStockLevelsOtherThan,
  findVariantForSale,
  findVariantStockLevelsOtherThan,
  lockProductsBeingSold,
  lockVariantsBeingSold,
  readStockItems,
  readStockLevel,
  type SaleProduct,
  type SaleVariant,
  type StockChangeCompanion,
  type StockItem,
  writeStockLevels,
} from './stock-levels.service.ts';
