// The storefront's product list: filters, facets and the search's statements (the search module plans what a
// shopper typed; this runs it over the products), and a product as the cards show it.

export type { ProductSummaryRow } from './product-list.repository.ts';
export { productListRoutes } from './product-list.routes.ts';
export { listProducts, searchedProducts } from './product-list.service.ts';
export { announcedReduction, toSummary } from './product-summary.ts';
export { summaryColumns } from './summary-columns.repository.ts';
