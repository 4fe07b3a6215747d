import { PaymentOptions } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/schemas.ts';
import { getPaymentOptions } from './payments.service.ts';

/** `/payments/`: the shop's payment options. */
export async function paymentsRoutes(app: FastifyInstance) {
  app.get(
    '/payments/options/',
    { schema: { tags: ['payments'], response: { 200: PaymentOptions, ...errorResponses } } },
    async (request) => getPaymentOptions(request.ctx),
  );
}
