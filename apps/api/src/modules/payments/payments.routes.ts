import {
  AdminPaymentSettings,
  AdminPaymentSettingsBody,
  PaymentOptions,
  PaymentStatusRecord,
} from '@platform/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptFormBodies, errorResponses } from '../../lib/schemas.ts';
import { signedIn, staffOnly, tenantContext } from '../../plugins/request-context.ts';
import { acceptNotification, getPaymentStatus, returnFromGateway } from './card-payments.service.ts';
import { getPaymentSettings, updatePaymentSettings } from './payments.admin.ts';
import { getPaymentOptions } from './payments.service.ts';

/** `/payments/`: the shop's payment options and a customer's payment status record. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/options/',
    { schema: { tags: ['payments'], response: { 200: PaymentOptions, ...errorResponses } } },
    async (request) => getPaymentOptions(request.ctx),
  );

  app.get(
    '/payments/history/:uuid/',
    {
      onRequest: signedIn(),
      schema: {
        tags: ['payments'],
        security: [{ tenant: [], bearer: [] }],
        params: z.object({ uuid: z.string().max(64) }),
        response: { 200: PaymentStatusRecord, ...errorResponses },
      },
    },
    async (request) => getPaymentStatus(request.ctx, request.params.uuid),
  );
};

const ShopParams = z.object({ shop: z.string().min(1).max(128) });

/**
 * `/payments/2c2p/{shop}/…`: the addresses the card gateway calls without our headers, the shop named in the path.
 * The notification is believed only once its signature checks out; the browser return is never believed.
 */
export const paymentGatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(tenantContext, { fromParam: 'shop' });
  acceptFormBodies(app);
  const schema = { tags: ['payment gateway'], security: [] };

  app.post(
    '/payments/2c2p/:shop/notify/',
    {
      schema: {
        ...schema,
        params: ShopParams,
        body: z.object({
          payload: z
            .string()
            .min(1)
            .max(64 * 1024),
        }),
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      await acceptNotification(request.ctx, request.body);
      return { received: true as const };
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/payments/2c2p/:shop/return/:uuid/',
    schema: { ...schema, params: ShopParams.extend({ uuid: z.string().max(64) }) },
    handler: async (request, reply) => {
      const location = await returnFromGateway(request.ctx, request.params.uuid, request.body);
      return reply.redirect(location, 303);
    },
  });
};

/** `/admin/payment-settings/`: the shop's payment methods and card gateway, for the owner (the secret write-only). */
export const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly('owner'));
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };
  app.get(
    '/payment-settings/',
    { schema: { ...schema, response: { 200: AdminPaymentSettings, ...errorResponses } } },
    async (request) => getPaymentSettings(request.ctx),
  );
  app.patch(
    '/payment-settings/',
    {
      schema: { ...schema, body: AdminPaymentSettingsBody, response: { 200: AdminPaymentSettings, ...errorResponses } },
    },
    async (request) => updatePaymentSettings(request.ctx, request.body),
  );
};
