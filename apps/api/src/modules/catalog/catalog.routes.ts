import multipart from '@fastify/multipart';
import {
  Category,
  ErrorDetail,
  ItemParams,
  Product,
  ProductListQuery,
  ProductMoved,
  ProductPage,
  ProductSummary,
  QueryRowId,
} from '@platform/contracts';
import {
  AdminCategory,
  AdminCategoryCreateBody,
  AdminCategoryListQuery,
  AdminCategoryPage,
  AdminCategoryUpdateBody,
  AdminProduct,
  AdminProductImageBody,
  AdminProductListQuery,
  AdminProductPage,
} from '@platform/contracts/admin-catalog';
import {
  AdminProductBulkAnswer,
  AdminProductBulkBody,
  AdminProductCreateBody,
  AdminProductUpdateBody,
} from '@platform/contracts/admin-products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { pageAnswer } from '../../lib/urls.ts';
import { staffOnly } from '../../plugins/access.ts';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from '../media/index.ts';
import {
  addProductImage,
  createCategoryByStaff,
  deleteCategoryByStaff,
  deleteProductImageByStaff,
  getCategoryForStaff,
  getProductForStaff,
  listCategoriesForStaff,
  listProductsForStaff,
  updateCategoryByStaff,
  updateProductImageByStaff,
} from './catalog.admin.ts';
import { getCategory, getProduct, listCategories, listProducts, type ProductPageReviews } from './catalog.service.ts';
import { createProductByStaff, type ProductFormStock, updateProductByStaff } from './products.admin.ts';
import { bulkEditProducts } from './products-bulk.admin.ts';
import { ProductMovedError } from './variants.service.ts';

const SlugParams = z.object({ slug: z.string().min(1).max(200) });

