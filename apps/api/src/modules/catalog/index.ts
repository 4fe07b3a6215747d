// The catalog module's public surface: the only file other modules and the app import from it. The catalog is made of
// sub-modules by concern, each with its own `index.ts` (the only file the others import from it): `categories/`,
// `products/` (with their pictures), `variants/` (options and variants), `product-list/` (the storefront's list and
// the search's statements), `product-records/` (what the product CSV reads), `stock/` (the stock columns as the
// inventory moves them), `price-history/` and `selling-abroad/` (closed destinations, adults-only products, customs
// details).

export { catalogAdminRoutes, catalogRoutes } from './catalog.routes.ts';
export { createCategory, listCategories } from './categories/index.ts';
export { getPriceHistory, type PriceHistoryEntry, recordPastPrices } from './price-history/index.ts';
export { searchedProducts } from './product-list/index.ts';
export {
  findCategoryIds,
  findProductRecords,
  listProductRecords,
  type ProductRecord,
} from './product-records/index.ts';
export {
  changeProductRating,
  createProductByStaff,
  createProducts,
  findActiveProduct,
  findStoredPictureKeys,
  getProduct,
  getProductForStaff,
  type NewCatalogProduct,
  type ProductPageReviews,
  productColumns,
  setProductOptionsByStaff,
  setProductPictures,
  updateProductByStaff,
  updateVariantsByStaff,
} from './products/index.ts';
export { type CustomsDetails, customsDetails, type SaleRule, saleRules } from './selling-abroad/index.ts';
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
  type ProductFormStock,
  readStockItems,
  readStockLevel,
  type SaleProduct,
  type SaleVariant,
  type StockChangeCompanion,
  type StockItem,
  variantColumns,
  writeStockLevels,
} from './stock/index.ts';
export {
  createProductVariants,
  filledPersonalisationCents,
  findProductRedirect,
  findVariantSkuOwners,
  lineCustomization,
  MAX_OPTION_TYPES,
  type NewPersonalisationField,
  type NewProductOptions,
  type NewProductVariant,
  type OptionType,
  type PersonalisationRule,
  type ProductVariantRow,
  personalisationCents,
  type VariantStock,
  variantLabels,
  variantOptions,
  withVariantOptions,
} from './variants/index.ts';
