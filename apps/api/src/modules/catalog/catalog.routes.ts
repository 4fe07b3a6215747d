import {
  Category,
  CreateReviewBody,
  Product,
  ProductListQuery,
  ProductPage,
  ProductSummary,
  Review,
} from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { pageAnswer } from '../../lib/urls.ts';
import { requireUser } from '../../plugins/request-context.ts';
import { createReview, getCategory, getProduct, listCategories, listProducts } from './catalog.service.ts';

const SlugParams = z.object({ slug: z.string().min(1).max(200) });

/** `/products/`: categories, products (list, search, detail) and reviews. */
export async function catalogRoutes(app: FastifyInstance) {
  const media = app.deps.media;

  app.get(
    '/products/categories/',
    { schema: { tags: ['catalog'], response: { 200: z.array(Category), ...errorResponses } } },
    async (request) => listCategories(request.ctx),
  );

  app.get(
    '/products/categories/:slug/',
    { schema: { tags: ['catalog'], params: SlugParams, response: { 200: Category, ...errorResponses } } },
    async (request) => getCategory(request.ctx, (request.params as z.infer<typeof SlugParams>).slug),
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
      const result = await listProducts(request.ctx, media, request.query as ProductListQuery);
      return result.paginated ? pageAnswer(request, result) : result.results;
    },
  );

  app.get(
    '/products/products/:slug/',
    { schema: { tags: ['catalog'], params: SlugParams, response: { 200: Product, ...errorResponses } } },
    async (request) => getProduct(request.ctx, media, (request.params as z.infer<typeof SlugParams>).slug),
  );

  app.post(
    '/products/reviews/',
    {
      // Guests are refused before their body is looked at.
      onRequest: async (request) => {
        requireUser(request.ctx);
      },
      schema: { tags: ['catalog'], body: CreateReviewBody, response: { 201: Review, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await createReview(request.ctx, request.body as CreateReviewBody)),
  );
}
