import { ItemParams } from '@platform/contracts';
import {
  AdminShippingRestriction,
  AdminShippingRestrictionCreateBody,
  AdminShippingRestrictionListQuery,
  AdminShippingRestrictionPage,
  AdminShippingRestrictionUpdateBody,
} from '@platform/contracts/admin-catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/schemas.ts';
import {
  createRestrictionByStaff,
  deleteRestrictionByStaff,
  getRestrictionForStaff,
  listRestrictionsForStaff,
  updateRestrictionByStaff,
} from './shipping-restrictions.admin.ts';

/** `/admin/shipping-restrictions/`: the destinations the shop closes to some products, with its message (staff). */
export const shippingRestrictionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/shipping-restrictions/',
    {
      schema: {
        ...schema,
        querystring: AdminShippingRestrictionListQuery,
        response: { 200: AdminShippingRestrictionPage, ...errorResponses },
      },
    },
    async (request) => listRestrictionsForStaff(request.ctx, request.query),
  );

  app.post(
    '/shipping-restrictions/',
    {
      schema: {
        ...schema,
        body: AdminShippingRestrictionCreateBody,
        response: { 201: AdminShippingRestriction, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await createRestrictionByStaff(request.ctx, request.body)),
  );

  app.get(
    '/shipping-restrictions/:id/',
    { schema: { ...schema, params: ItemParams, response: { 200: AdminShippingRestriction, ...errorResponses } } },
    async (request) => getRestrictionForStaff(request.ctx, request.params.id),
  );

  app.patch(
    '/shipping-restrictions/:id/',
    {
      schema: {
        ...schema,
        params: ItemParams,
        body: AdminShippingRestrictionUpdateBody,
        response: { 200: AdminShippingRestriction, ...errorResponses },
      },
    },
    async (request) => updateRestrictionByStaff(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/shipping-restrictions/:id/',
    { schema: { ...schema, params: ItemParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteRestrictionByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
