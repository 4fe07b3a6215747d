import multipart from '@fastify/multipart';
import {
  AdminCategory,
  AdminCategoryCreateBody,
  AdminCategoryListQuery,
  AdminCategoryPage,
  AdminCategoryUpdateBody,
  AdminProduct,
  AdminProductCreateBody,
  AdminProductImageBody,
  AdminProductListQuery,
  AdminProductPage,
  AdminProductUpdateBody,
  AdminReview,
  AdminReviewBody,
  AdminReviewListQuery,
  AdminReviewPage,
  AdminStockAdjustmentBody,
  AdminStockLedger,
  AdminSynonymBody,
  AdminSynonymGroup,
  AdminSynonymPage,
  Category,
  CreateReviewBody,
  ErrorDetail,
  ItemParams,
  Product,
  ProductListQuery,
  ProductPage,
  ProductSummary,
  QueryRowId,
  Review,
  SearchCompletions,
  SearchCompletionsQuery,
  SearchSuggestion,
  SearchSuggestionQuery,
} from '@platform/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { pageAnswer } from '../../lib/urls.ts';
import { signedIn, staffOnly } from '../../plugins/access.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from '../media/index.ts';
import {
  addProductImage,
  adjustStockByStaff,
  createCategoryByStaff,
  createProductByStaff,
  createSynonymsByStaff,
  deleteCategoryByStaff,
  deleteProductImageByStaff,
  deleteReviewByStaff,
  deleteSynonymsByStaff,
  getProductForStaff,
  getSynonymsForStaff,
  listCategoriesForStaff,
  listProductsForStaff,
  listReviewsForStaff,
  listSynonymsForStaff,
  moderateReview,
  stockLedgerForStaff,
  updateCategoryByStaff,
  updateProductByStaff,
  updateProductImageByStaff,
  updateSynonymsByStaff,
} from './catalog.admin.ts';
import {
  completeSearch,
  createReview,
  getCategory,
  getProduct,
  listCategories,
  listProducts,
  suggestSearch,
} from './catalog.service.ts';

const SlugParams = z.object({ slug: z.string().min(1).max(200) });

/** `/products/`: categories, products (list, search, detail) and reviews. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return result.facets ? { ...pageAnswer(request, result), facets: result.facets } : pageAnswer(request, result);
    },
  );

  app.get(
    '/products/search-suggestion/',
    {
      config: { publicCache: true, searchText: ['search'] },
      schema: {
        tags: ['catalog'],
        querystring: SearchSuggestionQuery,
        response: { 200: SearchSuggestion, ...errorResponses },
      },
    },
    async (request) => ({ suggestion: await suggestSearch(request.ctx, request.query.search) }),
  );

  app.get(
    '/products/search-completions/',
    {
      config: { publicCache: true, searchText: ['search'] },
      schema: {
        tags: ['catalog'],
        querystring: SearchCompletionsQuery,
        response: { 200: SearchCompletions, ...errorResponses },
      },
    },
    async (request) => completeSearch(request.ctx, request.query.search),
  );

  app.get(
    '/products/products/:slug/',
    {
      config: { publicCache: true },
      schema: { tags: ['catalog'], params: SlugParams, response: { 200: Product, ...errorResponses } },
    },
    async (request) => getProduct(request.ctx, request.params.slug),
  );

  app.post(
    '/products/reviews/',
    {
      // Guests are refused before their body is looked at.
      onRequest: signedIn(),
      config: routeRateLimit(REVIEW_RATE_LIMITS.perAddress, REVIEW_RATE_LIMITS.perAccount),
      schema: { tags: ['catalog'], body: CreateReviewBody, response: { 201: Review, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await createReview(request.ctx, request.body)),
  );
};

const IdParams = ItemParams;

/** Review writing: per client address and per account (a review per product is the rule; this stops floods). */
export const REVIEW_RATE_LIMITS = {
  perAddress: { max: 30, timeWindow: '10 minutes' },
  perAccount: { max: 10, timeWindow: '10 minutes' },
} as const;
const ImageParams = z.object({ id: QueryRowId, imageId: QueryRowId });

/** `/admin/products/`, `/admin/categories/`, `/admin/reviews/`: the catalog for staff. */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request, reply) => reply.code(201).send(await createProductByStaff(request.ctx, request.body)),
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
    async (request) => updateProductByStaff(request.ctx, request.params.id, request.body),
  );

  app.get(
    '/products/:id/stock/',
    { schema: { ...schema, params: IdParams, response: { 200: AdminStockLedger, ...errorResponses } } },
    async (request) => stockLedgerForStaff(request.ctx, request.params.id),
  );

  app.post(
    '/products/:id/stock/',
    {
      schema: {
        ...schema,
        params: IdParams,
        body: AdminStockAdjustmentBody,
        response: { 200: AdminStockLedger, ...errorResponses },
      },
    },
    async (request) => adjustStockByStaff(request.ctx, request.params.id, request.body),
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

  app.get(
    '/reviews/',
    {
      schema: { ...schema, querystring: AdminReviewListQuery, response: { 200: AdminReviewPage, ...errorResponses } },
    },
    async (request) => listReviewsForStaff(request.ctx, request.query),
  );

  app.patch(
    '/reviews/:id/',
    {
      schema: { ...schema, params: IdParams, body: AdminReviewBody, response: { 200: AdminReview, ...errorResponses } },
    },
    async (request) => moderateReview(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/reviews/:id/',
    { schema: { ...schema, params: IdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteReviewByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/synonyms/',
    { schema: { ...schema, response: { 200: AdminSynonymPage, ...errorResponses } } },
    async (request) => listSynonymsForStaff(request.ctx),
  );

  app.post(
    '/synonyms/',
    { schema: { ...schema, body: AdminSynonymBody, response: { 201: AdminSynonymGroup, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createSynonymsByStaff(request.ctx, request.body)),
  );

  app.get(
    '/synonyms/:id/',
    { schema: { ...schema, params: IdParams, response: { 200: AdminSynonymGroup, ...errorResponses } } },
    async (request) => getSynonymsForStaff(request.ctx, request.params.id),
  );

  app.patch(
    '/synonyms/:id/',
    {
      schema: {
        ...schema,
        params: IdParams,
        body: AdminSynonymBody,
        response: { 200: AdminSynonymGroup, ...errorResponses },
      },
    },
    async (request) => updateSynonymsByStaff(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/synonyms/:id/',
    { schema: { ...schema, params: IdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteSynonymsByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
