// The currencies module's public surface: the only file other modules and the app import from it.
export { currencyJobs } from './currencies.jobs.ts';
export { currenciesAdminRoutes } from './currencies.routes.ts';
export {
  findShopCurrency,
  listShopCurrencies,
  type ShopCurrency,
  saveDisplayCurrencies,
  toDisplayCurrency,
} from './currencies.service.ts';
