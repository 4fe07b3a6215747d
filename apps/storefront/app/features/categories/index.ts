// The categories feature's public surface: the shop's categories (the SHOP menu, the product list's filter, the tax
// rates of a category), below the catalog and tax, which both need them.
export { categoriesQueryOptions, fetchCategories } from './categories.ts';
