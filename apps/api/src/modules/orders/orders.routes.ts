import { CreateOrderBody, Order, OrderListQuery, OrderPage } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BadRequestError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { pageAnswer, publicPageUrl } from '../../lib/urls.ts';
import { requireUser } from '../../plugins/request-context.ts';
import { createOrder, getOrder, listOrders } from './orders.service.ts';

const OrderParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
type OrderParams = z.infer<typeof OrderParams>;

/** Printable ASCII, as clients make them (UUIDs and the like). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** `/orders/orders/`: placing an order from the cart, and the customer's order history. */
export async function ordersRoutes(app: FastifyInstance) {
  const { media, mailer } = app.deps;
  const schema = { tags: ['orders'], security: [{ tenant: [], bearer: [] }] };
  // Guests are refused before their body or parameters are looked at.
  app.addHook('onRequest', async (request) => {
    requireUser(request.ctx);
  });

  app.post(
    '/orders/orders/',
    {
      schema: {
        ...schema,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: CreateOrderBody,
        response: { 200: Order, 201: Order, ...errorResponses },
      },
    },
    async (request, reply) => {
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new BadRequestError('Idempotency-Key must be 1 to 255 printable characters.', 'invalid_idempotency_key');
      }
      const { order, created } = await createOrder(request.ctx, { media, mailer }, request.body as CreateOrderBody, {
        idempotencyKey,
        orderPageUrl: (id) => publicPageUrl(request, `/account/orders/${id}`),
      });
      // A replay answers as the first request did, so that a client retrying after a lost answer reads the same.
      return reply.code(201).header('idempotent-replayed', String(!created)).send(order);
    },
  );

  app.get(
    '/orders/orders/',
    { schema: { ...schema, querystring: OrderListQuery, response: { 200: OrderPage, ...errorResponses } } },
    async (request) => pageAnswer(request, await listOrders(request.ctx, request.query as OrderListQuery)),
  );

  app.get(
    '/orders/orders/:id/',
    { schema: { ...schema, params: OrderParams, response: { 200: Order, ...errorResponses } } },
    async (request) => getOrder(request.ctx, media, (request.params as OrderParams).id),
  );
}