/**
 * `/products/`: categories and products (list, search, detail). The product page's reviews are the reviews module's
 * (`reviews`: the app hands them in, as that module builds on this one).
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ reviews: ProductPageReviews }> = async (app, { reviews }) => {
  app.get(
    '/products/categories/',
    {
      config: { publicCache: true },
      schema: { tags: ['catalog'], response: { 200: z.array(Category), ...errorResponses } },
    },
    async (request) => listCategories(request.ctx),
  );

  app.get(
    '/products/categories/:slug/',
    {
      config: { publicCache: true },
      schema: { tags: ['catalog'], params: SlugParams, response: { 200: Category, ...errorResponses } },
    },
    async (request) => getCategory(request.ctx, request.params.slug),
  );

  app.get(
    '/products/products/',
    {
      config: { publicCache: true, searchText: ['search'] },
      schema: {
        tags: ['catalog'],
        querystring: ProductListQuery,
        response: { 200: z.union([ProductPage, z.array(ProductSummary)]), ...errorResponses },
      },
    },
    async (request) => {
      const result = await listProducts(request.ctx, request.query);
      if (!result.paginated) return result.results;
      return {
        ...pageAnswer(request, result),
        ...(result.facets ? { facets: result.facets } : {}),
        ...(result.intent ? { search_intent: result.intent } : {}),
      };
    },
  );

  app.get(
    '/products/products/:slug/',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        params: SlugParams,
        response: { 200: Product, 301: ProductMoved, ...errorResponses },
      },
    },
    async (request, reply) => {
      try {
        return await getProduct(request.ctx, request.params.slug, reviews);
      } catch (error) {
        // An old address: a permanent redirect to the product it was merged into, and the variant it was.
        if (!(error instanceof ProductMovedError)) throw error;
        const query = error.variantId === null ? '' : `?variant=${error.variantId}`;
        return reply
          .code(301)
          .header('location', `/api/products/products/${encodeURIComponent(error.slug)}/${query}`)
          .send({ detail: error.message, code: 'product_moved' as const, slug: error.slug, variant: error.variantId });
      }
    },
  );
};

const IdParams = ItemParams;

const ImageParams = z.object({ id: QueryRowId, imageId: QueryRowId });

/**
 * `/admin/products/`, `/admin/categories/`: the catalog for staff. The stock the product form sets goes through the
 * inventory module's ledger (`stock`: the app hands it in, as that module builds on this one); its own routes are
 * the inventory's.
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod<{ stock: ProductFormStock }> = async (app, { stock }) => {
  app.addHook('onRequest', staffOnly());
  // Multipart bodies are read here only (the pictures' upload); every other route of the API takes JSON.
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/products/',
    {
      schema: { ...schema, querystring: AdminProductListQuery, response: { 200: AdminProductPage, ...errorResponses } },
    },
    async (request) => listProductsForStaff(request.ctx, request.query),
  );

  app.post(
    '/products/',
    { schema: { ...schema, body: AdminProductCreateBody, response: { 201: AdminProduct, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createProductByStaff(request.ctx, request.body, stock)),
  );

  app.post(
    '/products/bulk/',
    {
      schema: {
        ...schema,
        body: AdminProductBulkBody,
        response: { 200: AdminProductBulkAnswer, ...errorResponses },
      },
    },
    async (request) => bulkEditProducts(request.ctx, request.body),
  );

  app.get(
    '/products/:id/',
    { schema: { ...schema, params: IdParams, response: { 200: AdminProduct, ...errorResponses } } },
    async (request) => getProductForStaff(request.ctx, request.params.id),
  );

  app.patch(
    '/products/:id/',
    {
      schema: {
        ...schema,
        params: IdParams,
        body: AdminProductUpdateBody,
        response: { 200: AdminProduct, ...errorResponses },
      },
    },
    async (request) => updateProductByStaff(request.ctx, request.params.id, request.body, stock),
  );

  app.post(
    '/products/:id/images/',
    {
      schema: {
        ...schema,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: AdminProduct, ...errorResponses, 415: ErrorDetail },
      },
    },
    async (request, reply) => {
      const upload = await readImageUpload(request);
      const altText = upload.fields.alt_text ?? '';
      return reply
        .code(201)
        .send(await addProductImage(request.ctx, request.params.id, { bytes: upload.bytes, altText }));
    },
  );

  app.patch(
    '/products/:id/images/:imageId/',
    {
      schema: {
        ...schema,
        params: ImageParams,
        body: AdminProductImageBody,
        response: { 200: AdminProduct, ...errorResponses },
      },
    },
    async (request) => updateProductImageByStaff(request.ctx, request.params.id, request.params.imageId, request.body),
  );

  app.delete(
    '/products/:id/images/:imageId/',
    { schema: { ...schema, params: ImageParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteProductImageByStaff(request.ctx, request.params.id, request.params.imageId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/categories/',
    {
      schema: {
        ...schema,
        querystring: AdminCategoryListQuery,
        response: { 200: AdminCategoryPage, ...errorResponses },
      },
    },
    async (request) => listCategoriesForStaff(request.ctx, request.query),
  );

  app.post(
    '/categories/',
    { schema: { ...schema, body: AdminCategoryCreateBody, response: { 201: AdminCategory, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createCategoryByStaff(request.ctx, request.body)),
  );

  app.get(
    '/categories/:id/',
    { schema: { ...schema, params: IdParams, response: { 200: AdminCategory, ...errorResponses } } },
    async (request) => getCategoryForStaff(request.ctx, request.params.id),
  );

  app.patch(
    '/categories/:id/',
    {
      schema: {
        ...schema,
        params: IdParams,
        body: AdminCategoryUpdateBody,
        response: { 200: AdminCategory, ...errorResponses },
      },
    },
    async (request) => updateCategoryByStaff(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/categories/:id/',
    { schema: { ...schema, params: IdParams, response: { 204: z.null(), ...errorResponses, 409: ErrorDetail } } },
    async (request, reply) => {
      await deleteCategoryByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
