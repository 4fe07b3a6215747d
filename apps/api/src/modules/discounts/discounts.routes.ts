import { AdminItemParams } from '@platform/contracts/admin-content';
import {
  AdminDiscount,
  AdminDiscountCreateBody,
  AdminDiscountListQuery,
  AdminDiscountPage,
  AdminDiscountUpdateBody,
} from '@platform/contracts/admin-discounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import {
  createDiscountByStaff,
  deleteDiscountByStaff,
  getDiscountForStaff,
  listDiscountsForStaff,
  updateDiscountByStaff,
} from './discounts.admin.ts';

/** `/admin/discounts/`: the shop's discount codes and automatic promotions, with their use so far (staff). */
export const discountsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly('manage_products'));
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/discounts/',
    {
      schema: {
        ...schema,
        querystring: AdminDiscountListQuery,
        response: { 200: AdminDiscountPage, ...errorResponses },
      },
    },
    async (request) => listDiscountsForStaff(request.ctx, request.query),
  );

  app.post(
    '/discounts/',
    { schema: { ...schema, body: AdminDiscountCreateBody, response: { 201: AdminDiscount, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createDiscountByStaff(request.ctx, request.body)),
  );

  app.get(
    '/discounts/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 200: AdminDiscount, ...errorResponses } } },
    async (request) => getDiscountForStaff(request.ctx, request.params.id),
  );

  app.patch(
    '/discounts/:id/',
    {
      schema: {
        ...schema,
        params: AdminItemParams,
        body: AdminDiscountUpdateBody,
        response: { 200: AdminDiscount, ...errorResponses },
      },
    },
    async (request) => updateDiscountByStaff(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/discounts/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteDiscountByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
