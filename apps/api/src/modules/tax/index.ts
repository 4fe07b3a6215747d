// The tax module's public surface: the only file other modules and the app import from it.
export { createTaxRate } from './tax.admin.ts';
export { taxAdminRoutes, taxRoutes } from './tax.routes.ts';
export { type TaxView, taxView, toOrderTax } from './tax.service.ts';
