// The platform's modules as the app is made of them: each one's event handlers, recurring jobs and routes (for
// shoppers, and for the shop's administration), in one table. `buildApp` composes them; a new module is a new entry.
// What one module hands another it may not import (a module below never imports one above it, decision 013) is
// wired here: the product page's reviews, the search's products, the product form's stock, a first order's count.
import type { FastifyInstance } from 'fastify';
import type { JobDeps, ModuleJobs } from './lib/jobs.ts';
import {
  accountsAdminRoutes,
  accountsRoutes,
  staffAdminRoutes,
  subscribeAccountEvents,
} from './modules/accounts/index.ts';
import { auditAdminRoutes } from './modules/audit/index.ts';
import { blogAdminRoutes, blogRoutes } from './modules/blog/index.ts';
import { cartAdminRoutes, cartJobs, cartRoutes } from './modules/cart/index.ts';
import { catalogAdminRoutes, catalogRoutes, searchedProducts } from './modules/catalog/index.ts';
import { contactAdminRoutes, contactRoutes } from './modules/contact/index.ts';
import { currenciesAdminRoutes, currencyJobs } from './modules/currencies/index.ts';
import { discountsAdminRoutes } from './modules/discounts/index.ts';
import { inventoryAdminRoutes, productFormStock } from './modules/inventory/index.ts';
import { mailAdminRoutes, mailJobs } from './modules/mail/index.ts';
import { mediaAdminRoutes, mediaJobs } from './modules/media/index.ts';
import { staffNoticeJobs, subscribeStaffNotices } from './modules/notifications/index.ts';
import {
  countPlacedOrders,
  orderJobs,
  orderNumbers,
  ordersAdminRoutes,
  ordersRoutes,
  subscribeOrderEvents,
} from './modules/orders/index.ts';
import { pagesAdminRoutes, pagesRoutes } from './modules/pages/index.ts';
import { paymentJobs, paymentsAdminRoutes, paymentsRoutes } from './modules/payments/index.ts';
import { productCsvAdminRoutes } from './modules/product-csv/index.ts';
import { returnsAdminRoutes, returnsRoutes, subscribeReturnEvents } from './modules/returns/index.ts';
import { productPageReviews, reviewsAdminRoutes, reviewsRoutes } from './modules/reviews/index.ts';
import { searchAdminRoutes, searchRoutes } from './modules/search/index.ts';
import { shippingAdminRoutes } from './modules/shipping/index.ts';
import { siteAdminRoutes, siteRoutes } from './modules/site/index.ts';
import { stockAlertsAdminRoutes, stockAlertsRoutes, subscribeStockAlerts } from './modules/stock-alerts/index.ts';
import { taxAdminRoutes, taxRoutes } from './modules/tax/index.ts';

type Routes = (scope: FastifyInstance) => PromiseLike<unknown>;

/** A module as the app composes it: each part optional. */
export interface PlatformModule {
  name: string;
  /** Subscribes its handlers to domain events, once per app. */
  subscribe?: (deps: JobDeps) => void;
  /** Its recurring jobs, started once the app is ready. */
  jobs?: ModuleJobs;
  /** Its routes for a shop's visitors, under `/api/` with the shop known and the caller authenticated if signed in. */
  shop?: Routes;
  /** Its routes of the shop's administration, under `/api/admin/`, for staff only. */
  admin?: Routes;
}

/**
 * The modules, in the order their handlers run for one event: the orders' own first (a refund moves its order, then
 * ends the returns it covers), then what tells people of it.
 */
