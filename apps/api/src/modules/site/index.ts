// The site module's public surface: the only file other modules and the app import from it.
export { siteAdminRoutes, siteRoutes } from './site.routes.ts';
export {
  createCoreValues,
  getContactSettings,
  getSellerDetails,
  getShopTimeZone,
  type SellerDetails,
  saveSiteSettings,
} from './site.service.ts';
