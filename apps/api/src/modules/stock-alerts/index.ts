// The stock-alerts module's public surface: the only file other modules and the app import from it.
export { stockAlertsAdminRoutes, stockAlertsRoutes } from './stock-alerts.routes.ts';
export { sendBackInStockMails, subscribeStockAlerts } from './stock-alerts.service.ts';
