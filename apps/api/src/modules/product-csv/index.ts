// The product CSV module's public surface: the shop's products exported as a CSV file and imported back, through the
// catalog's product writes and the inventory's stock ledger (it owns no table).
export { productCsvAdminRoutes } from './product-csv.routes.ts';
