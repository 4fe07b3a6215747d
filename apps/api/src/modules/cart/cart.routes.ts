import {
  AddCartItemBody,
  ApplyDiscountBody,
  Cart,
  CartQuery,
  QueryRowId,
  UpdateCartItemBody,
} from '@platform/contracts';
import { AdminAbandonedCartPage, AdminAbandonedCartQuery } from '@platform/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type RequestContext, requireUser } from '../../lib/context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { signedIn, staffOnly } from '../../plugins/access.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { DISCOUNT_CODE_RATE_LIMITS } from '../discounts/index.ts';
import { listAbandonedCarts } from './cart.reminders.ts';
import {
  addItem,
  applyDiscountCode,
  CART_AUTH_REQUIRED,
  cartDestination,
  clearCart,
  getCart,
  removeDiscountCode,
  removeItem,
  updateItem,
} from './cart.service.ts';

const CartItemParams = z.object({ itemId: QueryRowId });

/** How many orders a customer has placed: the orders module, above the cart, hands it down (a first order's code). */
export type PlacedOrders = (ctx: RequestContext, userId: number) => Promise<number>;

/**
 * `/orders/cart/`: the signed-in customer's server-side cart; every answer is the whole cart, at the prices of the
 * destination the query names (`?country=&region=`), else as the shop entered them.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ placedOrders: PlacedOrders }> = async (app, options) => {
  const schema = { tags: ['cart'], security: [{ tenant: [], bearer: [] }], querystring: CartQuery };
  const where = (request: { ctx: Parameters<typeof cartDestination>[0]; query: CartQuery }) =>
    cartDestination(request.ctx, request.query);
  app.addHook('onRequest', signedIn(CART_AUTH_REQUIRED));

  app.get('/orders/cart/', { schema: { ...schema, response: { 200: Cart, ...errorResponses } } }, async (request) =>
    getCart(request.ctx, await where(request)),
  );

  app.post(
    '/orders/cart/add-item/',
    { schema: { ...schema, body: AddCartItemBody, response: { 200: Cart, ...errorResponses } } },
    async (request) => addItem(request.ctx, request.body, await where(request)),
  );

  app.patch(
    '/orders/cart/items/:itemId/',
    {
      schema: {
        ...schema,
        params: CartItemParams,
        body: UpdateCartItemBody,
        response: { 200: Cart, ...errorResponses },
      },
    },
    async (request) =>
      updateItem(request.ctx, { itemId: request.params.itemId, quantity: request.body.quantity }, await where(request)),
  );

  app.delete(
    '/orders/cart/items/:itemId/',
    { schema: { ...schema, params: CartItemParams, response: { 200: Cart, ...errorResponses } } },
    async (request) => removeItem(request.ctx, request.params.itemId, await where(request)),
  );

  app.delete(
    '/orders/cart/clear/',
    { schema: { ...schema, response: { 200: Cart, ...errorResponses } } },
    async (request) => clearCart(request.ctx),
  );

  app.post(
    '/orders/cart/discount/',
    {
      config: routeRateLimit(DISCOUNT_CODE_RATE_LIMITS.perAddress, DISCOUNT_CODE_RATE_LIMITS.perAccount, {
        throttled: DISCOUNT_CODE_RATE_LIMITS.throttled,
      }),
      schema: { ...schema, body: ApplyDiscountBody, response: { 200: Cart, ...errorResponses } },
    },
    async (request) =>
      applyDiscountCode(
        request.ctx,
        { code: request.body.code, placedOrders: await options.placedOrders(request.ctx, requireUser(request.ctx).id) },
        await where(request),
      ),
  );

  app.delete(
    '/orders/cart/discount/',
    { schema: { ...schema, response: { 200: Cart, ...errorResponses } } },
    async (request) => removeDiscountCode(request.ctx, await where(request)),
  );
};

/** `/admin/abandoned-carts/`: the carts left behind (staff with the orders' permission). */
export const cartAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly('manage_orders'));
  app.get(
    '/abandoned-carts/',
    {
      schema: {
        tags: ['admin'],
        security: [{ tenant: [], bearer: [] }],
        querystring: AdminAbandonedCartQuery,
        response: { 200: AdminAbandonedCartPage, ...errorResponses },
      },
    },
    async (request) => listAbandonedCarts(request.ctx, request.query),
  );
};
