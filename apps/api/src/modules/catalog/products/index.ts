// The catalog's products with their attributes and pictures: the product page, what other modules show of a product,
// the seed's writes and staff's (the form, bulk edits, pictures, and the options and variants the form answers with).

export { setProductOptionsByStaff, updateVariantsByStaff } from './product-options.admin.ts';
export { findStoredPictureKeys, setProductPictures } from './product-pictures.admin.ts';
export { getProductForStaff } from './product-reads.admin.ts';
export { createProductByStaff, updateProductByStaff } from './products.admin.ts';
export {
  type AdminProductFilter,
  type AdminProductOrdering,
  adminProductColumn,
  adminProductWhere,
  productColumns,
} from './products.repository.ts';
export { productAdminRoutes, productRoutes } from './products.routes.ts';
export {
  changeProductRating,
  createProducts,
  findActiveProduct,
  getProduct,
  type NewCatalogProduct,
  type ProductPageReviews,
} from './products.service.ts';
