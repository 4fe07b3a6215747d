import { CreateReviewBody, ItemParams, Review } from '@platform/contracts';
import { AdminReview, AdminReviewBody, AdminReviewListQuery, AdminReviewPage } from '@platform/contracts/admin-catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { signedIn, staffOnly } from '../../plugins/access.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { deleteReviewByStaff, listReviewsForStaff, moderateReview } from './reviews.admin.ts';
import { createReview } from './reviews.service.ts';

/** Review writing: per client address and per account (a review per product is the rule; this stops floods). */
export const REVIEW_RATE_LIMITS = {
  perAddress: { max: 30, timeWindow: '10 minutes' },
  perAccount: { max: 10, timeWindow: '10 minutes' },
} as const;

/** `/products/reviews/`: a customer's review of a product (the product page shows them). */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
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

/** `/admin/reviews/`: the moderation of reviews for staff. */
export const reviewsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly('manage_products'));
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

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
      schema: {
        ...schema,
        params: ItemParams,
        body: AdminReviewBody,
        response: { 200: AdminReview, ...errorResponses },
      },
    },
    async (request) => moderateReview(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/reviews/:id/',
    { schema: { ...schema, params: ItemParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteReviewByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
