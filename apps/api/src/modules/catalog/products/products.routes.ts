import { ErrorDetail, ItemParams, Product, ProductMoved, QueryRowId } from '@platform/contracts';
import {
  AdminProduct,
  AdminProductImageBody,
  AdminProductListQuery,
  AdminProductOptionsBody,
  AdminProductPage,
  AdminProductVariantsBody,
} from '@platform/contracts/admin-catalog';
import {
  AdminProductBulkAnswer,
  AdminProductBulkBody,
  AdminProductCreateBody,
  AdminProductUpdateBody,
} from '@platform/contracts/admin-products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/schemas.ts';
import { readImageUpload } from '../../media/index.ts';
import type { ProductFormStock } from '../stock/index.ts';
import { ProductMovedError } from '../variants/index.ts';
import { setProductOptionsByStaff, updateVariantsByStaff } from './product-options.admin.ts';
import { addProductImage, deleteProductImageByStaff, updateProductImageByStaff } from './product-pictures.admin.ts';
import { getProductForStaff, listProductsForStaff } from './product-reads.admin.ts';
import { createProductByStaff, updateProductByStaff } from './products.admin.ts';
import { getProduct, type ProductPageReviews } from './products.service.ts';
import { bulkEditProducts } from './products-bulk.admin.ts';

const SlugParams = z.object({ slug: z.string().min(1).max(200) });
const IdParams = ItemParams;
const ImageParams = z.object({ id: QueryRowId, imageId: QueryRowId });

/**
 * `/products/products/{slug}/`: the product page. Its reviews are the reviews module's (`reviews`: the app hands them
 * in, as that module builds on the catalog).
 */
export const productRoutes: FastifyPluginAsyncZod<{ reviews: ProductPageReviews }> = async (app, { reviews }) => {
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

/**
 * `/admin/products/`: the products for staff, with their options, variants and pictures (in the catalog's staff scope:
 * its gate and the pictures' multipart bodies). The stock the product form sets goes through the inventory module's
 * ledger (`stock`: the app hands it in, as that module builds on the catalog).
 */
export const productAdminRoutes: FastifyPluginAsyncZod<{ stock: ProductFormStock }> = async (app, { stock }) => {
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

  app.put(
    '/products/:id/options/',
    {
      schema: {
        ...schema,
        params: IdParams,
        body: AdminProductOptionsBody,
        response: { 200: AdminProduct, ...errorResponses, 409: ErrorDetail },
      },
    },
    async (request) => setProductOptionsByStaff(request.ctx, request.params.id, request.body, stock),
  );

  app.patch(
    '/products/:id/variants/',
    {
      schema: {
        ...schema,
        params: IdParams,
        body: AdminProductVariantsBody,
        response: { 200: AdminProduct, ...errorResponses, 409: ErrorDetail },
      },
    },
    async (request) => updateVariantsByStaff(request.ctx, request.params.id, request.body, stock),
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
};
