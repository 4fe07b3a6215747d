import { AddCartItemBody, Cart, UpdateCartItemBody } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { requireUser } from '../../plugins/request-context.ts';
import { addItem, CART_AUTH_REQUIRED, clearCart, getCart, removeItem, updateItem } from './cart.service.ts';

const ItemParams = z.object({ itemId: z.coerce.number().int().positive().max(2_147_483_647) });
type ItemParams = z.infer<typeof ItemParams>;

/** `/orders/cart/`: the signed-in customer's server-side cart; every answer is the whole cart. */
export async function cartRoutes(app: FastifyInstance) {
  const media = app.deps.media;
  const schema = { tags: ['cart'], security: [{ tenant: [], bearer: [] }] };
  // Guests are refused before their body or parameters are looked at.
  app.addHook('onRequest', async (request) => {
    requireUser(request.ctx, CART_AUTH_REQUIRED);
  });

  app.get('/orders/cart/', { schema: { ...schema, response: { 200: Cart, ...errorResponses } } }, async (request) =>
    getCart(request.ctx, media),
  );

  app.post(
    '/orders/cart/add-item/',
    { schema: { ...schema, body: AddCartItemBody, response: { 200: Cart, ...errorResponses } } },
    async (request) => addItem(request.ctx, media, request.body as z.output<typeof AddCartItemBody>),
  );

  app.patch(
    '/orders/cart/items/:itemId/',
    {
      schema: { ...schema, params: ItemParams, body: UpdateCartItemBody, response: { 200: Cart, ...errorResponses } },
    },
    async (request) =>
      updateItem(
        request.ctx,
        media,
        (request.params as ItemParams).itemId,
        (request.body as UpdateCartItemBody).quantity,
      ),
  );

  app.delete(
    '/orders/cart/items/:itemId/',
    { schema: { ...schema, params: ItemParams, response: { 200: Cart, ...errorResponses } } },
    async (request) => removeItem(request.ctx, media, (request.params as ItemParams).itemId),
  );

  app.delete(
    '/orders/cart/clear/',
    { schema: { ...schema, response: { 200: Cart, ...errorResponses } } },
    async (request) => clearCart(request.ctx, media),
  );
}
