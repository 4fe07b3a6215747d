import { PaymentOptions, PaymentStatusRecord } from '@platform/contracts';
import { AdminPaymentSettings, AdminPaymentSettingsBody } from '@platform/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { acceptFormBodies, errorResponses } from '../../lib/schemas.ts';
import { signedIn, staffOnly } from '../../plugins/access.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { tenantContext } from '../tenants/index.ts';
import { acceptNotification, getPaymentStatus, returnFromGateway } from './card-payments.service.ts';
import { getPaymentSettings, updatePaymentSettings } from './payments.admin.ts';
import { getPaymentOptions } from './payments.service.ts';

/**
 * Per client address and shop. The notification's is generous: 2C2P's servers send every payment's notifications
 * from few addresses, and retry them (how often is not documented). A shopper's browser returns once per payment and
 * the status page asks once, then on demand.
 */
export const PAYMENT_RATE_LIMITS = {
  notify: { max: 300, timeWindow: '1 minute' },
  browserReturn: { max: 30, timeWindow: '1 minute' },
  status: { max: 60, timeWindow: '1 minute' },
} as const;

/** The body limit of the addresses the gateway calls: far above a notification (one short JWT) or a browser return. */
export const GATEWAY_BODY_LIMIT = 16 * 1024;

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
      config: routeRateLimit(PAYMENT_RATE_LIMITS.status),
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
      bodyLimit: GATEWAY_BODY_LIMIT,
      config: routeRateLimit(PAYMENT_RATE_LIMITS.notify),
      schema: {
        ...schema,
        params: ShopParams,
        body: z.object({ payload: z.string().min(1).max(GATEWAY_BODY_LIMIT) }),
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      await acceptNotification(request.ctx, request.body).catch((error: unknown) => {
        if (error instanceof AppError) {
          request.log.warn({ code: error.code, detail: error.detail }, 'card gateway notification refused');
        }
        throw error;
      });
      return { received: true as const };
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/payments/2c2p/:shop/return/:uuid/',
    bodyLimit: GATEWAY_BODY_LIMIT,
    config: routeRateLimit(PAYMENT_RATE_LIMITS.browserReturn),
    schema: { ...schema, params: ShopParams.extend({ uuid: z.string().max(64) }) },
    handler: async (request, reply) => {
      const location = await returnFromGateway(request.ctx, request.params.uuid, request.body);
      return reply.redirect(location, 303);
    },
  });
};

/** `/admin/payment-settings/`: the shop's payment methods and card gateway, for the owner (the secret write-only). */
export const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly('manage_settings'));
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
