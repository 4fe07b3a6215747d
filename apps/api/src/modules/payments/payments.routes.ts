import { PaymentOptions } from '@platform/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { getPaymentOptions } from './payments.service.ts';

/** `/payments/`: the shop's payment options. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/options/',
    { schema: { tags: ['payments'], response: { 200: PaymentOptions, ...errorResponses } } },
    async (request) => getPaymentOptions(request.ctx),
  );
};
