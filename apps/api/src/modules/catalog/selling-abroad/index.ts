// Selling abroad (issue 48, decision 029): the destinations the shop closes to some products (their administration,
// and the product page's list of them), which products only adults may buy, and what customs papers say of them.

export { restrictionNotesColumn } from './selling-abroad.repository.ts';
export { type CustomsDetails, customsDetails, type SaleRule, saleRules } from './selling-abroad.service.ts';
export { shippingRestrictionAdminRoutes } from './shipping-restrictions.routes.ts';
