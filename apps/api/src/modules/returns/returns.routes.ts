import { ItemParams } from '@platform/contracts';
import {
  AdminReturn,
  AdminReturnListQuery,
  AdminReturnPage,
  OpenReturnBody,
  ReceiveReturnBody,
  RejectReturnBody,
} from '@platform/contracts/admin-returns';
import {
  GuestAnswer,
  GuestWithdrawalBody,
  OrderReturns,
  Return,
  WithdrawalBody,
  WithdrawalLinkBody,
  WithdrawalOrderQuery,
} from '@platform/contracts/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { signedIn, staffOnly } from '../../plugins/access.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import {
  getReturnForStaff,
  listReturnsForStaff,
  openReturnForStaff,
  receiveReturn,
  rejectReturn,
} from './returns.admin.ts';
import {
  CUSTOMER_RETURN_RATE_LIMITS,
  GUEST_WITHDRAWAL_RATE_LIMITS,
  WITHDRAWAL_LINK_OPEN_LIMIT,
} from './returns.limits.ts';
import {
  customerOrderReturns,
  guestOrderReturns,
  requestReturnAsCustomer,
  sendWithdrawalLink,
  withdrawAsCustomer,
  withdrawAsGuest,
} from './returns.service.ts';

const guestLimits = routeRateLimit(GUEST_WITHDRAWAL_RATE_LIMITS.perAddress, GUEST_WITHDRAWAL_RATE_LIMITS.perEmail, {
  throttled: GUEST_WITHDRAWAL_RATE_LIMITS.throttled,
});
const customerLimits = routeRateLimit(CUSTOMER_RETURN_RATE_LIMITS.perAddress, CUSTOMER_RETURN_RATE_LIMITS.perAccount);

/**
 * The withdrawal function (decision 023): `/orders/withdrawal/` for anyone holding an order's number and e-mail
 * address (answers that never tell whether the order exists), the link to an order's items, and the signed-in
 * customer's withdrawals, return requests and an order's returns under `/orders/orders/{id}/`.
 */
export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['returns'], security: [{ tenant: [] }] };

  app.post(
    '/orders/withdrawal/',
    {
      schema: { ...schema, body: GuestWithdrawalBody, response: { 202: GuestAnswer, ...errorResponses } },
      config: guestLimits,
    },
    async (request, reply) => reply.code(202).send(await withdrawAsGuest(request.ctx, request.body)),
  );

  app.post(
    '/orders/withdrawal/link/',
    {
      schema: { ...schema, body: WithdrawalLinkBody, response: { 202: GuestAnswer, ...errorResponses } },
      config: guestLimits,
    },
    async (request, reply) => reply.code(202).send(await sendWithdrawalLink(request.ctx, request.body)),
  );

  app.get(
    '/orders/withdrawal/order/',
    {
      schema: { ...schema, querystring: WithdrawalOrderQuery, response: { 200: OrderReturns, ...errorResponses } },
      config: routeRateLimit(WITHDRAWAL_LINK_OPEN_LIMIT),
    },
    async (request) => guestOrderReturns(request.ctx, request.query),
  );

  await app.register(customerReturnsRoutes);
};

/** The signed-in customer's withdrawals, return requests and an order's returns. */
const customerReturnsRoutes: FastifyPluginAsyncZod = async (customer) => {
  const schema = { tags: ['returns'], security: [{ tenant: [] }] };
  customer.addHook('onRequest', signedIn());
  const signed = { ...schema, security: [{ tenant: [], bearer: [] }], params: ItemParams };

  customer.post(
    '/orders/orders/:id/withdrawal/',
    {
      schema: { ...signed, body: WithdrawalBody, response: { 201: Return, ...errorResponses } },
      config: customerLimits,
    },
    async (request, reply) =>
      reply.code(201).send(await withdrawAsCustomer(request.ctx, request.params.id, request.body)),
  );

  customer.post(
    '/orders/orders/:id/returns/',
    {
      schema: { ...signed, body: WithdrawalBody, response: { 201: Return, ...errorResponses } },
      config: customerLimits,
    },
    async (request, reply) =>
      reply.code(201).send(await requestReturnAsCustomer(request.ctx, request.params.id, request.body)),
  );

  customer.get(
    '/orders/orders/:id/returns/',
    { schema: { ...signed, response: { 200: OrderReturns, ...errorResponses } } },
    async (request) => customerOrderReturns(request.ctx, request.params.id),
  );
};

/** `/admin/returns/`: the shop's returns for staff — list, detail, received, rejected, opened on a customer's behalf. */
export const returnsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly('manage_orders'));
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/returns/',
    { schema: { ...schema, querystring: AdminReturnListQuery, response: { 200: AdminReturnPage, ...errorResponses } } },
    async (request) => listReturnsForStaff(request.ctx, request.query),
  );

  app.post(
    '/returns/',
    { schema: { ...schema, body: OpenReturnBody, response: { 201: AdminReturn, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await openReturnForStaff(request.ctx, request.body)),
  );

  app.get(
    '/returns/:id/',
    { schema: { ...schema, params: ItemParams, response: { 200: AdminReturn, ...errorResponses } } },
    async (request) => getReturnForStaff(request.ctx, request.params.id),
  );

  app.post(
    '/returns/:id/receive/',
    {
      schema: {
        ...schema,
        params: ItemParams,
        body: ReceiveReturnBody,
        response: { 200: AdminReturn, ...errorResponses, 409: errorResponses[404] },
      },
    },
    async (request) => receiveReturn(request.ctx, request.params.id, request.body),
  );

  app.post(
    '/returns/:id/reject/',
    {
      schema: {
        ...schema,
        params: ItemParams,
        body: RejectReturnBody,
        response: { 200: AdminReturn, ...errorResponses, 409: errorResponses[404] },
      },
    },
    async (request) => rejectReturn(request.ctx, request.params.id, request.body),
  );
};
