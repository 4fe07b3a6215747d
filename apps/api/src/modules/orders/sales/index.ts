// Sales, a sub-module of orders: the sales report and the dashboard's figures, read from the orders' own tables.
// The rest of orders imports it only from here.
export { salesReport, shopDashboard } from './sales.service.ts';
