// The catalog module's public surface: the only file other modules and the app import from it.

export { getProductForStaff } from './catalog.admin.ts';
export { productColumns } from './catalog.repository.ts';
export { catalogAdminRoutes, catalogRoutes } from './catalog.routes.ts';
export {
  changeProductRating,
  createCategory,
  createProducts,
  findActiveProduct,
  getProduct,
  listCategories,
  type NewCatalogProduct,
  type ProductPageReviews,
  searchedProducts,
} from './catalog.service.ts';
export { getPriceHistory, type PriceHistoryEntry, recordPastPrices } from './price-history.service.ts';
export {
  filledPersonalisationCents,
  lineCustomization,
  type OptionType,
  type PersonalisationRule,
  personalisationCents,
  variantOptions,
  withVariantOptions,
} from './product-options.ts';
export {
  findCategoryIds,
  findProductRecords,
  findStoredPictureKeys,
  findVariantSkuOwners,
  listProductRecords,
  type ProductRecord,
  setProductPictures,
} from './product-records.service.ts';
export type { ProductFormStock } from './products.admin.ts';
export { createProductByStaff, updateProductByStaff } from './products.admin.ts';
export { variantColumns } from './sale-variants.repository.ts';
export {
  type ExpectedStock,
  type ExpectedVariantStock,
  findLowStockLevels,
  findProductsSoldInOptions,
  findStockLevelsOtherThan,
  findVariantForSale,
  findVariantStockLevelsOtherThan,
  lockProductsBeingSold,
  lockVariantsBeingSold,
  readStockLevel,
  type SaleProduct,
  type SaleVariant,
  type StockChangeCompanion,
  writeStockLevels,
} from './stock-levels.service.ts';
export { setProductOptionsByStaff, updateVariantsByStaff } from './variants.admin.ts';
export {
  createProductVariants,
  findProductRedirect,
  MAX_OPTION_TYPES,
  type NewPersonalisationField,
  type NewProductOptions,
  type NewProductVariant,
  type ProductVariantRow,
  type VariantStock,
} from './variants.service.ts';