export const PLATFORM_MODULES: readonly PlatformModule[] = [
  { name: 'site', shop: (shop) => shop.register(siteRoutes), admin: (admin) => admin.register(siteAdminRoutes) },
  {
    name: 'accounts',
    subscribe: (deps) => subscribeAccountEvents(deps, deps.database),
    shop: (shop) => shop.register(accountsRoutes),
    admin: async (admin) => {
      await admin.register(accountsAdminRoutes);
      await admin.register(staffAdminRoutes);
    },
  },
  {
    name: 'catalog',
    // Reviews build on the catalog, and the catalog on the search: what the one below shows of the one above (the
    // product page's reviews; the products of the search's own answers) is handed down here (decision 013).
    shop: (shop) => shop.register(catalogRoutes, { reviews: productPageReviews }),
    // The stock the product form sets goes through the inventory's ledger, a module above the catalog.
    admin: (admin) => admin.register(catalogAdminRoutes, { stock: productFormStock }),
  },
  // The ledger names its orders by number: the orders module's, a module above the inventory.
  { name: 'inventory', admin: (admin) => admin.register(inventoryAdminRoutes, { orderNumbers }) },
  {
    name: 'search',
    shop: (shop) => shop.register(searchRoutes, { products: searchedProducts }),
    admin: (admin) => admin.register(searchAdminRoutes),
  },
  { name: 'product-csv', admin: (admin) => admin.register(productCsvAdminRoutes) },
  {
    name: 'reviews',
    shop: (shop) => shop.register(reviewsRoutes),
    admin: (admin) => admin.register(reviewsAdminRoutes),
  },
  { name: 'blog', shop: (shop) => shop.register(blogRoutes), admin: (admin) => admin.register(blogAdminRoutes) },
  {
    name: 'contact',
    shop: (shop) => shop.register(contactRoutes),
    admin: (admin) => admin.register(contactAdminRoutes),
  },
  { name: 'pages', shop: (shop) => shop.register(pagesRoutes), admin: (admin) => admin.register(pagesAdminRoutes) },
  { name: 'media', jobs: mediaJobs, admin: (admin) => admin.register(mediaAdminRoutes) },
  {
    name: 'payments',
    jobs: paymentJobs,
    shop: (shop) => shop.register(paymentsRoutes),
    admin: (admin) => admin.register(paymentsAdminRoutes),
  },
  { name: 'mail', jobs: mailJobs, admin: (admin) => admin.register(mailAdminRoutes) },
  { name: 'shipping', admin: (admin) => admin.register(shippingAdminRoutes) },
  { name: 'discounts', admin: (admin) => admin.register(discountsAdminRoutes) },
  { name: 'tax', shop: (shop) => shop.register(taxRoutes), admin: (admin) => admin.register(taxAdminRoutes) },
  { name: 'currencies', jobs: currencyJobs, admin: (admin) => admin.register(currenciesAdminRoutes) },
  {
    name: 'cart',
    jobs: cartJobs,
    // A first order's discount code needs the customer's orders, which the orders module above the cart counts.
    shop: (shop) => shop.register(cartRoutes, { placedOrders: countPlacedOrders }),
    admin: (admin) => admin.register(cartAdminRoutes),
  },
  {
    name: 'orders',
    subscribe: subscribeOrderEvents,
    jobs: orderJobs,
    shop: (shop) => shop.register(ordersRoutes),
    admin: (admin) => admin.register(ordersAdminRoutes),
  },
  // Returns and the withdrawal function read orders through the orders module's public functions; their handler of a
  // completed refund runs after the orders' own.
  {
    name: 'returns',
    subscribe: subscribeReturnEvents,
    shop: (shop) => shop.register(returnsRoutes),
    admin: (admin) => admin.register(returnsAdminRoutes),
  },
  // The shop's staff hear of new orders and failed refunds (and, by its job, of low stock) at the shop's own address.
  { name: 'notifications', subscribe: subscribeStaffNotices, jobs: staffNoticeJobs },
  // Shoppers who asked hear once when what they wanted is back in stock.
  {
    name: 'stock-alerts',
    subscribe: subscribeStockAlerts,
    shop: (shop) => shop.register(stockAlertsRoutes),
    admin: (admin) => admin.register(stockAlertsAdminRoutes),
  },
  { name: 'audit', admin: (admin) => admin.register(auditAdminRoutes) },
];
