// The site module's public surface: the only file other modules and the app import from it.
export { createHomePage } from './home-page.service.ts';
export { siteAdminRoutes, siteRoutes } from './site.routes.ts';
export {
  createCoreValues,
  getContactSettings,
  getSellerDetails,
  getSellingAbroadSettings,
  getShopTimeZone,
  type SellerDetails,
  type SellingAbroadSettings,
  saveSiteSettings,
} from './site.service.ts';
