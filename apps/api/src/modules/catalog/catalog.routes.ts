import {
  Category,
  CreateReviewBody,
  Product,
  ProductListQuery,
  ProductPage,
  ProductSummary,
  Review,
} from '@platform/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { pageAnswer } from '../../lib/urls.ts';
import { signedIn } from '../../plugins/request-context.ts';
import { createReview, getCategory, getProduct, listCategories, listProducts } from './catalog.service.ts';

const SlugParams = z.object({ slug: z.string().min(1).max(200) });

/** `/products/`: categories, products (list, search, detail) and reviews. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/categories/',
    { schema: { tags: ['catalog'], response: { 200: z.array(Category), ...errorResponses } } },
    async (request) => listCategories(request.ctx),
  );

  app.get(
    '/products/categories/:slug/',
    { schema: { tags: ['catalog'], params: SlugParams, response: { 200: Category, ...errorResponses } } },
    async (request) => getCategory(request.ctx, request.params.slug),
  );

  app.get(
    '/products/products/',
    {
      schema: {
        tags: ['catalog'],
        querystring: ProductListQuery,
        response: { 200: z.union([ProductPage, z.array(ProductSummary)]), ...errorResponses },
      },
    },
    async (request) => {
      const result = await listProducts(request.ctx, request.query);
      return result.paginated ? pageAnswer(request, result) : result.results;
    },
  );

  app.get(
    '/products/products/:slug/',
    { schema: { tags: ['catalog'], params: SlugParams, response: { 200: Product, ...errorResponses } } },
    async (request) => getProduct(request.ctx, request.params.slug),
  );

  app.post(
    '/products/reviews/',
    {
      // Guests are refused before their body is looked at.
      onRequest: signedIn(),
      schema: { tags: ['catalog'], body: CreateReviewBody, response: { 201: Review, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await createReview(request.ctx, request.body)),
  );
};
