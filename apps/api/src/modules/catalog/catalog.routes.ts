import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOnly } from '../../plugins/access.ts';
import { IMAGE_UPLOAD_LIMITS } from '../media/index.ts';
import { categoryAdminRoutes, categoryRoutes } from './categories/index.ts';
import { productListRoutes } from './product-list/index.ts';
import { type ProductPageReviews, productAdminRoutes, productRoutes } from './products/index.ts';
import { shippingRestrictionAdminRoutes } from './selling-abroad/index.ts';
import type { ProductFormStock } from './stock/index.ts';

/**
 * `/products/`: categories and products (list, search, detail). The product page's reviews are the reviews module's
 * (`reviews`: the app hands them in, as that module builds on this one).
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ reviews: ProductPageReviews }> = async (app, { reviews }) => {
  await app.register(categoryRoutes);
  await app.register(productListRoutes);
  await app.register(productRoutes, { reviews });
};

/**
 * `/admin/products/`, `/admin/categories/`, `/admin/shipping-restrictions/`: the catalog for staff. The stock the product form sets goes through the
 * inventory module's ledger (`stock`: the app hands it in, as that module builds on this one); its own routes are
 * the inventory's.
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod<{ stock: ProductFormStock }> = async (app, { stock }) => {
  app.addHook('onRequest', staffOnly('manage_products'));
  // Multipart bodies are read here only (the pictures' upload); every other route of the API takes JSON.
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });
  await app.register(productAdminRoutes, { stock });
  await app.register(categoryAdminRoutes);
  await app.register(shippingRestrictionAdminRoutes);
};
