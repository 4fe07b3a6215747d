import { AdminItemParams } from '@platform/contracts/admin-content';
import {
  AdminShippingZone,
  AdminShippingZoneCreateBody,
  AdminShippingZoneListQuery,
  AdminShippingZonePage,
  AdminShippingZoneUpdateBody,
} from '@platform/contracts/shipping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import {
  createZoneByStaff,
  deleteZoneByStaff,
  getZoneForStaff,
  listZonesForStaff,
  updateZoneByStaff,
} from './shipping.admin.ts';

/** `/admin/shipping-zones/`: the shop's shipping zones, their countries, rates and delivery estimates (staff). */
export const shippingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly());
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/shipping-zones/',
    {
      schema: {
        ...schema,
        querystring: AdminShippingZoneListQuery,
        response: { 200: AdminShippingZonePage, ...errorResponses },
      },
    },
    async (request) => listZonesForStaff(request.ctx, request.query),
  );

  app.post(
    '/shipping-zones/',
    {
      schema: { ...schema, body: AdminShippingZoneCreateBody, response: { 201: AdminShippingZone, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await createZoneByStaff(request.ctx, request.body)),
  );

  app.get(
    '/shipping-zones/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 200: AdminShippingZone, ...errorResponses } } },
    async (request) => getZoneForStaff(request.ctx, request.params.id),
  );

  app.patch(
    '/shipping-zones/:id/',
    {
      schema: {
        ...schema,
        params: AdminItemParams,
        body: AdminShippingZoneUpdateBody,
        response: { 200: AdminShippingZone, ...errorResponses },
      },
    },
    async (request) => updateZoneByStaff(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/shipping-zones/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteZoneByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
